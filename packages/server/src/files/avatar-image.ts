import sharp from 'sharp';
import { AppError, invalid } from '../rpc/errors';

/** Avatars are served as this square, whatever was uploaded. */
export const AVATAR_SIZE_PX = 256;
export const AVATAR_TYPE = 'image/webp';
/** The largest upload an avatar form accepts. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Width times height an upload may claim (a 48-megapixel phone photo fits). A few kilobytes of
 * PNG can claim a gigapixel; sharp refuses before decoding, from the header's dimensions.
 */
const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

/** The message keys an avatar upload is refused with (the web app translates them). */
export const AvatarError = {
  /** Not a PNG, JPEG or WebP by its content. */
  type: 'invalid.avatarType',
  /** Claims to be one but does not decode. */
  unreadable: 'invalid.avatarUnreadable',
  /** More than AVATAR_MAX_BYTES. */
  fileTooBig: 'invalid.avatarFileTooBig',
  /** More than AVATAR_MAX_INPUT_PIXELS. */
  imageTooLarge: 'invalid.avatarImageTooLarge',
} as const;

type Format = 'png' | 'jpeg' | 'webp';

/**
 * The format by the file's first bytes (its name and the type the browser claims mean
 * nothing): PNG's signature, JPEG's start-of-image marker, WebP's RIFF....WEBP header. Only
 * these three ever reach the decoder, so sharp's SVG, GIF, TIFF, PDF or HEIF readers never see
 * an upload.
 */
function sniffFormat(bytes: Uint8Array): Format | undefined {
  const starts = (signature: readonly number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Checks an upload and re-encodes it: turned upright by its EXIF orientation, cropped to a
 * centred square of AVATAR_SIZE_PX, written as WebP in sRGB with no metadata (sharp drops EXIF,
 * GPS and comments unless asked to keep them). Throws invalid() with an AvatarError key.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  const format = sniffFormat(bytes);
  if (!format) throw invalid(AvatarError.type);
  const options = {
    limitInputPixels: AVATAR_MAX_INPUT_PIXELS,
    failOn: 'error',
    autoOrient: true,
  } as const;
  try {
    // The header must agree with the signature (a PNG signature on a GIF body is refused).
    const metadata = await sharp(bytes, options).metadata();
    if (metadata.format !== format) throw invalid(AvatarError.type);
    return await sharp(bytes, options)
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (isPixelLimit(error)) throw invalid(AvatarError.imageTooLarge);
    if (error instanceof AppError) throw error;
    throw invalid(AvatarError.unreadable);
  }
}
