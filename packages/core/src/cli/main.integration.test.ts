/** Spawns the engine CLI as other programs do and checks the line-for-line contract. */
import { spawn } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePlanRequest, planTimeline } from '../scheduler/index';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** Three example requests kept beside the test, so a fresh clone can run it. */
const examplesPath = fileURLToPath(new URL('./fixtures/plan-requests.ndjson', import.meta.url));
/** Issue 11's two requests where every deadline can be met (src/scheduler/deadline-fixtures.test.ts). */
const meetablePath = fileURLToPath(
  new URL('../scheduler/fixtures/deadlines-all-meetable.ndjson', import.meta.url),
);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], input: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** The compiled engine (built from the sources first when they are newer). */
const engine = (input: string, ...extra: string[]) =>
  run(process.execPath, ['packages/core/scripts/engine.cjs', 'plan', ...extra], input);
const outputLines = (result: Run) => result.stdout.split('\n').slice(0, -1);
const exampleLines = () => readFileSync(examplesPath, 'utf8').split('\n').filter(Boolean);

describe('engine CLI', () => {
  it('answers the shared example requests through the root npm script', async () => {
    const result = await run(
      'npm',
      ['run', '--silent', 'engine', '--', 'plan'],
      readFileSync(examplesPath, 'utf8'),
    );
    expect(result.code).toBe(0);
    const lines = outputLines(result);
    const examples = exampleLines();
    expect(lines).toHaveLength(examples.length);
    lines.forEach((line, i) => {
      expect(JSON.parse(line)).toEqual(
        planTimeline(parsePlanRequest(JSON.parse(examples[i] as string))),
      );
    });
  }, 60_000);

  it("meets every deadline of issue 11's two requests through the root npm script", async () => {
    const input = readFileSync(meetablePath, 'utf8');
    const result = await run('npm', ['run', '--silent', 'engine', '--', 'plan'], input);
    expect(result.code).toBe(0);
    const lines = outputLines(result);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('"late":[]');
      expect(JSON.parse(line)).toMatchObject({ late: [], unplanned: [] });
    }
  }, 60_000);

  it('answers every line in order, bad lines with an error, and carries on', async () => {
    const [good] = exampleLines();
    const missing = JSON.stringify({ ...JSON.parse(good as string), tasks: undefined });
    const wrongType = JSON.stringify({ ...JSON.parse(good as string), now: 'soon' });
    const input = [good, '{oops', missing, '', wrongType, '[]', good].join('\r\n');
    const result = await engine(input);
    expect(result.code).toBe(0);
    const answers = outputLines(result).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers).toHaveLength(7);
    expect(answers[0]).toHaveProperty('timeblocks');
    expect(answers[1]?.error).toMatch(/^invalid JSON/);
    expect(answers[2]).toEqual({ error: 'tasks: missing' });
    expect(answers[3]).toEqual({ error: 'empty line: expected one PlanRequest JSON object' });
    expect(answers[4]).toEqual({ error: 'now: expected an integer (milliseconds), got "soon"' });
    expect(answers[5]).toEqual({ error: 'request: expected an object, got an array' });
    expect(answers[6]).toEqual(answers[0]);
  }, 60_000);

  it('streams a large input and refuses an over-long line without stopping', async () => {
    const [good] = exampleLines();
    const many = Array.from({ length: 2000 }, () => good).join('\n');
    const input = `${'x'.repeat(200_000)}\n${many}\n`;
    const result = await engine(input, '--max-line-bytes', '100000');
    expect(result.code).toBe(0);
    const lines = outputLines(result);
    expect(lines).toHaveLength(2001);
    expect(JSON.parse(lines[0] as string)).toEqual({
      error: 'line too long: 200000 bytes, the limit is 100000',
    });
    expect(new Set(lines.slice(1)).size).toBe(1);
  }, 60_000);

  it('explains its usage on an unknown command', async () => {
    const result = await run(
      process.execPath,
      ['--import', 'tsx', 'packages/core/src/cli/main.ts', 'frobnicate'],
      '',
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('usage: npm run --silent engine -- plan');
  }, 60_000);

  it('makes its bundle again when a file it was made from is newer', async () => {
    const bundle = fileURLToPath(new URL('../../dist/engine.cjs', import.meta.url));
    await engine('');
    const past = new Date('2001-01-01T00:00:00Z');
    utimesSync(bundle, past, past);
    const result = await engine(exampleLines()[0] as string);
    expect(result.code).toBe(0);
    expect(outputLines(result)).toHaveLength(1);
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(past.getTime());
  }, 60_000);
});
