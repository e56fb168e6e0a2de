import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify, type generateKeyPair } from 'jose';

/**
 * Google's edge as FCM HTTP v1 has it: the OAuth token endpoint takes a service-account JWT
 * (RFC 7523) and answers an access token; messages:send takes one message per device and
 * answers 404 UNREGISTERED for a token the app no longer holds.
 */
export interface FakeFcm {
  url: string;
  exchanges: { grantType: string; claims: Record<string, unknown> }[];
  messages: {
    authorization: string;
    project: string;
    body: { message: Record<string, unknown> };
  }[];
  close(): Promise<void>;
}

export async function startFakeFcm(
  publicKey: Awaited<ReturnType<typeof generateKeyPair>>['publicKey'],
  clientEmail: string,
  /** The test clock: the JWT's iat and exp are checked against it. */
  now: () => number,
): Promise<FakeFcm> {
  const fake: FakeFcm = { url: '', exchanges: [], messages: [], close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, value: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(value));
      if (request.url === '/token') {
        const form = new URLSearchParams(body);
        jwtVerify(form.get('assertion') ?? '', publicKey, {
          issuer: clientEmail,
          audience: `${fake.url}/token`,
          currentDate: new Date(now()),
        }).then(
          ({ payload }) => {
            fake.exchanges.push({ grantType: form.get('grant_type') ?? '', claims: payload });
            json(200, { access_token: 'ya29.fake-access', expires_in: 3599, token_type: 'Bearer' });
          },
          () => json(400, { error: 'invalid_grant' }),
        );
        return;
      }
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.url ?? '');
      if (!send) return json(404, {});
      const parsed = JSON.parse(body) as { message: Record<string, unknown> };
      fake.messages.push({
        authorization: request.headers.authorization ?? '',
        project: send[1] ?? '',
        body: parsed,
      });
      if (parsed.message.token === 'uninstalled-app') {
        return json(404, {
          error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] },
        });
      }
      json(200, { name: `projects/${send[1] ?? ''}/messages/1` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
