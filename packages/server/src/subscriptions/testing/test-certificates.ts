/**
 * A test certificate chain in the App Store's shape (root -> intermediate -> leaf, ECDSA P-256,
 * Apple's marker extensions on the intermediate and the leaf), written as DER with node:crypto.
 * Nothing here comes from outside: each test run makes its own keys.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

const tlv = (tag: number, content: Buffer): Buffer => {
  const n = content.length;
  const length =
    n < 0x80
      ? Buffer.from([n])
      : n < 0x100
        ? Buffer.from([0x81, n])
        : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
};
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const integer = (value: number) => tlv(0x02, Buffer.from([value & 0x7f]));
const bool = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));
const octets = (content: Buffer) => tlv(0x04, content);
const explicit = (n: number, content: Buffer) => tlv(0xa0 + n, content);
const bits = (content: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), content]));

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

const utcTime = (ms: number) =>
  tlv(0x17, Buffer.from(new Date(ms).toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));
const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn)))));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

interface TestCertificate {
  der: Buffer;
  privateKey: KeyObject;
}

function certificate(options: {
  serial: number;
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  signer: KeyObject;
  ca: boolean;
  marker?: string;
  notBefore: number;
  notAfter: number;
}): Buffer {
  const extensions = [
    seq(oid('2.5.29.19'), bool(true), octets(options.ca ? seq(bool(true)) : seq())),
    ...(options.marker ? [seq(oid(options.marker), octets(Buffer.from([0x05, 0x00])))] : []),
  ];
  const tbs = seq(
    explicit(0, integer(2)),
    integer(options.serial),
    ECDSA_SHA256,
    name(options.issuer),
    seq(utcTime(options.notBefore), utcTime(options.notAfter)),
    name(options.subject),
    options.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(...extensions)),
  );
  const signature = sign('sha256', tbs, { key: options.signer, dsaEncoding: 'der' });
  return seq(tbs, ECDSA_SHA256, bits(signature));
}

export interface TestChain {
  root: TestCertificate;
  intermediate: TestCertificate;
  leaf: TestCertificate;
  /** The JWS header's x5c: leaf, intermediate, root (base64 DER). */
  x5c: string[];
}

/** A chain valid from `from` to `to` (ms), as Apple's signing chain is. */
export function makeChain(from: number, to: number, label = 'Test'): TestChain {
  const keys = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const [rootKeys, midKeys, leafKeys] = [keys(), keys(), keys()];
  const dates = { notBefore: from, notAfter: to };
  const rootDer = certificate({
    serial: 1,
    subject: `${label} Root CA`,
    issuer: `${label} Root CA`,
    publicKey: rootKeys.publicKey,
    signer: rootKeys.privateKey,
    ca: true,
    ...dates,
  });
  const midDer = certificate({
    serial: 2,
    subject: `${label} Intermediate CA`,
    issuer: `${label} Root CA`,
    publicKey: midKeys.publicKey,
    signer: rootKeys.privateKey,
    ca: true,
    marker: '1.2.840.113635.100.6.2.1',
    ...dates,
  });
  const leafDer = certificate({
    serial: 3,
    subject: `${label} StoreKit Signing`,
    issuer: `${label} Intermediate CA`,
    publicKey: leafKeys.publicKey,
    signer: midKeys.privateKey,
    ca: false,
    marker: '1.2.840.113635.100.6.11.1',
    ...dates,
  });
  return {
    root: { der: rootDer, privateKey: rootKeys.privateKey },
    intermediate: { der: midDer, privateKey: midKeys.privateKey },
    leaf: { der: leafDer, privateKey: leafKeys.privateKey },
    x5c: [leafDer, midDer, rootDer].map((der) => der.toString('base64')),
  };
}

/** A PKCS#8 PEM of a new key (the App Store Connect API key, a Play service account). */
export function newPkcs8(type: 'ec' | 'rsa'): { pem: string; publicKey: KeyObject } {
  const pair =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { pem, publicKey: pair.publicKey };
}
