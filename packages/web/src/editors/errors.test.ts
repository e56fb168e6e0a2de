import { ErrorCode, RpcError } from '@planner/protocol';
import { describe, expect, it } from 'vitest';
import editors from '../i18n/editors/en.json';
import app from '../i18n/locales/en.json';
import { editorMessageKey, GENERIC_INVALID_KEY } from './errors';

// The sources of the methods the editors call, and core's checks they reuse.
const sources = import.meta.glob<string>(
  [
    '../../../server/src/{tasks,events,reminders,categories}/**/*.ts',
    '../../../core/src/**/*.ts',
    '!**/*.test.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, path: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return false;
    node = node[part];
  }
  return typeof node === 'string';
}

const editorsHas = (key: string) => key.startsWith('editors:') && has(editors, key.slice(8));

describe('server messages on the editors', () => {
  it('every message key the planning methods can answer has English words', () => {
    const keys = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const [, key = ''] of text.matchAll(/'(invalid\.\w+|numCategories)'/gu)) keys.add(key);
    }
    expect(keys.size).toBeGreaterThan(15);
    const missing = [...keys].filter((key) => !has(editors, key) && !has(app, key));
    expect(missing).toEqual([]);
  });

  it('a known key is shown in the editors wording', () => {
    const error = new RpcError(ErrorCode.InvalidInput, 'invalid.tooManyNotifications', 'x');
    expect(editorMessageKey(error, editorsHas)).toBe('editors:invalid.tooManyNotifications');
    const limit = new RpcError(ErrorCode.PremiumOnly, 'numCategories', 'PutCategory');
    expect(editorMessageKey(limit, editorsHas)).toBe('editors:numCategories');
  });

  it('a rejected input without a known key reads as a general sentence, never the raw text', () => {
    for (const message of ['field "rest": 0 to 24 hours', 'invalid.somethingNew', '']) {
      const error = new RpcError(ErrorCode.InvalidInput, message, 'PutTask');
      expect(editorMessageKey(error, editorsHas)).toBe(GENERIC_INVALID_KEY);
    }
    expect(has(editors, GENERIC_INVALID_KEY.slice(8))).toBe(true);
  });

  it('other failures are left to the app (network, server error)', () => {
    expect(editorMessageKey(new RpcError(ErrorCode.Internal, 'boom', 'PutTask'), editorsHas)).toBe(
      null,
    );
    expect(editorMessageKey(new Error('offline'), editorsHas)).toBe(null);
  });
});
