/**
 * The mixed load (mixed-load.bench.ts) through Debian's HAProxy in front of three server nodes,
 * against one node alone, on one PostgreSQL (src/scale/cluster.ts starts them as the multi-node
 * test does). `DATABASE_URL=postgres://… node --import tsx bench/cluster-load.ts [rounds]`.
 * The nodes run with the test clock set to the benchmark's instant, so the work per call is the
 * mixed load's. On a machine with few cores the nodes share them: the figures show what the
 * proxy and the shared state cost, not what more machines would give.
 */
import { loadavg } from 'node:os';
import { startCluster, type Cluster } from '../src/scale/cluster';
import { drive, makeUser, MIX, prepareRequests, USERS, type LoadUser } from './mixed-load.bench';
import { BENCH_NOW } from './seed';

async function setClocks(cluster: Cluster): Promise<void> {
  for (const node of cluster.nodes) {
    await fetch(`${node.url}/api/_test/SetClock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: BENCH_NOW }),
    });
  }
}

async function measure(label: string, port: number, users: LoadUser[]): Promise<void> {
  const groups = prepareRequests(users, MIX);
  await drive(port, groups, 2);
  const result = await drive(port, groups, 10);
  const failed = result.errors + result.non2xx;
  console.log(
    `${label}: ${Math.round(result.requests.total / result.duration)} calls/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${failed} failed; ` +
      `load average ${loadavg()[0]?.toFixed(1)}`,
  );
}

async function run(nodes: number): Promise<void> {
  const cluster = await startCluster({
    nodes,
    env: { PLANNER_TEST_CLOCK: '1', RATE_LIMITS: 'off', LOG_LEVEL: 'error' },
  });
  try {
    await setClocks(cluster);
    const users: LoadUser[] = [];
    for (let i = 0; i < USERS; i += 4) {
      users.push(
        ...(await Promise.all([0, 1, 2, 3].map((k) => makeUser(`${cluster.url}/api`, i + k)))),
      );
    }
    const proxyPort = Number(new URL(cluster.url).port);
    await measure(`${nodes} node${nodes > 1 ? 's' : ''} through HAProxy`, proxyPort, users);
    if (nodes === 1) await measure('1 node alone', cluster.nodes[0]?.port ?? 0, users);
  } finally {
    await cluster.stop();
  }
}

const rounds = Number(process.argv[2] ?? '1');
for (let round = 0; round < rounds; round += 1) {
  await run(1);
  await run(3);
}
