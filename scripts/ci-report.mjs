// Where CI's time went: each step's seconds (from the steps file .ci/run writes, "name seconds"
// per line) and the ten slowest test files across the Vitest and Playwright JSON reports given.
//
//   node scripts/ci-report.mjs --steps <file> [--top 10] <report.json>...
//
// A Vitest report's file time is its run (end - start); a Playwright report's is the sum of its
// tests' durations in one project (files run side by side, so those times overlap in the wall
// clock). Test counts per report are printed too: what ran, where.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
let stepsFile;
let top = 10;
const reports = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--steps') stepsFile = args[++i];
  else if (args[i] === '--top') top = Number(args[++i]);
  else reports.push(args[i]);
}

const root = process.cwd();
const pad = (text, width) => String(text).padEnd(width);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

if (stepsFile && existsSync(stepsFile)) {
  const steps = readFileSync(stepsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const at = line.lastIndexOf(' ');
      return { name: line.slice(0, at), seconds: Number(line.slice(at + 1)) };
    });
  const total = steps.reduce((sum, step) => sum + step.seconds, 0);
  console.log('\nSteps (wall seconds):');
  for (const step of steps)
    console.log(`  ${pad(step.name, 44)} ${String(step.seconds).padStart(5)}`);
  console.log(`  ${pad('total', 44)} ${String(total).padStart(5)}`);
}

/** Vitest's JSON report (jest's shape): one entry per file. */
function vitestFiles(report, label) {
  return report.testResults.map((file) => {
    const counts = {};
    for (const test of file.assertionResults) counts[test.status] = (counts[test.status] ?? 0) + 1;
    const path = relative(root, file.name);
    const project = /^packages\/([^/]+)\//.exec(path)?.[1] ?? '';
    return {
      where: `${label} ${project}`,
      file: path,
      ms: Math.max(0, file.endTime - file.startTime),
      counts,
    };
  });
}

/** Playwright's JSON report: suites per file, specs, a test per project with its results. */
function playwrightFiles(report, label) {
  const byKey = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${file}\0${test.projectName}`;
        const entry = byKey.get(key) ?? {
          where: `${label} ${test.projectName}`,
          file,
          ms: 0,
          counts: {},
        };
        for (const result of test.results) entry.ms += result.duration;
        const status = test.status === 'expected' ? 'passed' : test.status;
        entry.counts[status] = (entry.counts[status] ?? 0) + 1;
        byKey.set(key, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? suite.title);
  return [...byKey.values()];
}

const files = [];
const totals = [];
for (const path of reports) {
  if (!existsSync(path)) {
    console.log(`\n(no report at ${path})`);
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const label = relative(root, path)
    .replace(/^.*\//, '')
    .replace(/\.json$/, '');
  const entries = report.testResults ? vitestFiles(report, label) : playwrightFiles(report, label);
  files.push(...entries);
  const byWhere = new Map();
  for (const entry of entries) {
    const sum = byWhere.get(entry.where) ?? {};
    for (const [status, n] of Object.entries(entry.counts)) sum[status] = (sum[status] ?? 0) + n;
    byWhere.set(entry.where, sum);
  }
  for (const [where, counts] of byWhere) totals.push({ where, counts });
}

if (totals.length > 0) {
  console.log('\nTest cases per run:');
  for (const { where, counts } of totals) {
    const text = Object.entries(counts)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ');
    console.log(`  ${pad(where, 44)} ${text}`);
  }
}

if (files.length > 0) {
  console.log(`\nThe ${top} slowest test files:`);
  for (const entry of files.sort((a, b) => b.ms - a.ms).slice(0, top)) {
    console.log(`  ${seconds(entry.ms).padStart(8)}  ${pad(entry.where, 24)} ${entry.file}`);
  }
}
