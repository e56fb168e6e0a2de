import { createHash, createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A stand-in for Facebook's HTTP edge, with its real request and answer shapes (Graph API
 * v19): the login dialog (here a page with a name field, "Continue" and "Cancel"), the code
 * exchange at /oauth/access_token (client secret, redirect URI and PKCE checked) and /me with
 * `fields` (appsecret_proof checked). Codes are single use; errors are Graph's error objects.
 */
export interface FakeFacebook {
  /** e.g. http://127.0.0.1:1234/v19.0/dialog/oauth */
  dialogUrl: string;
  /** e.g. http://127.0.0.1:1234/v19.0 */
  graphUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sets the e-mail Facebook answers for a login ('' answers none). */
  setEmail(login: string, email: string): void;
  close(): Promise<void>;
}

interface Grant {
  login: string;
  redirectUri: string;
  codeChallenge: string;
}

const VERSION = 'v19.0';

/** Facebook's ids are digits: the same login always gets the same id. */
export function facebookIdOf(login: string): string {
  return String(BigInt(`0x${createHash('sha256').update(login).digest('hex').slice(0, 14)}`));
}

function graphError(message: string, code: number) {
  return { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEfGh' } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeFacebook(options: { port?: number } = {}): Promise<FakeFacebook> {
  const clientId = '1234567890';
  const clientSecret = 'fake-facebook-app-secret';
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, string>();
  const emails = new Map<string, string>();
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get<{ Querystring: Record<string, string> }>(
    `/${VERSION}/dialog/oauth`,
    async (req, reply) => {
      const q = req.query;
      if (q.client_id !== clientId || !q.redirect_uri || !q.state) {
        return reply.code(400).type('text/html').send('<p>Invalid app ID or redirect URI.</p>');
      }
      const hidden = ['redirect_uri', 'state', 'code_challenge']
        .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q[name] ?? '')}">`)
        .join('');
      return reply.type('text/html').send(`<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>Log in to Facebook</title></head>
<body style="font-family:sans-serif;margin:24px"><h1 style="color:#1877f2">facebook</h1>
<p>Planner would like to access your name, profile picture and e-mail address.</p>
<form method="post" action="/${VERSION}/dialog/oauth/confirm">${hidden}
<label>Name <input name="login" required autofocus></label>
<p><button type="submit" name="choice" value="continue">Continue</button>
<button type="submit" name="choice" value="cancel" formnovalidate>Cancel</button></p></form></body></html>`);
    },
  );

  app.post<{ Body: Record<string, string> }>(
    `/${VERSION}/dialog/oauth/confirm`,
    async (req, reply) => {
      const { redirect_uri: redirectUri = '', state = '', login = '', choice } = req.body;
      const target = new URL(redirectUri);
      if (choice !== 'continue' || !login) {
        target.search = new URLSearchParams({
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          state,
        }).toString();
        return reply.redirect(target.href, 302);
      }
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { login, redirectUri, codeChallenge: req.body.code_challenge ?? '' });
      target.search = new URLSearchParams({ code, state }).toString();
      return reply.redirect(`${target.href}#_=_`, 302);
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    `/${VERSION}/oauth/access_token`,
    async (req, reply) => {
      const q = req.query;
      const grant = codes.get(q.code ?? '');
      codes.delete(q.code ?? '');
      if (q.client_id !== clientId || q.client_secret !== clientSecret) {
        return reply.code(400).send(graphError('Error validating client secret.', 1));
      }
      if (!grant || grant.redirectUri !== q.redirect_uri) {
        return reply.code(400).send(graphError('Invalid verification code format.', 100));
      }
      const challenge = createHash('sha256')
        .update(q.code_verifier ?? '')
        .digest('base64url');
      if (grant.codeChallenge && challenge !== grant.codeChallenge) {
        return reply.code(400).send(graphError('Invalid code verifier.', 100));
      }
      const accessToken = `EAA${randomBytes(32).toString('base64url')}`;
      tokens.set(accessToken, grant.login);
      return { access_token: accessToken, token_type: 'bearer', expires_in: 5183944 };
    },
  );

  app.get<{ Querystring: Record<string, string> }>(`/${VERSION}/me`, async (req, reply) => {
    const q = req.query;
    const login = tokens.get(q.access_token ?? '');
    if (!login) return reply.code(400).send(graphError('Invalid OAuth access token.', 190));
    const proof = createHmac('sha256', clientSecret)
      .update(q.access_token ?? '')
      .digest('hex');
    if (q.appsecret_proof !== proof) {
      return reply
        .code(400)
        .send(graphError('Invalid appsecret_proof provided in the API argument', 100));
    }
    const id = facebookIdOf(login);
    const email = emails.get(login) ?? `${login.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    const fields = new Set((q.fields ?? 'id,name').split(',').map((f) => f.split('.')[0]));
    return {
      id,
      ...(fields.has('name') && { name: login }),
      ...(fields.has('email') && email && { email }),
      ...(fields.has('picture') && {
        picture: {
          data: {
            height: 200,
            is_silhouette: false,
            url: `https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=${id}`,
            width: 200,
          },
        },
      }),
    };
  });

  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return {
    dialogUrl: `${address}/${VERSION}/dialog/oauth`,
    graphUrl: `${address}/${VERSION}`,
    clientId,
    clientSecret,
    setEmail: (login, email) => emails.set(login, email),
    close: () => app.close(),
  };
}
