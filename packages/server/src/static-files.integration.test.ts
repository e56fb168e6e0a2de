/**
 * The built web app as the server sends it (docs/running-in-production.md, "Static files"): the
 * build's brotli or gzip copy by the browser's Accept-Encoding, the file itself otherwise;
 * hashed assets kept a year, index.html and the service worker asked again every time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const page = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const worker = `self.addEventListener('install', () => {});${'//'.repeat(1000)}\n`;

let webDist: string;
let server: TestServer;

function writeWithCopies(path: string, body: string): void {
  writeFileSync(path, body);
  writeFileSync(`${path}.br`, brotliCompressSync(body));
  writeFileSync(`${path}.gz`, gzipSync(body));
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'planner-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeWithCopies(join(webDist, 'assets', 'index-Bq3x9Z_a.js'), script);
  writeWithCopies(join(webDist, 'index.html'), page);
  writeWithCopies(join(webDist, 'sw.js'), worker);
  writeFileSync(join(webDist, 'assets', 'logo-C4f1x2Yz.png'), Buffer.from([137, 80, 78, 71]));
  server = await startTestServer({ config: { webDist } });
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is read as sent (fetch would decompress it). */
function get(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${server.url}${path}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

describe('static files of the web app', () => {
  it('sends the brotli copy to a browser that takes it, else gzip, else the file', async () => {
    const br = await get('/assets/index-Bq3x9Z_a.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(brotliCompressSync(script));
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);

    const gz = await get('/assets/index-Bq3x9Z_a.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(gzipSync(script));

    const plain = await get('/assets/index-Bq3x9Z_a.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('lets browsers keep hashed assets for a year, and asks again for the page and the worker', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const asset = await get('/assets/index-Bq3x9Z_a.js', encoding);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const image = await get('/assets/logo-C4f1x2Yz.png', encoding);
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const path of ['/index.html', '/sw.js']) {
        const answer = await get(path, encoding);
        expect(answer.status).toBe(200);
        expect(answer.headers['cache-control']).toBe('no-cache');
      }
    }
  });

  it('answers a page of the app with index.html, compressed and never kept long', async () => {
    const answer = await get('/agenda', 'br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body).toEqual(brotliCompressSync(page));
  });
});
