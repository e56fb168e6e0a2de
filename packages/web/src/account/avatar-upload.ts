import { NetworkError, RpcError, type Output } from '@planner/protocol/client';
import { call } from '../api/client';

/** What the file input offers; the server decides by the content (docs/files-and-avatars.md). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The server's limit, checked here too so a person is told before waiting for an upload. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Spec (accounts, section 7): the upload retries 10 times at 1 s on network failures. */
export const UPLOAD_RETRIES = 10;
export const UPLOAD_RETRY_DELAY_MS = 1000;
/** Spec (accounts, section 4): the avatar is set on the profile 5.5 s after the upload. */
export const AVATAR_APPLY_DELAY_MS = 5500;

/** Refusals the web app finds itself, as the server's message keys. */
export const AvatarProblem = {
  type: 'invalid.avatarType',
  fileTooBig: 'invalid.avatarFileTooBig',
} as const;

/** The key of what is wrong with a chosen file before anything is sent, or null. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AvatarProblem.type;
  if (file.size > AVATAR_MAX_BYTES) return AvatarProblem.fileTooBig;
  return null;
}

export interface UploadEnvironment {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

const browserEnvironment: UploadEnvironment = {
  fetch: (input, init) => globalThis.fetch(input, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const UPLOAD = 'upload';

/**
 * Posts the form's fields, then the file, as a multipart form to the form's address (the
 * shape of an S3 presigned POST). A network failure is tried again up to UPLOAD_RETRIES times;
 * an answer that refuses the file is not (it would refuse it again), and throws an RpcError
 * with the server's message key.
 */
export async function postUploadForm(
  postUrl: string,
  fields: Readonly<Record<string, string>>,
  file: Blob,
  environment: UploadEnvironment = browserEnvironment,
): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file);
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await environment.fetch(postUrl, { method: 'POST', body });
    } catch (error) {
      if (attempt > UPLOAD_RETRIES) throw new NetworkError(UPLOAD, attempt, { cause: error });
      await environment.sleep(UPLOAD_RETRY_DELAY_MS);
      continue;
    }
    if (response.ok) return;
    const message = response.headers.get('error-message') ?? '';
    throw new RpcError(response.status, message, UPLOAD);
  }
}

export interface AvatarCalls {
  createFile: (filename: string) => Promise<Output<'CreateFile'>>;
  setAvatar: (fileId: string) => Promise<unknown>;
}

const serverCalls: AvatarCalls = {
  createFile: (filename) => call('CreateFile', { filename, purpose: 'avatar' }),
  setAvatar: (fileId) => call('UpdateUser', { avatar: fileId }),
};

/** CreateFile, the upload, the spec's wait, then UpdateUser with the new file's id. */
export async function uploadAvatar(
  file: File,
  calls: AvatarCalls = serverCalls,
  environment: UploadEnvironment = browserEnvironment,
): Promise<void> {
  const form = await calls.createFile(file.name);
  const fileId = form.file?.id ?? '';
  await postUploadForm(form.postUrl, form.s3FormData, file, environment);
  await environment.sleep(AVATAR_APPLY_DELAY_MS);
  await calls.setAvatar(fileId);
}
