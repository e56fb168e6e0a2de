import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLicences } from './licences';

const REACT = { name: 'react', version: '19.3.1', license: 'MIT', text: 'MIT License ...' };

function answer(status: number, body: string, contentType: string): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

describe('licence list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the list the build wrote beside index.html', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(answer(200, JSON.stringify([REACT]), 'application/json')),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchLicences('/', false)).resolves.toEqual({ kind: 'list', licences: [REACT] });
    expect(fetchMock).toHaveBeenCalledWith('/licenses.json', expect.anything());
  });

  it('on the dev server, a missing list is expected, not an error', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer(404, '', 'text/plain')));
    await expect(fetchLicences('/', true)).resolves.toEqual({ kind: 'notBuilt' });
    vi.stubGlobal('fetch', () => Promise.resolve(answer(200, '<!doctype html>', 'text/html')));
    await expect(fetchLicences('/', true)).resolves.toEqual({ kind: 'notBuilt' });
  });

  it('in a build, a missing or malformed list is an error', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer(404, '', 'text/plain')));
    await expect(fetchLicences('/', false)).rejects.toThrow('404');
    vi.stubGlobal('fetch', () =>
      Promise.resolve(answer(200, JSON.stringify([{ name: 'react' }]), 'application/json')),
    );
    await expect(fetchLicences('/', false)).rejects.toThrow('malformed');
  });
});
