import { AuthResponseSchema, encodeMessage } from '@planner/protocol';
import { vi } from 'vitest';

/**
 * Stands in for the server at the HTTP edge (global fetch), answering with real protobuf bodies
 * or the transport's error headers.
 */
export function answerAuthToken(token: string): Response {
  const body = new Uint8Array(encodeMessage(AuthResponseSchema, { authToken: token }, 'binary'));
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-protobuf' } });
}

export function answerError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ code, message }), {
    status,
    headers: {
      'content-type': 'application/json',
      'error-code': String(code),
      'error-message': message,
    },
  });
}

export function stubFetch(...answers: (() => Response)[]) {
  const fetchMock = vi.fn<typeof fetch>();
  answers.forEach((answer) => fetchMock.mockImplementationOnce(() => Promise.resolve(answer())));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
