/**
 * The engine CLI's first answer: from spawning `node packages/core/scripts/engine.cjs plan` with
 * one request of src/cli/fixtures/plan-requests.ndjson on its input to the first output line
 * (issue 30: within 100 ms of start). Beside it, in the same run, a bare `node` writing one line,
 * so a slower or busier machine shows as both growing. Run: npm run bench -w @planner/core
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BUDGET_MS = 100;
const RUNS = 31;
const coreDir = fileURLToPath(new URL('..', import.meta.url));
const request = `${readFileSync(`${coreDir}/src/cli/fixtures/plan-requests.ndjson`, 'utf8').split('\n')[0]}\n`;

/** Milliseconds from spawn to the first byte on standard output. */
async function firstLineAfter(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: coreDir, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.on('close', resolve));
  child.stdin.write(request);
  const elapsed = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', () => resolve(performance.now() - started));
    child.once('error', reject);
  });
  child.stdin.end();
  await exited;
  return elapsed;
}

async function times(args: readonly string[]): Promise<number[]> {
  const measured: number[] = [];
  for (let run = 0; run < RUNS; run += 1) measured.push(await firstLineAfter(args));
  return measured.sort((a, b) => a - b);
}

const median = (sorted: readonly number[]) => sorted[sorted.length >> 1] ?? NaN;
const summary = (sorted: readonly number[]) =>
  `median ${median(sorted).toFixed(1)} ms, least ${(sorted[0] ?? NaN).toFixed(1)} ms`;

await firstLineAfter(['scripts/engine.cjs', 'plan']); // builds the bundle if it is stale
const engine = await times(['scripts/engine.cjs', 'plan']);
const bare = await times(['-e', "process.stdout.write('ready\\n')"]);
console.log(`engine CLI first answer (${RUNS} runs): ${summary(engine)}`);
console.log(
  `bare node first line: ${summary(bare)}; the engine's own part ${(median(engine) - median(bare)).toFixed(1)} ms`,
);
console.log(
  median(engine) < BUDGET_MS
    ? `budget met: first answer ${median(engine).toFixed(1)} ms < ${BUDGET_MS} ms`
    : `OVER BUDGET: first answer ${median(engine).toFixed(1)} ms >= ${BUDGET_MS} ms`,
);
