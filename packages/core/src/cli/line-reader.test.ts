import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { InputLine } from './line-reader';
import { readLines } from './line-reader';

async function collect(chunks: string[], maxLineBytes = 1000): Promise<InputLine[]> {
  const lines: InputLine[] = [];
  const input = Readable.from(chunks.map((c) => Buffer.from(c, 'utf8')));
  for await (const line of readLines(input, maxLineBytes)) lines.push(line);
  return lines;
}

describe('readLines', () => {
  it('splits lines across chunk boundaries, keeps empty lines, drops the final newline', async () => {
    expect(await collect(['ab', 'c\n\nde', 'f\n'])).toEqual([
      { text: 'abc' },
      { text: '' },
      { text: 'def' },
    ]);
  });

  it('reads a last line without a newline, CRLF endings and a leading BOM', async () => {
    expect(await collect(['\uFEFFone\r\ntwo'])).toEqual([{ text: 'one' }, { text: 'two' }]);
  });

  it('keeps multi-byte characters split between chunks intact', async () => {
    const bytes = Buffer.from('"été"\n', 'utf8');
    const input = Readable.from([bytes.subarray(0, 2), bytes.subarray(2)]);
    const lines: InputLine[] = [];
    for await (const line of readLines(input, 100)) lines.push(line);
    expect(lines).toEqual([{ text: '"été"' }]);
  });

  it('reports an over-long line without keeping it, then reads on', async () => {
    expect(await collect(['x'.repeat(30), 'y'.repeat(30), '\nok\n'], 50)).toEqual([
      { tooLongBytes: 60 },
      { text: 'ok' },
    ]);
  });
});
