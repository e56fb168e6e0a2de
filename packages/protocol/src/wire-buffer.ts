/**
 * Byte-level protobuf writing and reading on plain JS numbers: int64 values are written and read
 * without going through bigint (every instant on the wire is an int64, so this is the hot path).
 */

const TWO_32 = 4_294_967_296;
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8');

/** The encoded size of an unsigned 32-bit varint. */
function varint32Size(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x200000) return 3;
  if (value < 0x10000000) return 4;
  return 5;
}

/** The largest buffer a writer keeps between messages. */
const KEPT_BUFFER_BYTES = 64 * 1024;

export class WireWriter {
  private buf = new Uint8Array(1024);
  private view = new DataView(this.buf.buffer);
  pos = 0;

  private ensure(extra: number): void {
    const needed = this.pos + extra;
    if (needed <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < needed) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buf.subarray(0, this.pos));
    this.buf = grown;
    this.view = new DataView(grown.buffer);
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  /**
   * Empty again, to write the next message: the buffer is kept, unless a large message grew it
   * past what messages usually need (then it is let go of rather than held for good).
   */
  reset(): void {
    this.pos = 0;
    if (this.buf.length > KEPT_BUFFER_BYTES) {
      this.buf = new Uint8Array(1024);
      this.view = new DataView(this.buf.buffer);
    }
  }

