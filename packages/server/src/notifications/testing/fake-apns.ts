import { createServer, constants, type Http2Server, type IncomingHttpHeaders } from 'node:http2';
import type { ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';

/** One request the fake took, as Apple would read it. */
interface ApnsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The provider token (the bearer value). */
  token: string;
  body: Record<string, unknown>;
  /** Which of the fake's connections carried it (0, 1, ...). */
  connection: number;
}

/** What the fake answers for a device token that is not the plain 200. */
type ApnsReply = { status: number; reason: string };

/**
 * Apple's provider API at its HTTP/2 edge (h2c on loopback): `POST /3/device/{token}` with a
 * provider token (ES256 JWT, `kid` and `iss` checked, signature checked with the key's public
 * half, at most an hour old by the test clock) and the apns-* headers. Answers as Apple does:
 * 200 with an `apns-id`, or a status with `{"reason": ...}`.
 */
export interface FakeApns {
  url: string;
  requests: ApnsRequest[];
  /** How many connections were opened. */
  connections(): number;
  /** Answers this reply for a device token from now on. */
  replyFor(deviceToken: string, reply: ApnsReply): void;
  /** Provider tokens Apple no longer takes (403 ExpiredProviderToken). */
  expireToken(token: string): void;
  /** Every provider token is answered ExpiredProviderToken (a key Apple keeps refusing). */
  expireEveryToken(): void;
  /** Sends GOAWAY on every open connection (Apple closing them). */
  goAway(): void;
  close(): Promise<void>;
}

interface Expected {
  publicKey: KeyObject;
  keyId: string;
  teamId: string;
  /** The test clock: the token's `iat` is checked against it. */
  now: () => number;
}

export async function startFakeApns(expected: Expected): Promise<FakeApns> {
  const replies = new Map<string, ApnsReply>();
  const expired = new Set<string>();
  let isEveryTokenExpired = false;
  const sessions: ServerHttp2Session[] = [];
  const requests: ApnsRequest[] = [];

  /** Apple's reason for refusing a provider token, or undefined when it is good. */
  async function tokenProblem(token: string): Promise<string | undefined> {
    if (isEveryTokenExpired || expired.has(token)) return 'ExpiredProviderToken';
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'ES256' || header.kid !== expected.keyId) return 'InvalidProviderToken';
      await jwtVerify(token, expected.publicKey, {
        issuer: expected.teamId,
        currentDate: new Date(expected.now()),
        maxTokenAge: '1h',
        requiredClaims: ['iat'],
      });
      return undefined;
    } catch {
      return 'InvalidProviderToken';
    }
  }

  const server: Http2Server = createServer();
  server.on('session', (session) => sessions.push(session));
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      void (async () => {
        const path = String(headers[constants.HTTP2_HEADER_PATH] ?? '');
        const authorization = String(headers.authorization ?? '');
        const token = authorization.startsWith('bearer ') ? authorization.slice(7) : '';
        const text = Buffer.concat(chunks).toString('utf8');
        requests.push({
          method: String(headers[constants.HTTP2_HEADER_METHOD] ?? ''),
          path,
          headers,
          token,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          connection: sessions.indexOf(stream.session as ServerHttp2Session),
        });
        const answer = (status: number, reason?: string) => {
          stream.respond({ ':status': status, 'apns-id': '7D1F1D36-1B1F-4A3C-9C5D-3E5E1C1A2B3C' });
          stream.end(reason ? JSON.stringify({ reason }) : undefined);
        };
        const device = /^\/3\/device\/([0-9a-f]+)$/.exec(path)?.[1];
        if (!device) return answer(404, 'BadPath');
        const problem = await tokenProblem(token);
        if (problem) return answer(403, problem);
        const reply = replies.get(device);
        if (reply) return answer(reply.status, reply.reason);
        answer(200);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    connections: () => sessions.length,
    replyFor: (deviceToken, reply) => replies.set(deviceToken, reply),
    expireToken: (token) => expired.add(token),
    expireEveryToken: () => {
      isEveryTokenExpired = true;
    },
    goAway: () => {
      for (const session of sessions) if (!session.closed) session.goaway();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
