/**
 * Stable re-plans and shape limits through the engine CLI: generated requests of every kind of
 * change go in as lines, and each answer keeps the promises the property tests check in process.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlanRequest, planTimeline } from '../scheduler/index';
import type { PlanRequest, PlanResult } from '../scheduler/index';
import { expectShapeHolds, shapedInstance } from '../scheduler/shape-test-support';
import {
  expectMovedListed,
  expectOnlyForcedMoves,
  scenarios,
  withoutPrevious,
} from '../scheduler/stable-test-support';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function runEngine(lines: readonly string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['packages/core/scripts/engine.cjs', 'plan'], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('error', reject);
    child.on('close', () => resolve(stdout.split('\n').slice(0, -1)));
    child.stdin.end(`${lines.join('\n')}\n`);
  });
}

/** Requests as JSON lines, read back through the contract's parser as the CLI reads them. */
async function throughCli(requests: readonly PlanRequest[]): Promise<PlanResult[]> {
  const lines = requests.map((r) => JSON.stringify(r));
  const answers = await runEngine(lines);
  expect(answers).toHaveLength(lines.length);
  return answers.map((answer, i) => {
    const result = JSON.parse(answer) as PlanResult;
    expect(result).toEqual(planTimeline(parsePlanRequest(JSON.parse(lines[i] as string))));
    return result;
  });
}

describe('engine CLI: stable re-plans and shape limits', () => {
  it('moves only what each change forces, with reasons, and keeps the fewest late', async () => {
    const roomy = fc.sample(scenarios({ isTight: false }, planTimeline), 60);
    const tight = fc.sample(scenarios({ isTight: true }, planTimeline), 60);
    const all = [...roomy, ...tight];
    const results = await throughCli(all.map((s) => s.after));
    results.forEach((result, i) => {
      const scenario = all[i] as (typeof all)[number];
      expect(result.moved).toBeDefined();
      expectMovedListed(scenario, result);
      expectOnlyForcedMoves(scenario, result);
      const scratch = planTimeline(withoutPrevious(scenario.after));
      expect(result.late.length).toBe(scratch.late.length);
      if (i < roomy.length) expect(result.late).toEqual([]);
    });
  }, 60_000);

  it('keeps the shape limits on every answer', async () => {
    const requests = [
      ...fc.sample(shapedInstance(false), 40),
      ...fc.sample(shapedInstance(true), 40),
    ];
    const results = await throughCli(requests);
    results.forEach((result, i) => expectShapeHolds(requests[i] as PlanRequest, result));
  }, 60_000);
});
