import { NetworkError, RpcError, type Output } from '@planner/protocol/client';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_APPLY_DELAY_MS,
  AVATAR_MAX_BYTES,
  checkAvatarFile,
  postUploadForm,
  uploadAvatar,
  UPLOAD_RETRIES,
  UPLOAD_RETRY_DELAY_MS,
  type UploadEnvironment,
} from './avatar-upload';

const FORM: Output<'CreateFile'> = {
  postUrl: 'https://planner.example/files/upload',
  file: { id: 'f-1', url: 'https://planner.example/files/f-1' },
  s3FormData: { key: 'f-1', policy: 'cG9saWN5', signature: 'sig', 'Content-Type': 'image/webp' },
};

/** Records what happens, in order: each fetch and each wait. */
function environment(answers: (() => Promise<Response>)[]) {
  const log: string[] = [];
  const bodies: FormData[] = [];
  const env: UploadEnvironment = {
    fetch: (url, init) => {
      log.push(`POST ${String(url)}`);
      bodies.push(init?.body as FormData);
      const next = answers.shift() ?? (() => Promise.resolve(new Response(null, { status: 204 })));
      return next();
    },
    sleep: (ms) => {
      log.push(`wait ${ms}`);
      return Promise.resolve();
    },
  };
  return { env, log, bodies };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('checkAvatarFile', () => {
  it('takes PNG, JPEG and WebP up to 5 MB and names what is wrong otherwise', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(checkAvatarFile({ type: 'image/webp', size: 1 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/gif', size: 10 })).toBe('invalid.avatarType');
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toBe('invalid.avatarType');
    expect(checkAvatarFile({ type: '', size: 10 })).toBe('invalid.avatarType');
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      'invalid.avatarFileTooBig',
    );
  });
});

describe('postUploadForm', () => {
  it('posts the form fields first, then the file', async () => {
    const { env, bodies } = environment([]);
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await postUploadForm(FORM.postUrl, FORM.s3FormData, file, env);
    const entries = [...(bodies[0]?.entries() ?? [])];
    expect(entries.map(([name]) => name)).toEqual([
      'key',
      'policy',
      'signature',
      'Content-Type',
      'file',
    ]);
    expect((entries[4]?.[1] as File).name).toBe('me.png');
  });

  it('tries again 10 times at 1 s while the network fails, then succeeds', async () => {
    const { env, log } = environment([...Array<typeof offline>(UPLOAD_RETRIES).fill(offline)]);
    await postUploadForm(FORM.postUrl, FORM.s3FormData, new Blob(['x']), env);
    expect(log.filter((line) => line.startsWith('POST'))).toHaveLength(UPLOAD_RETRIES + 1);
    expect(log.filter((line) => line === `wait ${UPLOAD_RETRY_DELAY_MS}`)).toHaveLength(
      UPLOAD_RETRIES,
    );
  });

  it('gives up after the tenth retry with a network error', async () => {
    const { env, log } = environment([...Array<typeof offline>(UPLOAD_RETRIES + 1).fill(offline)]);
    const failure = postUploadForm(FORM.postUrl, FORM.s3FormData, new Blob(['x']), env);
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    expect(log.filter((line) => line.startsWith('POST'))).toHaveLength(UPLOAD_RETRIES + 1);
  });

  it('does not retry a refusal; it throws the server message key', async () => {
    const refusal = new Response(null, {
      status: 400,
      headers: { 'error-message': 'invalid.avatarType' },
    });
    const { env, log } = environment([() => Promise.resolve(refusal)]);
    const failure = postUploadForm(FORM.postUrl, FORM.s3FormData, new Blob(['x']), env);
    await expect(failure).rejects.toEqual(new RpcError(400, 'invalid.avatarType', 'upload'));
    expect(log).toEqual([`POST ${FORM.postUrl}`]);
  });
});

describe('uploadAvatar', () => {
  it('creates the file, uploads it, waits 5.5 s, then sets it as the avatar', async () => {
    const { env, log } = environment([]);
    const calls = {
      createFile: (filename: string) => {
        log.push(`CreateFile ${filename}`);
        return Promise.resolve(FORM);
      },
      setAvatar: (fileId: string) => {
        log.push(`UpdateUser avatar=${fileId}`);
        return Promise.resolve({});
      },
    };
    await uploadAvatar(new File(['png'], 'me.png', { type: 'image/png' }), calls, env);
    expect(log).toEqual([
      'CreateFile me.png',
      `POST ${FORM.postUrl}`,
      `wait ${AVATAR_APPLY_DELAY_MS}`,
      'UpdateUser avatar=f-1',
    ]);
  });

  it('never sets an avatar whose upload was refused', async () => {
    const refusal = () => Promise.resolve(new Response(null, { status: 413 }));
    const { env, log } = environment([refusal]);
    const calls = {
      createFile: () => Promise.resolve(FORM),
      setAvatar: (fileId: string) => {
        log.push(`UpdateUser ${fileId}`);
        return Promise.resolve({});
      },
    };
    await expect(uploadAvatar(new File(['x'], 'a.png'), calls, env)).rejects.toBeInstanceOf(
      RpcError,
    );
    expect(log).toEqual([`POST ${FORM.postUrl}`]);
  });
});
