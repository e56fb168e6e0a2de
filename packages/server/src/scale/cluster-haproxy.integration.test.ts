import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPushEndpoint, type TestSubscription } from '../notifications/testing/push-endpoint';
import { haproxyBinary, startCluster, type Cluster, type ClusterNode } from './cluster';
import { call, openLiveStream, type LiveStream } from './cluster-client';
import { writeLoad, type WriteLoadResult } from './write-load';

/**
 * Three server nodes on their own ports, Debian's HAProxy in front, one PostgreSQL: what a
 * person who outgrows one machine runs (docs/running-in-production.md). Everything goes through
 * HAProxy, as clients would; a node's own port is used only to ask that node directly.
 */
const url = process.env.DATABASE_URL;
const haproxy = haproxyBinary();
// In CI the test must run: a missing haproxy fails it there instead of skipping.
const skip = !url || (!haproxy && !process.env.CI);
if (skip) {
  console.warn(
    `cluster-haproxy: skipped (${url ? 'haproxy is not installed: apt-get install -y haproxy' : 'no DATABASE_URL'})`,
  );
}

const PASSWORD = 'correct horse battery staple 42';
/** The proxy's idle timeouts; streams send a heartbeat every second, so they outlive it. */
const IDLE_TIMEOUT_S = 3;
const T0 = Date.UTC(2026, 0, 5, 9, 0);
const MINUTE = 60_000;

interface User {
  token: string;
  categoryId: string;
}

