import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** http_ece (web-push's own dependency) has no types: the one function tests use. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    buffer: Buffer,
    params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer;
};

/** One push the endpoint received, decrypted with the subscription's private key. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  payload: Record<string, unknown>;
}

/** A browser's subscription: what RegisterDevice gets, and the keys to decrypt with. */
export interface TestSubscription {
  path: string;
  /** The PushSubscription JSON. */
  token: string;
  received(): ReceivedPush[];
}

/**
 * A local push service (RFC 8030): each subscription is a path; a push is decrypted with the
 * subscription's ECDH key and auth secret as the browser would. `answer` sets a path's status.
 */
export class TestPushEndpoint {
  private readonly pushes: ReceivedPush[] = [];
  private readonly keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  private readonly statuses = new Map<string, number>();
  private server: Server | undefined;
  url = '';
  private counter = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const key = this.keys.get(path);
        const status = this.statuses.get(path) ?? 201;
        if (key && status === 201) {
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: key.ecdh,
            authSecret: key.auth,
          });
          this.pushes.push({
            path,
            headers: request.headers,
            payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          });
        }
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  subscription(): TestSubscription {
    this.counter += 1;
    const path = `/push/${this.counter}-${randomBytes(4).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    this.keys.set(path, { ecdh, auth });
    const token = JSON.stringify({
      endpoint: `${this.url}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    });
    return { path, token, received: () => this.pushes.filter((p) => p.path === path) };
  }

  /** The status the path answers from now on (410: the subscription is gone). */
  answer(path: string, status: number): void {
    this.statuses.set(path, status);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
