import { useQuery } from '@tanstack/react-query';

/** One package of the bundle (written at build time by build/licence-list.ts). */
export interface Licence {
  name: string;
  version: string;
  license: string;
  text: string;
}

/** The list, or why there is none: the dev server builds no list. */
export type LicenceList = { kind: 'list'; licences: Licence[] } | { kind: 'notBuilt' };

function isLicence(value: unknown): value is Licence {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['name', 'version', 'license', 'text'].every(
      (key) => typeof Reflect.get(value, key) === 'string',
    )
  );
}

/** Reads the list the build wrote beside index.html. */
export async function fetchLicences(
  base: string = import.meta.env.BASE_URL,
  isDevServer: boolean = import.meta.env.DEV,
): Promise<LicenceList> {
  const response = await fetch(`${base}licenses.json`, { headers: { accept: 'application/json' } });
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (isDevServer && (!response.ok || !isJson)) return { kind: 'notBuilt' };
  if (!response.ok) throw new Error(`licenses.json answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body) || !body.every(isLicence)) throw new Error('licenses.json is malformed');
  return { kind: 'list', licences: body };
}

/** Fetched the first time the licences are opened; the file never changes within a build. */
export function useLicences() {
  return useQuery({
    queryKey: ['licences'],
    queryFn: () => fetchLicences(),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}