describe.skipIf(skip)('three nodes behind HAProxy on one PostgreSQL', () => {
  let cluster: Cluster;
  let node: (name: string) => ClusterNode;
  let user: User;
  let push: TestPushEndpoint;
  let subscription: TestSubscription;
  const streams: LiveStream[] = [];
  const report: string[] = [];

  const signUp = async (email: string): Promise<User> => {
    const created = await call(cluster.url, 'CreateUser', { email, password: PASSWORD });
    expect(created.status).toBe(200);
    const token = String(created.body.authToken);
    const { body } = await call(cluster.url, 'GetCategories', {}, { token });
    const categories = body.categories as { id: string }[];
    return { token, categoryId: categories[0]?.id ?? '' };
  };

  beforeAll(async () => {
    cluster = await startCluster({
      nodes: 3,
      idleTimeoutSeconds: IDLE_TIMEOUT_S,
      env: {
        EVERYONE_UNLIMITED: '1',
        // Each node's clock is set to the same instant below (the reminder's due time).
        PLANNER_TEST_CLOCK: '1',
        STREAM_HEARTBEAT_SECONDS: '1',
        DRAIN_SECONDS: '1.5',
      },
    });
    node = (name) => cluster.nodes.find((n) => n.name === name) as ClusterNode;
    const setClocks = (now: number) =>
      Promise.all(
        cluster.nodes.map((n) =>
          fetch(`${n.url}/api/_test/SetClock`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ now }),
          }),
        ),
      );
    await setClocks(T0);
    user = await signUp('cluster@example.com');
    // A reminder due in ten minutes, for a browser's push subscription: once every node's clock
    // reaches it, the notification pass (on the shared queue) sends it once in the cluster.
    push = new TestPushEndpoint();
    await push.start();
    subscription = push.subscription();
    const device = await call(
      cluster.url,
      'RegisterDevice',
      { fcmDeviceToken: subscription.token, deviceType: 'web' },
      { token: user.token },
    );
    expect(device.status).toBeLessThan(300);
    const reminder = await call(
      cluster.url,
      'CreateReminder',
      { reminder: { title: 'Once', start: T0 + 10 * MINUTE, allDay: false } },
      { token: user.token },
    );
    expect(reminder.status).toBeLessThan(300);
    await setClocks(T0 + 10 * MINUTE);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await cluster?.stop();
    await push?.close();
    if (report.length > 0) console.log(`cluster-haproxy:\n  ${report.join('\n  ')}`);
  }, 30_000);

  it('a change made through one node reaches live streams on the others within a second', async () => {
    for (let i = 0; i < 3; i += 1) streams.push(await openLiveStream(cluster.url, user.token));
    for (const stream of streams) await stream.next((f) => f.text.startsWith('event: ready'));
    const servers = new Set(streams.map((stream) => stream.servedBy));
    expect(servers.size).toBe(3);

    const sent = performance.now();
    const change = await call(
      cluster.url,
      'SetTimelineState',
      { autoExtend: false },
      { token: user.token },
    );
    expect(change.status).toBeLessThan(300);
    const arrivals = await Promise.all(
      streams.map((stream) => stream.next((f) => f.text.includes('timelineStateUpdated'))),
    );
    const slowest = Math.max(...arrivals.map((frame) => frame.at - sent));
    report.push(
      `change made on ${change.servedBy}, on every stream after ${slowest.toFixed(0)} ms`,
    );
    expect(streams.filter((s) => s.servedBy !== change.servedBy)).toHaveLength(2);
    expect(slowest).toBeLessThan(1000);
  });

  it('counts an attempt limit over every node', async () => {
    // Five password resets per e-mail an hour: counted in each process, three nodes would
    // have allowed fifteen.
    const answers = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push(
        await call(cluster.url, 'RequestPasswordReset', { email: 'cluster@example.com' }),
      );
    }
    expect(answers.map((a) => (a.status < 300 ? 'ok' : a.status))).toEqual([
      ...Array.from({ length: 5 }, () => 'ok'),
      429,
      429,
      429,
    ]);
    expect(new Set(answers.map((a) => a.servedBy)).size).toBe(3);
  });

  it('serves an avatar uploaded through one node from every node', async () => {
    const form = await call(
      cluster.url,
      'CreateFile',
      { filename: 'me.png', purpose: 'avatar' },
      { token: user.token },
    );
    expect(form.status).toBe(200);
    const { postUrl, file, s3FormData } = form.body as {
      postUrl: string;
      file: { id: string; url: string };
      s3FormData: Record<string, string>;
    };
    const body = new FormData();
    for (const [name, value] of Object.entries(s3FormData)) body.append(name, value);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    body.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(postUrl, { method: 'POST', body });
    expect(uploaded.status).toBe(204);
    const uploadedBy = uploaded.headers.get('x-served-by');

    const served = await Promise.all(
      cluster.nodes.map(async (n) => {
        const response = await fetch(`${n.url}/files/${file.id}`);
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    expect(served.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(served[1]?.bytes.equals(served[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(served[2]?.bytes.equals(served[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    report.push(`avatar uploaded through ${uploadedBy ?? '?'}, served by all three`);
  });

  it('caps the live streams of one person over every node', async () => {
    const other = await signUp('many-tabs@example.com');
    const open: LiveStream[] = [];
    try {
      for (let i = 0; i < 20; i += 1) open.push(await openLiveStream(cluster.url, other.token));
      expect(open.map((s) => s.status)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(new Set(open.map((s) => s.servedBy)).size).toBe(3);
      const refused = await openLiveStream(cluster.url, other.token);
      open.push(refused);
      expect(refused.status).toBe(429);
      // One tab closes: its slot is given back, wherever it was, and another tab gets one.
      await open[0]?.close();
      const rows = () =>
        cluster.query<{ n: string }>(
          `select count(*) as n from stream_slots s join users u using (user_id)
           where u.email = 'many-tabs@example.com'`,
        );
      await expect.poll(async () => Number((await rows())[0]?.n), { timeout: 5000 }).toBe(19);
      const again = await openLiveStream(cluster.url, other.token);
      open.push(again);
      expect(again.status).toBe(200);
    } finally {
      await Promise.all(open.map((s) => s.close()));
    }
  });

  it('keeps live streams open past the proxy idle timeout, on heartbeats', async () => {
    const [stream] = streams;
    if (!stream) throw new Error('no stream');
    const opened = stream.frames[0]?.at ?? 0;
    // A heartbeat that arrived more than the proxy's idle timeout after the stream opened.
    await stream.next(
      (f) => f.text.startsWith(':') && f.at - opened > (IDLE_TIMEOUT_S + 1) * 1000,
      (IDLE_TIMEOUT_S + 3) * 1000,
    );
    expect(stream.ended()).toBe(false);
    const events = stream.events().length;
    await call(cluster.url, 'SetTimelineState', { autoExtend: true }, { token: user.token });
    await stream.next(
      (f) => f.text.includes('timelineStateUpdated') && stream.events().length > events,
    );
  });

  it('sends a due notification once, whichever node runs the pass', async () => {
    // Every node offers the pass each 30 s; the queue runs one per slot.
    await expect
      .poll(() => subscription.received().length, { timeout: 40_000, interval: 200 })
      .toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(subscription.received().map((p) => p.payload.title)).toEqual(['Once']);
  }, 50_000);

  it('loses no acknowledged write when a node is killed under load', async () => {
    const victim = node('node2');
    const load = writeLoad({
      baseUrl: cluster.url,
      token: user.token,
      categoryId: user.categoryId,
      writers: 6,
      durationMs: 5000,
      label: 'kill',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    victim.child.kill('SIGKILL');
    const result = await load;
    await checkWrites(result, 'SIGKILL node2');
    expect(result.byNode.node1).toBeGreaterThan(0);
    expect(result.byNode.node3).toBeGreaterThan(0);
    expect(await victim.exited).toBeNull();
  }, 30_000);

  it('cuts no request when a node drains on SIGTERM', async () => {
    const drained = node('node3');
    const load = writeLoad({
      baseUrl: cluster.url,
      token: user.token,
      categoryId: user.categoryId,
      writers: 6,
      durationMs: 4500,
      label: 'drain',
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    drained.child.kill('SIGTERM');
    const result = await load;
    await checkWrites(result, 'SIGTERM node3');
    expect(result.failures).toEqual([]);
    expect(await drained.exited).toBe(0);
  }, 30_000);

  /** Every acknowledged write is in the database, once; the numbers go to the report. */
  async function checkWrites(result: WriteLoadResult, what: string): Promise<void> {
    const label = result.acknowledged[0]?.split('-')[0] ?? '';
    const rows = await cluster.query<{ title: string }>(
      `select t.title from tasks t join users u using (user_id)
       where u.email = 'cluster@example.com' and t.title like $1`,
      [`${label}-%`],
    );
    const stored = rows.map((row) => row.title);
    const lost = result.acknowledged.filter((title) => !stored.includes(title));
    report.push(
      `${what}: ${result.acknowledged.length} writes acknowledged in ${result.calls} calls ` +
        `(${JSON.stringify(result.byNode)}), ${result.failures.length} failed calls over ` +
        `${result.errorWindowMs.toFixed(0)} ms, slowest write ${result.slowestWriteMs.toFixed(0)} ms, ` +
        `${lost.length} acknowledged writes lost, ${stored.length - new Set(stored).size} stored twice`,
    );
    // Every writer got writes through (a loaded machine makes fewer; none may be lost).
    expect(result.acknowledged.length).toBeGreaterThanOrEqual(12);
    expect(lost).toEqual([]);
    expect(stored.length).toBe(new Set(stored).size);
  }
});
