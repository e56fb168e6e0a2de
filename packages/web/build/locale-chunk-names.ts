import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** A namespace's strings in one locale: src/i18n/<namespace>/<locale>.json. */
export const STRINGS = /[\\/]src[\\/]i18n[\\/]([\w-]+)[\\/]([\w-]+)\.json$/;

interface StringsFile {
  namespace: string;
  locale: string;
  path: string;
}

/** Every namespace's file in every locale, in a fixed order. */
function stringsFiles(i18nDir: string): StringsFile[] {
  const folders = readdirSync(i18nDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return folders.flatMap((namespace) =>
    readdirSync(join(i18nDir, namespace))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => ({
        namespace,
        locale: file.slice(0, -'.json'.length),
        path: join(i18nDir, namespace, file),
      })),
  );
}

/** One hash of every string file: it changes when any string does. */
function stringsHash(files: StringsFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.namespace}/${file.locale}.json\n`);
    hash.update(readFileSync(file.path));
  }
  return hash.digest('hex').slice(0, 10);
}

/**
 * Each namespace's strings in each locale (src/i18n/<namespace>/<locale>.json) are a chunk named
 * `assets/i18n-<hash>/<namespace>/<locale>.js`, with one hash of all the strings: a change to any
 * string renames them all, which the immutable caching of `assets/` needs
 * (docs/offline-and-install.md). The app loads them by that name (src/i18n/i18n.ts, the folder
 * is `import.meta.env.PLANNER_STRINGS`): a list of the 260 loaders, one per file, weighed about
 * 2 KB gzipped of every first load.
 */
export function localeChunkNames(i18nDir: string): Plugin {
  let files: StringsFile[] = [];
  let folder = '';
  return {
    name: 'planner-locale-chunk-names',
    apply: 'build',
    config() {
      files = stringsFiles(i18nDir);
      folder = `i18n-${stringsHash(files)}`;
      return { define: { 'import.meta.env.PLANNER_STRINGS': JSON.stringify(folder) } };
    },
    buildStart() {
      for (const file of files) {
        this.emitFile({
          type: 'chunk',
          id: file.path,
          fileName: `assets/${folder}/${file.namespace}/${file.locale}.js`,
          // Nothing imports them: their strings are what they export.
          preserveSignature: 'strict',
        });
      }
    },
  };
}