  /** An unsigned 32-bit varint (tags, lengths, uint32, non-negative int32). */
  uint32(value: number): void {
    this.ensure(5);
    const buf = this.buf;
    let v = value >>> 0;
    while (v > 0x7f) {
      buf[this.pos++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    buf[this.pos++] = v;
  }

  /** An int32: a negative one is sign-extended to ten bytes, as protobuf requires. */
  int32(value: number): void {
    if (value >= 0) this.uint32(value);
    else this.varint64(value >>> 0, 0xffffffff);
  }

  /** A safe integer as an int64 or uint64 varint (two's complement when negative). */
  int64(value: number): void {
    if (value >= 0) {
      if (value < TWO_32) {
        this.uint32(value);
        return;
      }
      this.varint64(value >>> 0, Math.floor(value / TWO_32));
      return;
    }
    const lo = ((value % TWO_32) + TWO_32) % TWO_32;
    this.varint64(lo, ((value - lo) / TWO_32) >>> 0);
  }

  /** A 64-bit varint from its low and high 32 bits (both unsigned). */
  private varint64(lo: number, hi: number): void {
    this.ensure(10);
    const buf = this.buf;
    for (let shift = 0; shift < 28; shift += 7) {
      const bits = lo >>> shift;
      const more = !(bits >>> 7 === 0 && hi === 0);
      buf[this.pos++] = (more ? bits | 0x80 : bits) & 0xff;
      if (!more) return;
    }
    const split = ((lo >>> 28) & 0x0f) | ((hi & 0x07) << 4);
    const moreHi = hi >>> 3 !== 0;
    buf[this.pos++] = (moreHi ? split | 0x80 : split) & 0xff;
    if (!moreHi) return;
    for (let shift = 3; shift < 31; shift += 7) {
      const bits = hi >>> shift;
      const more = bits >>> 7 !== 0;
      buf[this.pos++] = (more ? bits | 0x80 : bits) & 0xff;
      if (!more) return;
    }
    buf[this.pos++] = (hi >>> 31) & 0x01;
  }

  double(value: number): void {
    this.ensure(8);
    this.view.setFloat64(this.pos, value, true);
    this.pos += 8;
  }

  /** A length-prefixed UTF-8 string; short ASCII strings are copied without an encoder call. */
  string(value: string): void {
    const length = value.length;
    this.ensure(length * 3 + 5);
    const buf = this.buf;
    if (length < 0x80) {
      let p = this.pos + 1;
      let i = 0;
      for (; i < length; i += 1) {
        const c = value.charCodeAt(i);
        if (c >= 0x80) break;
        buf[p++] = c;
      }
      if (i === length) {
        buf[this.pos] = length;
        this.pos = p;
        return;
      }
    }
    const reserved = varint32Size(length * 3);
    const start = this.pos + reserved;
    const written = utf8Encoder.encodeInto(value, buf.subarray(start)).written;
    const prefix = varint32Size(written);
    if (prefix < reserved) buf.copyWithin(this.pos + prefix, start, start + written);
    this.uint32(written);
    this.pos += written;
  }

  bytes(value: Uint8Array): void {
    this.uint32(value.length);
    this.raw(value);
  }

  raw(value: Uint8Array): void {
    this.ensure(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
  }

  /** Starts a length-delimited part; one byte is reserved for its length. */
  fork(): number {
    this.ensure(1);
    this.pos += 1;
    return this.pos;
  }

  /** The bytes written since `fork` answered `start` (before `join`). */
  since(start: number): Uint8Array {
    return this.buf.slice(start, this.pos);
  }

  /** Ends the part `fork` started at `start`: writes its length, moving it when it needs more. */
  join(start: number): void {
    const length = this.pos - start;
    const prefix = varint32Size(length);
    if (prefix > 1) {
      this.ensure(prefix - 1);
      this.buf.copyWithin(start + prefix - 1, start, this.pos);
    }
    this.pos = start - 1;
    this.uint32(length);
    this.pos += length;
  }
}

/** Thrown on bytes that are not a protobuf message. */
export class MalformedError extends Error {}

export class WireReader {
  pos = 0;
  private readonly view: DataView;
  /** Low and high 32 bits of the last varint64 read. */
  lo = 0;
  hi = 0;

  constructor(readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  private byte(): number {
    if (this.pos >= this.buf.length) throw new MalformedError('premature end of data');
    return this.buf[this.pos++] ?? 0;
  }

  /** Reads a varint into lo and hi. */
  varint64(): void {
    let lo = 0;
    let hi = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = this.byte();
      lo |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) {
        this.lo = lo >>> 0;
        this.hi = 0;
        return;
      }
    }
    const middle = this.byte();
    lo |= (middle & 0x0f) << 28;
    hi = (middle & 0x70) >> 4;
    if ((middle & 0x80) === 0) {
      this.lo = lo >>> 0;
      this.hi = hi >>> 0;
      return;
    }
    for (let shift = 3; shift <= 31; shift += 7) {
      const b = this.byte();
      hi |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) {
        this.lo = lo >>> 0;
        this.hi = hi >>> 0;
        return;
      }
    }
    throw new MalformedError('invalid varint');
  }

  /** A varint's low 32 bits, unsigned (tags, lengths, uint32). */
  uint32(): number {
    const first = this.byte();
    if (first < 0x80) return first;
    this.pos -= 1;
    this.varint64();
    return this.lo;
  }

  double(): number {
    if (this.pos + 8 > this.buf.length) throw new MalformedError('premature end of data');
    const value = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return value;
  }

  /** The end of a length-delimited part that starts here. */
  delimitedEnd(): number {
    const length = this.uint32();
    const end = this.pos + length;
    if (end > this.buf.length) throw new MalformedError('premature end of data');
    return end;
  }

  string(): string {
    const end = this.delimitedEnd();
    const start = this.pos;
    this.pos = end;
    if (end === start) return '';
    // Short ASCII strings (ids, words, titles) are the common case: the decoder's call costs more.
    if (end - start <= 128) {
      const bytes = this.buf.subarray(start, end);
      let ascii = true;
      for (let i = 0; i < bytes.length; i += 1) {
        if ((bytes[i] ?? 0) >= 0x80) {
          ascii = false;
          break;
        }
      }
      if (ascii) return String.fromCharCode.apply(null, bytes as unknown as number[]);
    }
    return utf8Decoder.decode(this.buf.subarray(start, end));
  }

  bytes(): Uint8Array {
    const end = this.delimitedEnd();
    const value = this.buf.slice(this.pos, end);
    this.pos = end;
    return value;
  }

  /** Skips a field of an unknown number. */
  skip(wireType: number): void {
    switch (wireType) {
      case 0:
        this.varint64();
        return;
      case 1:
        this.pos += 8;
        break;
      case 2:
        this.pos = this.delimitedEnd();
        return;
      case 5:
        this.pos += 4;
        break;
      default:
        throw new MalformedError(`unsupported wire type ${wireType}`);
    }
    if (this.pos > this.buf.length) throw new MalformedError('premature end of data');
  }
}
