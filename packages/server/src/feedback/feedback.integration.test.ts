import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_VERSION, ErrorCode } from '@planner/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../mail/mailer';
import { rpcError, startTestServer, type TestServer } from '../testing/test-server';
import type { FeedbackTables } from './tables';
import { FEEDBACK_COMMENT_MAX_CHARS } from './feedback-methods';
import { FEEDBACK_PER_WINDOW, FEEDBACK_WINDOW_MS } from './feedback-service';

const TEAM = 'team@planner.test';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { feedbackTo: TEAM } });
});
afterAll(async () => server.close());

/** The text of a mail as written (quoted-printable soft breaks and escapes undone). */
const bodyOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const storedFor = (userId: string) =>
  server.database.db
    .withTables<FeedbackTables>()
    .selectFrom('feedback')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();

/** Mails that reached the team so far (the outbox is shared by every test of this file). */
const teamMails = async () => (await server.mailsTo(TEAM, 0)).map((mail) => bodyOf(mail.raw));

describe('CreateFeedback', () => {
  it('stores the message and mails it to the team with who sent it and from which version', async () => {
    const user = await server.signUp();
    const before = (await teamMails()).length;
    const comment = 'The week view could show the category colours more clearly, please.';

    await user.client.call('CreateFeedback', { email: ' Reply@Example.com ', comment });

    const [row] = await storedFor(user.userId);
    expect(row).toMatchObject({ email: 'Reply@Example.com', comment, app_version: APP_VERSION });
    expect(Number(row?.created_at)).toBe(server.clock.now());
    const mails = await server.mailsTo(TEAM, before + 1);
    const mail = bodyOf(mails.at(-1)?.raw ?? '');
    expect(mail).toContain('Subject: Planner feedback');
    expect(mail).toContain(`Account id: ${user.userId}`);
    expect(mail).toContain(`Account e-mail: ${user.email}`);
    expect(mail).toContain('Reply to: Reply@Example.com');
    // A reply from the team's mail program goes to the person, not to the no-reply sender.
    expect(mails.at(-1)?.raw ?? '').toMatch(/^Reply-To: Reply@example\.com$/im);
    expect(mail).toContain(`App version: ${APP_VERSION}`);
    expect(mail).toContain(comment);
    // The comment is the user's words: no log line carries them.
    expect(server.logs.join('\n')).not.toContain('category colours');
  });

  it('accepts feedback without an e-mail', async () => {
    const user = await server.signUp();
    const before = (await teamMails()).length;
    await user.client.call('CreateFeedback', { email: '', comment: 'Works for me.' });
    expect(await storedFor(user.userId)).toMatchObject([{ email: '', comment: 'Works for me.' }]);
    const mails = await server.mailsTo(TEAM, before + 1);
    const mail = mails.map((m) => bodyOf(m.raw)).find((m) => m.includes(user.userId));
    expect(mail).toContain('Reply to: (not given)');
    const raw = mails.find((m) => bodyOf(m.raw).includes(user.userId))?.raw ?? '';
    expect(raw).not.toMatch(/^Reply-To:/m);
  });

  it('refuses a bad e-mail and an empty comment with the spec keys, storing and mailing nothing', async () => {
    const user = await server.signUp();
    const before = (await teamMails()).length;
    const badEmail = await rpcError(
      user.client.call('CreateFeedback', { email: 'not-an-address', comment: 'Hello' }),
    );
    expect(badEmail).toMatchObject({ code: ErrorCode.InvalidInput, message: 'invalid.enterEmail' });
    const blank = await rpcError(
      user.client.call('CreateFeedback', { email: '', comment: '  \n\t ' }),
    );
    expect(blank).toMatchObject({ code: ErrorCode.InvalidInput, message: 'invalid.enterFeedback' });

    expect(await storedFor(user.userId)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await teamMails()).toHaveLength(before);
  });

  it('bounds the comment and the e-mail at the edge', async () => {
    const user = await server.signUp();
    const long = await server.postJson(
      'CreateFeedback',
      { comment: 'x'.repeat(FEEDBACK_COMMENT_MAX_CHARS + 1) },
      { authorization: `Bearer ${user.token}` },
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(
      `field "comment": at most ${FEEDBACK_COMMENT_MAX_CHARS} characters`,
    );
    const longEmail = await rpcError(
      user.client.call('CreateFeedback', { email: `${'a'.repeat(250)}@b.co`, comment: 'Hi' }),
    );
    expect(longEmail.message).toBe('invalid.enterEmail');
    // The longest comment allowed goes through.
    await user.client.call('CreateFeedback', { comment: 'y'.repeat(FEEDBACK_COMMENT_MAX_CHARS) });
    expect(await storedFor(user.userId)).toHaveLength(1);
  });

  it('limits each user to a few messages an hour, without touching other users', async () => {
    const start = server.clock.now();
    const chatty = await server.signUp();
    const other = await server.signUp();
    for (let i = 0; i < FEEDBACK_PER_WINDOW; i++) {
      await chatty.client.call('CreateFeedback', { comment: `Note ${i}` });
      server.clock.advance(60_000);
    }
    const refused = await server.postJson(
      'CreateFeedback',
      { comment: 'One too many' },
      { authorization: `Bearer ${chatty.token}` },
    );
    expect(refused.status).toBe(ErrorCode.RateLimited);
    // The first message leaves the window an hour after it was sent.
    const waitSec = Math.ceil((start + FEEDBACK_WINDOW_MS - server.clock.now()) / 1000);
    expect(refused.headers.get('retry-after')).toBe(String(waitSec));
    await other.client.call('CreateFeedback', { comment: 'Mine goes through' });

    server.clock.advance(waitSec * 1000);
    await chatty.client.call('CreateFeedback', { comment: 'After the hour' });
    expect(await storedFor(chatty.userId)).toHaveLength(FEEDBACK_PER_WINDOW + 1);
  });

  it('needs a session', async () => {
    const error = await rpcError(server.client().call('CreateFeedback', { comment: 'Hi' }));
    expect(error.code).toBe(ErrorCode.SessionInvalid);
  });
});

describe('CreateFeedback without FEEDBACK_TO', () => {
  it('stores the message and mails no one', async () => {
    const quiet = await startTestServer();
    try {
      const user = await quiet.signUp();
      await user.client.call('CreateFeedback', { comment: 'Stored only' });
      const rows = await quiet.database.db
        .withTables<FeedbackTables>()
        .selectFrom('feedback')
        .select('comment')
        .where('user_id', '=', user.userId)
        .execute();
      expect(rows).toEqual([{ comment: 'Stored only' }]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const outbox = outboxDir(quiet.config.dataDir);
      const files = await readdir(outbox).catch(() => []);
      const mails = await Promise.all(files.map((f) => readFile(join(outbox, f), 'utf8')));
      expect(mails.filter((m) => m.includes('Planner feedback'))).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
