import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { CreateFileResponse, Plain } from '@planner/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rpcError,
  startTestServer,
  type SignedUpUser,
  type TestServer,
} from '../testing/test-server';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from './avatar-image';
import { uploadStoreFor } from './file-store';
import { MAX_UNUSED_FILES, UNUSED_FILE_KEEP_MS, UPLOAD_FORM_TTL_MS } from './files-service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type Form = Plain<CreateFileResponse>;

/** A picture with some detail, so re-encoding has something to do. */
function picture(width: number, height: number) {
  const stripes = Buffer.alloc(width * height * 3);
  for (let i = 0; i < stripes.length; i += 3) {
    const x = (i / 3) % width;
    stripes[i] = x % 32 < 16 ? 220 : 30;
    stripes[i + 1] = 120;
    stripes[i + 2] = Math.floor((i / 3 / width / height) * 255);
  }
  return sharp(stripes, { raw: { width, height, channels: 3 } });
}

const images = {
  png: () => picture(600, 400).png().toBuffer(),
  jpeg: () => picture(400, 900).jpeg().toBuffer(),
  webp: () => picture(300, 300).webp().toBuffer(),
};

async function createForm(user: SignedUpUser, filename = 'me.png'): Promise<Form> {
  return user.client.call('CreateFile', { filename, purpose: 'avatar' });
}

/** The server's address for a URL the server answered with its public address. */
function local(url: string): string {
  return `${server.url}${new URL(url).pathname}`;
}

/** Posts the form's fields, then the file, as the web app does (fields may be overridden). */
async function upload(
  form: Form,
  bytes: Uint8Array,
  options: { fields?: Record<string, string>; type?: string; name?: string } = {},
): Promise<{ status: number; message: string }> {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...form.s3FormData, ...options.fields })) {
    body.append(name, value);
  }
  const blob = new Blob([bytes], { type: options.type ?? 'image/png' });
  body.append('file', blob, options.name ?? 'me.png');
  const response = await fetch(local(form.postUrl), { method: 'POST', body });
  return { status: response.status, message: response.headers.get('error-message') ?? '' };
}

