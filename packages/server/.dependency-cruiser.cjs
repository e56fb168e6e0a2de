// The server's layers, checked by dependency-cruiser (docs/architecture.md, "Layers"). Run from the
// repository root: `npx depcruise --config packages/server/.dependency-cruiser.cjs packages/server/src`
// (`npm run layers` runs it with the folder check of packages/server/scripts/folder-graph.mjs).
//
// Every top-level folder (or root file) of src/ sits in one layer; it imports only the layers below
// its own, never a peer of its layer or anything above. That keeps the folders free of cycles and
// of pairs that import each other. Only value imports count: a type-only import leaves nothing in
// the built server and creates no load order.
//
// A new import that breaks a rule means the code belongs lower down (a shared piece gets a folder
// of its own), the higher part should hand it in (as app.ts hands the planner to the RPC runtime
// and timeline/'s task planning to tasks/), or the folder moves to another layer here, if nothing
// below it then reaches back up.

/** Top to bottom, below the entry points (app.ts and what starts it), which may import anything. */
const LAYERS = [
  // What works on the made plan: reminders of it, calendars that publish it.
  ['caldav', 'ics-feed', 'notifications'],
  // Planning: reads the items through their public functions, owns the session and the blocks.
  ['timeline', 'shares'],
  // The item and account domains.
  ['reminders', 'statistics'],
  ['events'],
  ['apple-calendar', 'google-calendar', 'settings', 'tasks'],
  ['categories', 'tutorials'],
  ['account-data', 'accounts', 'subscriptions'],
  ['app-status', 'calendar-sync', 'estimates', 'feedback', 'files', 'social-sign-in', 'tiers'],
  // The platform: knows no domain.
  ['health', 'realtime'],
  ['configured-database', 'rpc'],
  // The stored plan: blocks and the per-user state row (lock, change times, calendar revision).
  ['plan-store'],
  [
    'clock',
    'config',
    'db',
    'google',
    'http-listener',
    'jobs',
    'mail',
    'metrics',
    'net',
    'secrets',
    'security-headers',
    'service-deps',
    'static-files',
  ],
];

/** The entry points and test drivers: they wire or exercise everything. */
const TOP = ['app', 'index', 'serve', 'main', 'cluster', 'admin', 'fuzz', 'testing', 'scale'];

const SRC = '^(?:packages/server/)?src/';
/** A folder of src/ or a root file of that name. */
const units = (names) => `${SRC}(?:${names.join('|')})(?:/|\\.ts$)`;
const VALUE = { dependencyTypesNot: ['type-only'] };

const layerRules = LAYERS.map((layer, index) => {
  const sameOrAbove = [...TOP, ...LAYERS.slice(0, index + 1).flat()];
  return {
    name: `layer-${layer[0]}`,
    comment: `${layer.join(', ')} import only the layers below theirs (.dependency-cruiser.cjs, LAYERS)`,
    severity: 'error',
    // The unit's name is the rule's first group: `$1` below.
    from: { path: `${SRC}(${layer.join('|')})(?:/|\\.ts$)` },
    to: {
      ...VALUE,
      path: units(sameOrAbove),
      // A folder's own files import each other freely.
      pathNot: `${SRC}$1(?:/|\\.ts$)`,
    },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'every-unit-has-a-layer',
      comment: 'a new folder or root file of src/ gets its place in LAYERS (or TOP)',
      severity: 'error',
      from: {},
      to: { path: SRC, pathNot: units([...TOP, ...LAYERS.flat()]) },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'Kysely (SQL) is imported for its values only by *-repository.ts, db/ and the migrations; elsewhere as types at most',
      severity: 'error',
      from: { path: SRC, pathNot: [`-repository\\.ts$`, `${SRC}db/`] },
      to: { ...VALUE, path: 'node_modules/kysely/' },
    },
    ...layerRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    // Tests and the fakes they drive may reach anywhere.
    exclude: { path: ['\\.test\\.ts$', `${SRC}[^/]+/testing/`] },
    doNotFollow: { path: ['node_modules'] },
  },
};
