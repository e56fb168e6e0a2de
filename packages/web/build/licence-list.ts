import license, { type Dependency } from 'rollup-plugin-license';
import type { Plugin } from 'vite';

/** Where the list lands in the build, beside index.html; the About page fetches it on demand. */
export const LICENCE_LIST_FILE = 'licenses.json';

/** One package in the list the About page shows. */
export interface LicenceEntry {
  name: string;
  version: string;
  /** SPDX expression from the package's package.json; '' when it declares none. */
  license: string;
  /** The package's licence file (and notice file, if any); '' when it ships none. */
  text: string;
}

export function toLicenceEntries(dependencies: readonly Dependency[]): LicenceEntry[] {
  return dependencies
    .filter((dependency) => dependency.name !== null)
    .map((dependency) => ({
      name: dependency.name ?? '',
      version: dependency.version ?? '',
      license: dependency.license ?? '',
      text: [dependency.licenseText, dependency.noticeText]
        .filter((part): part is string => Boolean(part?.trim()))
        .map((part) => part.trim())
        .join('\n\n'),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.version.localeCompare(b.version, 'en'));
}

/**
 * The open-source licences of exactly what the bundle contains: rollup-plugin-license reads the
 * package.json and licence file of every package a rendered chunk includes (our own private
 * workspace packages left out), and the list is emitted as an asset of the build.
 * Build only: the dev server bundles nothing, so it has no list (the About page says so).
 */
export function licenceList(): Plugin[] {
  let found: readonly Dependency[] = [];
  const scanner = license({
    thirdParty: {
      multipleVersions: true,
      output: (dependencies) => {
        found = dependencies;
      },
    },
  });
  return [
    { ...(scanner as Plugin), apply: 'build' },
    {
      name: 'planner-licence-list',
      apply: 'build',
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: LICENCE_LIST_FILE,
          source: JSON.stringify(toLicenceEntries(found)),
        });
      },
    },
  ];
}