async function download(url: string) {
  const response = await fetch(local(url));
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function avatarOf(user: SignedUpUser): Promise<string> {
  return (await user.client.call('GetUserProfile')).user?.avatar ?? '';
}

/** The user's files whose bytes are kept: on disk (SQLite) or in the database (PostgreSQL). */
function storedFiles(user: SignedUpUser): Promise<string[]> {
  const store = uploadStoreFor(server.database.dialect, server.config.dataDir);
  return store.list(server.database.db, user.userId);
}

/** A valid PNG whose header claims width x height (a few hundred bytes, a huge image). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await images.png());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('avatar upload, end to end', () => {
  it.each(Object.entries(images))(
    'a %s becomes a 256 px WebP avatar shown in the profile',
    async (_format, make) => {
      const user = await server.signUp();
      const form = await createForm(user);
      expect(form.postUrl).toBe('http://planner.test/files/upload');
      expect(form.file?.url).toBe(`http://planner.test/files/${form.file?.id}`);
      expect(Object.keys(form.s3FormData).sort()).toEqual([
        'Content-Type',
        'key',
        'policy',
        'signature',
      ]);

      expect(await upload(form, await make())).toEqual({ status: 204, message: '' });
      await user.client.call('UpdateUser', { avatar: form.file?.id ?? '' });

      const avatar = await avatarOf(user);
      expect(avatar).toBe(form.file?.url);
      const { response, bytes } = await download(avatar);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      const served = await sharp(bytes).metadata();
      expect([served.format, served.width, served.height]).toEqual([
        'webp',
        AVATAR_SIZE_PX,
        AVATAR_SIZE_PX,
      ]);
      await expect.poll(() => storedFiles(user)).toEqual([`${form.file?.id}.webp`]);
    },
  );

  it('drops the metadata of the upload (camera, place)', async () => {
    const user = await server.signUp();
    const form = await createForm(user, 'IMG_0001.JPG');
    const photo = await picture(400, 300)
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'GPS 48.85 2.35' } })
      .toBuffer();
    expect(photo.includes('SecretCam')).toBe(true);
    expect((await upload(form, photo, { type: 'image/jpeg' })).status).toBe(204);
    const { bytes } = await download(form.file?.url ?? '');
    expect(bytes.includes('SecretCam')).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('a new avatar replaces the old one, whose file is deleted; "" removes it', async () => {
    const user = await server.signUp();
    const first = await createForm(user);
    await upload(first, await images.png());
    await user.client.call('UpdateUser', { avatar: first.file?.id ?? '' });
    const second = await createForm(user);
    await upload(second, await images.jpeg());
    // Until chosen, the old avatar stays shown (the web app waits before choosing).
    expect(await avatarOf(user)).toBe(first.file?.url);
    await user.client.call('UpdateUser', { avatar: second.file?.id ?? '' });

    expect(await avatarOf(user)).toBe(second.file?.url);
    expect((await download(first.file?.url ?? '')).response.status).toBe(404);
    await expect.poll(() => storedFiles(user)).toEqual([`${second.file?.id}.webp`]);

    // Choosing the shown one again changes nothing.
    await user.client.call('UpdateUser', { avatar: second.file?.id ?? '' });
    expect(await avatarOf(user)).toBe(second.file?.url);

    await user.client.call('UpdateUser', { avatar: '' });
    expect(await avatarOf(user)).toBe('');
    expect((await download(second.file?.url ?? '')).response.status).toBe(404);
    await expect.poll(() => storedFiles(user)).toEqual([]);
  });

  it('two avatar changes at once both answer, and one avatar is left in use', async () => {
    const user = await server.signUp();
    for (let round = 0; round < 4; round += 1) {
      const forms = [await createForm(user), await createForm(user)];
      for (const form of forms) await upload(form, await images.png());
      const answers = await Promise.allSettled(
        forms.map((form) => user.client.call('UpdateUser', { avatar: form.file?.id ?? '' })),
      );
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled']);
      const shown = await avatarOf(user);
      expect(forms.map((f) => f.file?.url)).toContain(shown);
      const inUse = await server.database.db
        .selectFrom('files')
        .select('file_id')
        .where('user_id', '=', user.userId)
        .where('in_use', '=', 1)
        .execute();
      expect(inUse).toHaveLength(1);
    }
  });

  it('UpdateUser with a name only leaves the avatar alone', async () => {
    const user = await server.signUp();
    const form = await createForm(user);
    await upload(form, await images.webp());
    await user.client.call('UpdateUser', { avatar: form.file?.id ?? '' });
    await user.client.call('UpdateUser', { name: 'Ada' });
    expect(await avatarOf(user)).toBe(form.file?.url);
  });
});

describe('what an upload must be', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>';
  it.each([
    ['a GIF', () => picture(20, 20).gif().toBuffer()],
    ['an SVG', () => Promise.resolve(Buffer.from(svg))],
    ['a text file', () => Promise.resolve(Buffer.from('hello, I am a picture'))],
    ['a TIFF', () => picture(20, 20).tiff().toBuffer()],
  ])('%s named me.png and sent as image/png is refused by its content', async (_what, make) => {
    const user = await server.signUp();
    const form = await createForm(user);
    expect(await upload(form, await make())).toEqual({
      status: 400,
      message: 'invalid.avatarType',
    });
    await expect.poll(() => storedFiles(user)).toEqual([]);
    expect((await download(form.file?.url ?? '')).response.status).toBe(404);
    // A refused file does not spend the form: the person can pick another picture.
    expect((await upload(form, await images.png())).status).toBe(204);
  });

  it('a PNG signature on a broken body is refused as unreadable', async () => {
    const user = await server.signUp();
    const png = await images.png();
    const form = await createForm(user);
    expect(await upload(form, png.subarray(0, 100))).toEqual({
      status: 400,
      message: 'invalid.avatarUnreadable',
    });
  });

  it('a file over 5 MiB is refused with 413', async () => {
    const user = await server.signUp();
    const form = await createForm(user);
    const big = Buffer.concat([await images.png(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    expect(await upload(form, big)).toEqual({ status: 413, message: 'invalid.avatarFileTooBig' });
    await expect.poll(() => storedFiles(user)).toEqual([]);
  });

  it('a small file claiming a gigapixel is refused before it is decoded', async () => {
    const user = await server.signUp();
    const form = await createForm(user);
    const started = performance.now();
    expect(await upload(form, await pngClaiming(40_000, 40_000))).toEqual({
      status: 400,
      message: 'invalid.avatarImageTooLarge',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('CreateFile refuses another purpose and a name past its bound', async () => {
    const user = await server.signUp();
    const purpose = await rpcError(
      user.client.call('CreateFile', { filename: 'a.png', purpose: 'cover' }),
    );
    expect([purpose.code, purpose.message]).toEqual([400, 'field "purpose": must be "avatar"']);
    const name = await rpcError(
      user.client.call('CreateFile', { filename: 'a'.repeat(256), purpose: 'avatar' }),
    );
    expect([name.code, name.message]).toEqual([400, 'field "filename": at most 255 characters']);
  });

  it('CreateFile needs a session', async () => {
    const error = await rpcError(
      server.client().call('CreateFile', { filename: 'a.png', purpose: 'avatar' }),
    );
    expect(error.code).toBe(16);
  });
});

describe('the upload form', () => {
  it('refuses a forged signature, a changed policy or type, an unknown key', async () => {
    const user = await server.signUp();
    const form = await createForm(user);
    const png = await images.png();
    const policy = JSON.parse(Buffer.from(form.s3FormData.policy ?? '', 'base64').toString()) as {
      conditions: unknown[];
    };
    policy.conditions.push(['content-length-range', 1, 100 * AVATAR_MAX_BYTES]);
    const tampered: Record<string, string>[] = [
      { signature: 'A'.repeat(43) },
      { signature: '' },
      { policy: Buffer.from(JSON.stringify(policy)).toString('base64') },
      { 'Content-Type': 'image/svg+xml' },
      { key: crypto.randomUUID() },
      { key: '../../etc/passwd' },
    ];
    for (const fields of tampered) {
      const answer = await upload(form, png, { fields });
      expect(answer.status, JSON.stringify(fields)).toBe(403);
    }
    await expect.poll(() => storedFiles(user)).toEqual([]);
    expect((await upload(form, png)).status).toBe(204);
  });

  it('refuses another form signature for this file (forms are per file)', async () => {
    const user = await server.signUp();
    const mine = await createForm(user);
    const other = await createForm(user);
    const answer = await upload(mine, await images.png(), {
      fields: { signature: other.s3FormData.signature ?? '' },
    });
    expect(answer.status).toBe(403);
  });

  it('stores once: a repeat (a retry whose answer was lost) is done and changes nothing', async () => {
    const user = await server.signUp();
    const form = await createForm(user);
    expect((await upload(form, await images.png())).status).toBe(204);
    const first = (await download(form.file?.url ?? '')).bytes;
    expect((await upload(form, await images.jpeg())).status).toBe(204);
    expect((await download(form.file?.url ?? '')).bytes.equals(first)).toBe(true);
    await expect.poll(() => storedFiles(user)).toEqual([`${form.file?.id}.webp`]);
    // Its signature still has to be right.
    const forged = await upload(form, await images.jpeg(), { fields: { signature: 'x' } });
    expect(forged.status).toBe(403);
  });

  it('two posts of one form at once store one picture, whole', async () => {
    const user = await server.signUp();
    const form = await createForm(user);
    const answers = await Promise.all([
      upload(form, await images.png()),
      upload(form, await images.jpeg()),
      upload(form, await images.webp()),
    ]);
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204]);
    const { bytes } = await download(form.file?.url ?? '');
    const served = await sharp(bytes).metadata();
    expect([served.format, served.width]).toEqual(['webp', AVATAR_SIZE_PX]);
    await expect.poll(() => storedFiles(user)).toEqual([`${form.file?.id}.webp`]);
  });

  it('expires after 15 minutes', async () => {
    const user = await server.signUp();
    const form = await createForm(user);
    server.clock.advance(UPLOAD_FORM_TTL_MS);
    try {
      expect(await upload(form, await images.png())).toEqual({
        status: 403,
        message: 'upload form refused: expired',
      });
    } finally {
      server.clock.advance(-UPLOAD_FORM_TTL_MS);
    }
  });

  it('needs the fields before the file, each known and once', async () => {
    const user = await server.signUp();
    const form = await createForm(user);
    const png = await images.png();
    const fileFirst = new FormData();
    fileFirst.append('file', new Blob([png]), 'me.png');
    for (const [name, value] of Object.entries(form.s3FormData)) fileFirst.append(name, value);
    const answer = await fetch(local(form.postUrl), { method: 'POST', body: fileFirst });
    expect(answer.status).toBe(403);

    expect((await upload(form, png, { fields: { acl: 'public-read' } })).status).toBe(400);
    const notMultipart = await fetch(local(form.postUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form.s3FormData),
    });
    expect(notMultipart.status).toBe(400);
    expect((await upload(form, png)).status).toBe(204);
  });

  it('an account holds at most 10 unused forms an hour; older ones are cleared', async () => {
    const user = await server.signUp();
    const first = await createForm(user);
    for (let i = 1; i < MAX_UNUSED_FILES; i += 1) await createForm(user);
    await upload(first, await images.png());
    const refused = await rpcError(createForm(user));
    expect(refused.code).toBe(429);

    server.clock.advance(UNUSED_FILE_KEEP_MS);
    try {
      await createForm(user);
      // The unchosen upload went with the stale forms, bytes included (just after the answer).
      await expect.poll(() => storedFiles(user)).toEqual([]);
      expect((await download(first.file?.url ?? '')).response.status).toBe(404);
    } finally {
      server.clock.advance(-UNUSED_FILE_KEEP_MS);
    }
  });
});

describe('whose file it is', () => {
  it("UpdateUser refuses another user's file, a pending one and an unknown id alike", async () => {
    const owner = await server.signUp();
    const other = await server.signUp();
    const uploaded = await createForm(owner);
    await upload(uploaded, await images.png());
    await owner.client.call('UpdateUser', { avatar: uploaded.file?.id ?? '' });
    const pending = await createForm(other);

    for (const id of [uploaded.file?.id ?? '', pending.file?.id ?? '', crypto.randomUUID()]) {
      const error = await rpcError(other.client.call('UpdateUser', { avatar: id }));
      expect([error.code, error.message]).toEqual([
        400,
        'field "avatar": not an uploaded avatar of this account',
      ]);
    }
    expect(await avatarOf(other)).toBe('');
    expect(await avatarOf(owner)).toBe(uploaded.file?.url);
    // Removing one's own avatar never touches another's.
    await other.client.call('UpdateUser', { avatar: '' });
    expect((await download(uploaded.file?.url ?? '')).response.status).toBe(200);
  });

  it('deleting the account takes its avatar and uploads with it', async () => {
    const user = await server.signUp();
    const shown = await createForm(user);
    await upload(shown, await images.png());
    await user.client.call('UpdateUser', { avatar: shown.file?.id ?? '' });
    const unchosen = await createForm(user);
    await upload(unchosen, await images.jpeg());
    expect(await storedFiles(user)).toHaveLength(2);

    await user.client.call('DeleteAccount', { password: user.password });
    await expect
      .poll(() => existsSync(join(server.config.dataDir, 'files', user.userId)))
      .toBe(false);
    expect(await storedFiles(user)).toEqual([]);
    for (const form of [shown, unchosen]) {
      expect((await download(form.file?.url ?? '')).response.status).toBe(404);
    }
  });

  it('GET /files/{id} answers 404 for an unknown, pending or malformed id', async () => {
    const user = await server.signUp();
    const pending = await createForm(user);
    for (const id of [crypto.randomUUID(), pending.file?.id ?? '', 'x', '..%2F..%2Fplanner.db']) {
      const response = await fetch(`${server.url}/files/${id}`);
      expect(response.status, id).toBe(404);
    }
  });

  it('the API still reads raw bodies: a multipart body to a method is not a form', async () => {
    const user = await server.signUp();
    const body = new FormData();
    body.append('filename', 'a.png');
    const response = await fetch(`${server.url}/api/CreateFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body,
    });
    expect(response.status).toBe(400);
  });
});
