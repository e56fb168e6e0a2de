import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

const STRINGS = /[\\/]src[\\/]i18n[\\/]([\w-]+)[\\/]([\w-]+)\.json$/;

/** One hash of every string file: it changes when any string does. */
function stringsHash(i18nDir: string): string {
  const hash = createHash('sha256');
  for (const folder of readdirSync(i18nDir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(join(i18nDir, folder.name)).sort()) {
      if (!file.endsWith('.json')) continue;
      hash.update(`${folder.name}/${file}\n`);
      hash.update(readFileSync(join(i18nDir, folder.name, file)));
    }
  }
  return hash.digest('hex').slice(0, 10);
}

/**
 * Names each namespace's strings chunk (src/i18n/<namespace>/<locale>.json) after one hash of all
 * the strings: `assets/i18n-<hash>/<namespace>/<locale>.js`. The entry holds the loader of every
 * namespace in every locale (src/i18n/i18n.ts), some 260; with a hash of its own in each name
 * that list cost about 3 KB gzipped of the agenda's first load, where a shared folder compresses
 * to almost nothing. A change to any string renames them all, which the immutable caching of
 * `assets/` needs (docs/offline-and-install.md).
 */
export function localeChunkNames(i18nDir: string): Plugin {
  return {
    name: 'planner-locale-chunk-names',
    apply: 'build',
    config() {
      const folder = `assets/i18n-${stringsHash(i18nDir)}`;
      const chunkFileNames = (chunk: Rolldown.PreRenderedChunk): string => {
        const strings = chunk.facadeModuleId?.match(STRINGS);
        return strings ? `${folder}/${strings[1]}/${strings[2]}.js` : 'assets/[name]-[hash].js';
      };
      return { build: { rolldownOptions: { output: { chunkFileNames } } } };
    },
  };
}
