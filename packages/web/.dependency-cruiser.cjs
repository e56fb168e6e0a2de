// The web app's layers, checked by dependency-cruiser (docs/web-architecture.md). Run from the
// repository root: `npx depcruise --config packages/web/.dependency-cruiser.cjs packages/web/src`.
//
// Every top-level folder of src/ sits in one layer; a folder imports only folders of the layers
// below its own, never a peer of its layer or anything above. That keeps the folders free of
// cycles and of pairs that import each other. Only value imports count: a type-only import
// leaves nothing in the bundle and creates no load order.
//
// A new import that breaks a rule means either the code belongs lower down (a shared part goes
// to components/, charts/ or a feature's own lower folder), the higher part should hand it in
// (a prop, a registration made by app/), or the folder moves to another layer here, if nothing
// below it then reaches back up.
/** Top to bottom. app/ composes everything; api/, components/ and the bottom know no feature. */
const LAYERS = [
  ['app'],
  ['account', 'premium'],
  ['analysis', 'event-editor', 'help', 'native', 'settings', 'shell'],
  ['agenda', 'share', 'task-editor'],
  ['calendar-sync', 'charts', 'estimates', 'tasks'],
  ['categories', 'login', 'reminder-editor'],
  ['about', 'editors', 'feedback', 'offline', 'push', 'referral'],
  ['app-status', 'bridge', 'components', 'developer'],
  ['api', 'i18n'],
  ['limits', 'storage'],
];

/** The folders a feature never is: what api/ and components/ may use. */
const BASE = ['api', 'components', 'i18n', 'storage', 'limits'];

const SRC = '^(?:packages/web/)?src/';
const folders = (names) => `${SRC}(?:${names.join('|')})/`;
const VALUE = { dependencyTypesNot: ['type-only'] };

const layerRules = LAYERS.map((layer, index) => {
  const sameOrAbove = LAYERS.slice(0, index + 1).flat();
  return {
    name: `layer-${layer.join('-')}`,
    comment: `${layer.join(', ')} import only folders of the layers below theirs (.dependency-cruiser.cjs, LAYERS)`,
    severity: 'error',
    // The folder's name is the rule's first group: `$1` below.
    from: { path: `${SRC}(${layer.join('|')})/` },
    to: {
      ...VALUE,
      path: folders(sameOrAbove),
      // A folder's own files import each other freely.
      pathNot: `${SRC}$1/`,
    },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'api-knows-no-feature',
      comment:
        'api/ (the client, the query client, the query keys) is the bottom layer: what features add to it, app/ registers (app/connect-features.ts)',
      severity: 'error',
      from: { path: `${SRC}api/` },
      to: { ...VALUE, path: SRC, pathNot: folders(['api', 'storage']) },
    },
    {
      name: 'components-know-no-feature',
      comment:
        'components/ holds parts several screens share; a part that needs a feature lives in that feature',
      severity: 'error',
      from: { path: `${SRC}components/` },
      to: { ...VALUE, path: SRC, pathNot: folders(BASE) },
    },
    {
      name: 'features-do-not-import-app',
      comment: 'app/ composes the features; nothing imports it back',
      severity: 'error',
      from: { path: SRC, pathNot: [`${SRC}app/`, `${SRC}main\\.tsx$`] },
      to: { ...VALUE, path: `${SRC}app/` },
    },
    ...layerRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    // Tests and their helpers may reach anywhere; the service worker is its own bundle.
    exclude: { path: ['\\.test\\.tsx?$', '/test/', '/testing/', 'node_modules', '/src/sw/'] },
    doNotFollow: { path: ['node_modules'] },
  },
};
