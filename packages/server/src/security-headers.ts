import type { FastifyInstance } from 'fastify';

/**
 * The browser protections every answer carries (docs/security-and-operations.md). The web app is
 * a Vite build: scripts are files from this origin only (no inline script), styles may be
 * inline because MUI (emotion) writes its styles into <style> elements at run time, and the
 * app talks only to this origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Page addresses can carry a reset token (/login?reset=...): never sent to other sites.
  'referrer-policy': 'no-referrer',
};

/** Sets the headers first thing, so errors, files and the live stream carry them too. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
}
