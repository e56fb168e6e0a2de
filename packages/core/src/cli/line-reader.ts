import type { Readable } from 'node:stream';

export type InputLine = { text: string } | { tooLongBytes: number };

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The lines of a byte stream, read as they arrive. Unlike readline it bounds the memory a
 * single line may take: a line over `maxLineBytes` is skipped to its end and reported as too
 * long, so one enormous line cannot exhaust memory or the string length limit. Splitting on the
 * newline byte never cuts a UTF-8 character; "\r\n" endings and a leading BOM are accepted.
 */
export async function* readLines(input: Readable, maxLineBytes: number): AsyncGenerator<InputLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let isTooLong = false;
  let isFirstLine = true;
  const finish = (): InputLine => {
    const line: InputLine = isTooLong
      ? { tooLongBytes: size }
      : { text: decode(parts, isFirstLine) };
    parts = [];
    size = 0;
    isTooLong = false;
    isFirstLine = false;
    return line;
  };
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      take(chunk.subarray(from, at));
      yield finish();
      from = at + 1;
    }
    take(chunk.subarray(from));
  }
  if (size > 0 || parts.length > 0) yield finish();

  function take(piece: Buffer): void {
    size += piece.length;
    if (size > maxLineBytes) isTooLong = true;
    if (isTooLong) parts = [];
    else if (piece.length > 0) parts.push(piece);
  }
}

function decode(parts: Buffer[], isFirstLine: boolean): string {
  let bytes = Buffer.concat(parts);
  if (bytes.at(-1) === CARRIAGE_RETURN) bytes = bytes.subarray(0, -1);
  const text = bytes.toString('utf8');
  return isFirstLine && text.startsWith('\uFEFF') ? text.slice(1) : text;
}
