#!/usr/bin/env node
/* global console, process, URL */
// How the web app's folders depend on each other, measured (docs/web-architecture.md): folder
// cycles and mutual pairs (value imports only, tests left out), files that define a listener
// store, module-level `let`s, files that import the API client, and functions over 60 lines.
// Run from the repository root: `node packages/web/scripts/house-metrics.mjs [--list]`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const webRoot = fileURLToPath(new URL('../', import.meta.url));
const repoRoot = join(webRoot, '../..');
const srcRoot = join(webRoot, 'src');
const list = process.argv.includes('--list');

const isTest = (path) => /\.test\.tsx?$|[\\/]test[\\/]|[\\/]testing[\\/]/.test(path);

const json = execFileSync(
  'npx',
  [
    'depcruise',
    '--no-config',
    '--ts-config',
    join(webRoot, 'tsconfig.json'),
    '--ts-pre-compilation-deps',
    '--output-type',
    'json',
    '--exclude',
    '\\.test\\.tsx?$|/test/|/testing/|node_modules|src/sw/',
    relative(repoRoot, srcRoot),
  ],
  { cwd: repoRoot, maxBuffer: 256 * 1024 * 1024 },
).toString();
const modules = JSON.parse(json).modules.filter(
  (module) => module.source.startsWith('packages/web/src/') && !isTest(module.source),
);

const folderOf = (source) => {
  const rest = source.slice('packages/web/src/'.length);
  return rest.includes('/') ? rest.split('/')[0] : '(root)';
};

const edges = new Map();
const clientImporters = [];
for (const module of modules) {
  const from = folderOf(module.source);
  for (const dependency of module.dependencies) {
    if (!dependency.resolved.startsWith('packages/web/src/')) continue;
    if (dependency.dependencyTypes.includes('type-only')) continue;
    if (dependency.resolved === 'packages/web/src/api/client.ts') {
      clientImporters.push(module.source);
    }
    const to = folderOf(dependency.resolved);
    if (from === to || from === '(root)') continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}

// Strongly connected components (Tarjan) of the folder graph.
const folders = [...new Set(modules.map((module) => folderOf(module.source)))];
let index = 0;
const stack = [];
const state = new Map();
const components = [];
function visit(folder) {
  state.set(folder, { index, low: index, onStack: true });
  index += 1;
  stack.push(folder);
  for (const next of edges.get(folder) ?? []) {
    if (!state.has(next)) {
      visit(next);
      state.get(folder).low = Math.min(state.get(folder).low, state.get(next).low);
    } else if (state.get(next).onStack) {
      state.get(folder).low = Math.min(state.get(folder).low, state.get(next).index);
    }
  }
  if (state.get(folder).low === state.get(folder).index) {
    const component = [];
    for (let member = stack.pop(); ; member = stack.pop()) {
      state.get(member).onStack = false;
      component.push(member);
      if (member === folder) break;
    }
    if (component.length > 1) components.push(component.sort());
  }
}
for (const folder of folders) if (!state.has(folder)) visit(folder);

const pairs = [];
for (const [from, targets] of edges) {
  for (const to of targets) {
    if (from < to && edges.get(to)?.has(from)) pairs.push(`${from} <-> ${to}`);
  }
}

// Listener stores, module-level lets and long functions, read from the sources.
const listenerStores = [];
const lets = [];
const longFunctions = [];
for (const module of modules) {
  const path = join(repoRoot, module.source);
  if (!/\.tsx?$/.test(path)) continue;
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const name = module.source.slice('packages/web/src/'.length);
  // A store of our own: a Set of listeners (one count per set).
  const sets = text.match(/\w*[lL]isteners\s*=\s*new Set\b/g) ?? [];
  for (const set of sets) listenerStores.push(`${name}: ${set.split(/\s*=/)[0]}`);
  for (const statement of file.statements) {
    if (
      ts.isVariableStatement(statement) &&
      (statement.declarationList.flags & ts.NodeFlags.Let) !== 0
    ) {
      for (const declaration of statement.declarationList.declarations) {
        lets.push(`${name}: ${declaration.name.getText(file)}`);
      }
    }
  }
  const walk = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > 60) {
        let label = node.name?.getText(file);
        if (!label && ts.isVariableDeclaration(node.parent)) label = node.parent.name.getText(file);
        longFunctions.push({ name: `${name}: ${label ?? '(anonymous)'}`, lines });
      }
    }
    ts.forEachChild(node, walk);
  };
  walk(file);
}

const report = (title, items) => {
  console.log(`${title}: ${items.length}`);
  if (list) for (const item of items) console.log(`  ${item}`);
};
report(
  'folder cycles (folders in a cycle)',
  components.map((component) => component.join(', ')),
);
console.log(`  folders in cycles: ${components.reduce((sum, c) => sum + c.length, 0)}`);
report('mutual pairs', pairs.sort());
report('listener sets', listenerStores.sort());
report('module-level lets', lets.sort());
report('files importing api/client.ts', [...new Set(clientImporters)].sort());
report(
  'functions over 60 lines',
  longFunctions.sort((a, b) => b.lines - a.lines).map((f) => `${f.lines} ${f.name}`),
);
