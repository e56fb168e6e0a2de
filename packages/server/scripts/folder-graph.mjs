// Measures the server's house: the import graph between folders of src/ (value imports only,
// tests left out), the files that build SQL outside repositories, the files that publish changes
// by hand, and the functions over 60 lines. `node packages/server/scripts/folder-graph.mjs [--json]`
/* global process, console */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const src = resolve(
  process.argv.find((a, i) => i > 1 && !a.startsWith('--')) ??
    resolve(dirname(fileURLToPath(import.meta.url)), '../src'),
);

// The intended floors, top first; a folder not named sits with the domains.
const floors = [
  ['app', 'main', 'serve', 'cluster', 'index', 'admin', 'fuzz', 'testing', 'scale'],
  // what works on the plan once made: reminders of it, calendars that publish it, the data export
  ['notifications', 'caldav', 'google-calendar', 'ics-feed', 'apple-calendar', 'account-data'],
  ['timeline'],
  [], // item and account domains (everything not named)
  [
    'rpc',
    'db',
    'realtime',
    'jobs',
    'mail',
    'config',
    'clock',
    'net',
    'metrics',
    'http-listener',
    'security-headers',
    'secrets',
    'plan-store',
    'static-files',
    'configured-database',
    'service-deps',
    'google',
  ],
];
const floorOf = (folder) => {
  const i = floors.findIndex((names) => names.includes(folder));
  return i === -1 ? 3 : i;
};

/** Fakes and drivers under a domain's testing/ folder serve tests only. */
const isTestHelper = (path) => /\/src\/[^/]+\/testing\//.test(path);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !isTestHelper(path) ? [path] : [];
  });
}

const folderOf = (file) => {
  const rel = relative(src, file).split('/');
  return rel.length === 1 ? rel[0].replace(/\.ts$/, '') : rel[0];
};

const files = walk(src);
const edges = new Map(); // "a -> b" => count
const sqlFiles = [];
const publishFiles = [];
const longFunctions = [];
const isRepository = (rel) =>
  /-repository\.ts$/.test(rel) || rel.startsWith('db/') || rel.includes('/migrations/');
