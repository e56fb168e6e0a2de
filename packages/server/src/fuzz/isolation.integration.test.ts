import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods } from '@planner/protocol';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpPlanner, type Planner } from '../timeline/planning-test-kit';
import { buildOwnerWorld, ownerSnapshot, SECRET, type OwnerWorld } from './owner-world';
import { probeBody } from './probe-bodies';

/** Methods not called with the owner's ids here, and why. */
const NOT_PROBED: Record<string, string> = {
  Chain: 'every other probe is sent again as a one-step Chain',
};

/** Methods whose refusals may quote the caller's input; their answers are still checked for titles. */
const SIGN_IN_METHODS = new Set(['CreateUser', 'CreateSession', 'ResetPassword']);

let server: TestServer;
let world: OwnerWorld;
let prober: Planner;

beforeAll(async () => {
  server = await startTestServer();
  world = await buildOwnerWorld(server);
  prober = await signUpPlanner(server, { premiumLevel: 2 });
});
afterAll(() => server.close());

interface Probe {
  method: string;
  target: string;
  status: number;
  text: string;
}

async function send(method: string, body: unknown): Promise<{ status: number; text: string }> {
  const answer = await server.postJson(method, body, {
    authorization: `Bearer ${prober.token}`,
  });
  return { status: answer.status, text: JSON.stringify(answer.body) };
}

async function probeMethod(name: string): Promise<Probe[]> {
  const method = methods.get(name);
  if (!method) throw new Error(`no method ${name}`);
  const probes: Probe[] = [];
  const sent = new Set<string>();
  for (const target of world.targets) {
    const body = probeBody(method.input, {
      target,
      ownerEmail: world.owner.email,
      ownCategoryId: prober.categoryId,
    });
    // Bodies that name no id come out alike for many targets: each is sent once.
    const key = JSON.stringify(body);
    if (sent.has(key)) continue;
    sent.add(key);
    const label = `${target.kind} ${target.id}`;
    probes.push({ method: name, target: label, ...(await send(name, body)) });
    const chained = await send('Chain', { steps: [{ method: name, data: body }] });
    probes.push({ method: `Chain/${name}`, target: label, ...chained });
  }
  return probes;
}

/** A probe whose answer shows the owner's data: a title or note, or an id in a success. */
function leaks(probe: Probe): string | undefined {
  if (probe.text.includes(SECRET)) return SECRET;
  if (probe.status >= 300 || SIGN_IN_METHODS.has(probe.method)) return undefined;
  const chainFailed = probe.method.startsWith('Chain/') && !probe.text.includes('"errorIndex":-1');
  if (chainFailed) return undefined;
  return world.privateIds.find((id) => probe.text.includes(id));
}

const probed = [...methods.keys()].filter((name) => !(name in NOT_PROBED));
let before: unknown;

describe("another user calling every method with the owner's ids", () => {
  beforeAll(async () => {
    before = await ownerSnapshot(world);
    expect(JSON.stringify(before)).toContain(SECRET);
  });

  it.each(probed)('%s reads nothing of the owner and never faults', async (name) => {
    const probes = await probeMethod(name);
    const faults = probes.filter((p) => p.status >= 500);
    expect(faults.map((p) => `${p.method} (${p.target}): ${p.status} ${p.text}`)).toEqual([]);
    const leaked = probes
      .map((p) => ({ p, what: leaks(p) }))
      .filter(({ what }) => what !== undefined)
      .map(({ p, what }) => `${p.method} (${p.target}) showed ${what}: ${p.text.slice(0, 300)}`);
    expect(leaked).toEqual([]);
  });

  it("leaves the owner's account as it was, and the prober signed in", async () => {
    expect(await ownerSnapshot(world)).toEqual(before);
    // Had a probe ended the prober's session, the probes after it would prove nothing.
    const profile = await prober.client.call('GetUserProfile');
    expect(profile.user?.id).toBe(prober.userId);
  });
});