const isRuntime = (rel) =>
  ['rpc/', 'realtime/', 'plan-store/'].some((folder) => rel.startsWith(folder)) ||
  rel === 'timeline/planner.ts';

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = relative(src, file);
  const from = folderOf(file);
  let buildsSql = false;
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier && node.moduleSpecifier.text;
      const typeOnly = ts.isImportDeclaration(node)
        ? node.importClause?.isTypeOnly ||
          (node.importClause &&
            !node.importClause.name &&
            node.importClause.namedBindings &&
            ts.isNamedImports(node.importClause.namedBindings) &&
            node.importClause.namedBindings.elements.length > 0 &&
            node.importClause.namedBindings.elements.every((e) => e.isTypeOnly))
        : node.isTypeOnly;
      if (spec === 'kysely' && !typeOnly) buildsSql = true;
      if (spec && spec.startsWith('.') && !typeOnly) {
        const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
        const to = folderOf(target);
        if (to !== from) edges.set(`${from} -> ${to}`, (edges.get(`${from} -> ${to}`) ?? 0) + 1);
      }
    }
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      if (['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto'].includes(name))
        buildsSql = true;
    }
    if (ts.isFunctionLike(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      if (end - start + 1 > 60) {
        let name = node.name?.getText() ?? '';
        if (!name && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText();
        if (!name && ts.isPropertyAssignment(node.parent)) name = node.parent.name.getText();
        longFunctions.push(`${rel}:${start + 1} ${name || '(anonymous)'} ${end - start + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (/\bsql`|\bsql\.(raw|ref|lit|table|id|join)\b/.test(text)) buildsSql = true;
  if (buildsSql && !isRepository(rel)) sqlFiles.push(rel);
  // Publishing by hand: calls (not definitions) of the old ways, outside the runtime's own parts.
  // Background work's publishChange and a method's declared changes (`changes`, or `mayChange`
  // reported with `ctx.changed`) are the ways kept.
  const handPublishing = /(?<!function )\b(notifyChange|recordChange)\(|\.notify\(|\.publish\(\{/;
  if (!isRuntime(rel) && handPublishing.test(text)) publishFiles.push(rel);
}

// Strongly connected components (Tarjan) over folders.
const adjacency = new Map();
for (const key of edges.keys()) {
  const [a, b] = key.split(' -> ');
  if (!adjacency.has(a)) adjacency.set(a, new Set());
  if (!adjacency.has(b)) adjacency.set(b, new Set());
  adjacency.get(a).add(b);
}
let index = 0;
const stack = [];
const meta = new Map();
const components = [];
function strongConnect(v) {
  meta.set(v, { index, low: index, onStack: true });
  index += 1;
  stack.push(v);
  for (const w of adjacency.get(v)) {
    if (!meta.has(w)) {
      strongConnect(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const v of adjacency.keys()) if (!meta.has(v)) strongConnect(v);

const mutual = [];
for (const key of edges.keys()) {
  const [a, b] = key.split(' -> ');
  if (a < b && edges.has(`${b} -> ${a}`))
    mutual.push(`${a}<->${b} ${edges.get(key)}/${edges.get(`${b} -> ${a}`)}`);
}
const up = [...edges.keys()].filter((key) => {
  const [a, b] = key.split(' -> ');
  return floorOf(b) < floorOf(a);
});

// Migrations are history (never edited once shipped) and testing/ holds test drivers: their long
// functions are listed apart and not counted against the house's limit.
const isHistoryOrDriver = (entry) => /^(db\/migrations\/|testing\/)/.test(entry);
const byLength = (a, b) => Number(b.split(' ').pop()) - Number(a.split(' ').pop());

const report = {
  folders: adjacency.size,
  arrows: edges.size,
  cycles: components,
  mutualPairs: mutual,
  arrowsUp: up,
  sqlOutsideRepositories: sqlFiles.sort(),
  handPublished: publishFiles.sort(),
  functionsOver60: longFunctions.filter((f) => !isHistoryOrDriver(f)).sort(byLength),
  functionsOver60InMigrationsAndDrivers: longFunctions.filter(isHistoryOrDriver).sort(byLength),
};
if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
else if (!process.argv.includes('--check')) {
  console.log(`folders ${report.folders}, arrows ${report.arrows}`);
  console.log(`cycles ${components.length}: ${components.map((c) => c.join(' ')).join(' | ')}`);
  console.log(`mutual pairs ${mutual.length}: ${mutual.join(', ')}`);
  console.log(`arrows running up ${up.length}: ${up.join(', ')}`);
  console.log(`files building SQL outside repositories ${sqlFiles.length}: ${sqlFiles.join(' ')}`);
  console.log(
    `files publishing changes outside rpc/realtime ${publishFiles.length}: ${publishFiles.join(' ')}`,
  );
  console.log(
    `functions over 60 lines ${report.functionsOver60.length}:\n  ${report.functionsOver60.join('\n  ')}`,
  );
  const apart = report.functionsOver60InMigrationsAndDrivers;
  console.log(
    `  (not counted: ${apart.length} in migrations and test drivers: ${apart.join(', ')})`,
  );
}

// --layers: each folder's height (the longest chain of imports below it), for .dependency-cruiser.cjs.
if (process.argv.includes('--layers')) {
  const height = new Map();
  const heightOf = (v) => {
    if (!height.has(v)) {
      height.set(v, 0);
      height.set(v, Math.max(0, ...[...adjacency.get(v)].map((w) => heightOf(w) + 1)));
    }
    return height.get(v);
  };
  for (const v of adjacency.keys()) heightOf(v);
  const byHeight = new Map();
  for (const [v, h] of height) byHeight.set(h, [...(byHeight.get(h) ?? []), v].sort());
  for (const h of [...byHeight.keys()].sort((a, b) => b - a))
    console.log(h, byHeight.get(h).join(' '));
}

// --check: fails (exit 1) on any cycle or pair of folders importing each other (`npm run layers`).
if (process.argv.includes('--check') && (components.length > 0 || mutual.length > 0)) {
  console.error('server folders must import one way (docs/architecture.md, "Layers")');
  process.exitCode = 1;
}
