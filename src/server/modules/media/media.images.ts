// The image pipeline, run once at upload: tell the type from the bytes, refuse what cannot be read,
// apply the orientation, drop every piece of metadata, and make the fallback copy and the WebP/AVIF
// variants. Nothing here runs when an image is served.
import { createHash } from 'node:crypto';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { originalUrl, VARIANT_FORMATS, variantUrl, variantWidths } from '../../../shared/media';
import { HttpError } from '../../lib/errors';
import { workQueue } from '../../lib/work-queue';
import { BitmapError, decodeBmp, decodeIco } from './media.bitmaps';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
/** An SVG is rasterised so that its longest side is at least this (icons and logos stay sharp)… */
const SVG_MIN_SIDE = 1024;
/** …and at most this, unless it declares more itself. */
const SVG_MAX_SIDE = 2048;

/** Images processed at once (libuv's pool has 4 threads; leave some for the rest), and how many may wait. */
export const IMAGE_CONCURRENCY = 2;
export const IMAGE_QUEUE_MAX = 8;

export type SourceKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'bmp' | 'ico' | 'svg';

export const ACCEPTED = 'PNG, JPEG, GIF, WebP, AVIF, BMP, ICO or SVG';

export interface ImageFile {
  /** The URL path it is served at. */
  path: string;
  type: string;
  width: number;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** SHA-256 (hex) of the uploaded bytes. */
  hash: string;
  filename: string;
  type: string;
  width: number;
  height: number;
  /** The original (or its fallback-format copy) first, then the variants. */
  files: ImageFile[];
}

const queue = workQueue({
  concurrency: IMAGE_CONCURRENCY,
  maxWaiting: IMAGE_QUEUE_MAX,
  full: () => new HttpError('SERVICE_UNAVAILABLE', 'The server is busy with other uploads. Please try again.'),
});

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const shortHash = (hash: string) => hash.slice(0, 16);

const unsupported = (name: string) =>
  new HttpError('UNSUPPORTED_MEDIA_TYPE', `"${name}" is not a supported image. Upload a ${ACCEPTED} file.`);
const unreadable = (name: string) =>
  new HttpError('VALIDATION_FAILED', `"${name}" could not be read as an image: it is damaged or incomplete.`);
const tooManyPixels = (name: string, size?: string) =>
  new HttpError(
    'VALIDATION_FAILED',
    `"${name}" is too large${size ? ` (${size} pixels)` : ''}: images may have at most 40 megapixels.`,
  );
export const tooLarge = (name: string) =>
  new HttpError('PAYLOAD_TOO_LARGE', `"${name}" is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);

const startsWith = (bytes: Buffer, ...signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

/** An SVG document: optional XML declaration, comments and a DOCTYPE without an internal subset, then <svg. */
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*<svg[\s/>]/i;

function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/** The type, from the file's bytes alone (never its name or declared type). */
export function detectKind(bytes: Buffer): SourceKind | null {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return 'bmp';
  if (startsWith(bytes, 0, 0, 1, 0) && bytes.length >= 22 && bytes.readUInt16LE(4) > 0) return 'ico';
  if (SVG_START.test(bytes.toString('utf8', 0, 64 * 1024))) return 'svg';
  return null;
}

/** The types the library stores (what the pipeline below writes), with the kind their bytes must be. */
const STORED_KINDS: Readonly<Record<string, SourceKind>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
/** An original's or a variant's address (shared/media.ts): /media/{hash}/{w}x{h}.{ext} or /media/{hash}/{w}w.{format}. */
const STORED_PATH =
  /^\/media\/([0-9a-f]{16})\/(?:[1-9]\d{0,5}x[1-9]\d{0,5}\.(jpg|png|gif)|[1-9]\d{0,5}w\.(webp|avif))$/;

/**
 * Why a file could not be one this library stores, or null: a restored backup's files must be what
 * an upload makes (issue 21), under their item's folder (`hash`: its short hash), of the type their
 * name says, and their bytes that type by the same sniffing an upload goes through.
 */
export function storedFileProblem(file: { path: string; type: string; bytes: Buffer }, hash: string): string | null {
  const match = STORED_PATH.exec(file.path);
  if (!match) return "its path is not an uploaded image's address (/media/{hash}/{size}.{jpg|png|gif|webp|avif})";
  if (match[1] !== hash) return "its path is not under its media item's folder";
  const ext = match[2] ?? match[3]!;
  if (EXTENSION_TYPES[ext] !== file.type) return `its type "${file.type}" is not that of a .${ext} file`;
  const kind = detectKind(file.bytes);
  if (kind !== STORED_KINDS[file.type]) {
    return `its bytes are ${kind ? `${kind.toUpperCase()}` : 'not an image this site reads'}, not ${file.type}`;
  }
  return null;
}

/** Where sharp reads the image from, after our own decoding where libvips has none. */
interface Source {
  input: Buffer;
  options: SharpOptions;
  /** Lossless sources keep a lossless fallback (PNG); photos get JPEG. */
  lossless: boolean;
}

const BASE_OPTIONS: SharpOptions = {
  limitInputPixels: MAX_PIXELS,
  // Truncated or corrupt pixel data is refused; harmless warnings (extra bytes after a JPEG) are not.
  failOn: 'error',
  // GIF and WebP animations: the first frame.
  animated: false,
};

async function sourceOf(kind: SourceKind, bytes: Buffer, name: string): Promise<Source> {
  if (kind === 'bmp' || kind === 'ico') {
    let decoded;
    try {
      decoded = kind === 'bmp' ? decodeBmp(bytes, MAX_PIXELS) : decodeIco(bytes, MAX_PIXELS);
    } catch (error) {
      if (!(error instanceof BitmapError)) throw error;
      if (error.reason === 'too-large') throw tooManyPixels(name, error.message);
      if (error.reason === 'unsupported') {
        throw new HttpError(
          'UNSUPPORTED_MEDIA_TYPE',
          `"${name}" is a kind of ${kind.toUpperCase()} not supported here (${error.message}).`,
        );
      }
      throw unreadable(name);
    }
    if ('png' in decoded) return { input: decoded.png, options: BASE_OPTIONS, lossless: true };
    const { width, height, data } = decoded;
    return { input: data, options: { ...BASE_OPTIONS, raw: { width, height, channels: 4 } }, lossless: true };
  }
  if (kind === 'svg') {
    // Rasterised: what is stored and served is a PNG, so no script, link or foreign object survives.
    const meta = await sharp(bytes, BASE_OPTIONS).metadata();
    const longest = Math.max(meta.width, meta.height);
    const target = Math.min(Math.max(longest, SVG_MIN_SIDE), Math.max(longest, SVG_MAX_SIDE));
    const fit = Math.sqrt(MAX_PIXELS / (meta.width * meta.height));
    const scale = Math.min(target / longest, Math.max(1, fit));
    return { input: bytes, options: { ...BASE_OPTIONS, density: 72 * scale }, lossless: true };
  }
  return { input: bytes, options: BASE_OPTIONS, lossless: kind === 'png' };
}

function encodeOriginal(image: Sharp, kind: SourceKind, lossless: boolean, hasAlpha: boolean) {
  if (kind === 'gif') return { image: image.gif(), ext: 'gif', type: 'image/gif' };
  if (lossless || hasAlpha) return { image: image.png({ compressionLevel: 9 }), ext: 'png', type: 'image/png' };
  return { image: image.jpeg({ quality: 85, mozjpeg: true }), ext: 'jpg', type: 'image/jpeg' };
}

const ENCODERS = {
  webp: (image: Sharp) => image.webp({ quality: 80 }),
  avif: (image: Sharp) => image.avif({ quality: 55, effort: 2 }),
};

async function process(bytes: Buffer, kind: SourceKind, name: string, hash: string): Promise<ProcessedImage> {
  const source = await sourceOf(kind, bytes, name);
  const open = () => sharp(source.input, source.options).autoOrient();
  const meta = await sharp(source.input, { ...source.options, limitInputPixels: false }).metadata();
  if (meta.width * meta.height > MAX_PIXELS) throw tooManyPixels(name, `${meta.width}×${meta.height}`);

  // No withMetadata(): sharp writes no EXIF, XMP, IPTC or ICC profile (pixels are converted to sRGB).
  const original = encodeOriginal(open(), kind, source.lossless, meta.hasAlpha);
  const { data: originalBytes, info } = await original.image.toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const h = shortHash(hash);
  const files: ImageFile[] = [
    { path: originalUrl(h, width, height, original.ext), type: original.type, width, bytes: originalBytes },
  ];

  // Decoded once at the widest variant's size; each variant is resized from those pixels.
  const widths = variantWidths(width);
  const top = widths.at(-1)!;
  const pixels = await open()
    .resize({ width: top, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
  for (const w of widths) {
    for (const format of VARIANT_FORMATS) {
      const resized = sharp(pixels.data, { raw }).resize({ width: w });
      const out = await ENCODERS[format](resized).toBuffer();
      files.push({ path: variantUrl(h, w, format), type: `image/${format}`, width: w, bytes: out });
    }
  }
  return { hash, filename: name, type: original.type, width, height, files };
}

/** libvips' words for an image over the pixel limit. */
const PIXEL_LIMIT = /exceeds pixel limit/i;

/**
 * Checks and converts one uploaded file, in the image queue (503 when it is full). Refusals are
 * HttpErrors naming the file: 415 not an accepted type, 422 too many pixels or unreadable.
 */
export async function processUpload(bytes: Buffer, name: string, hash = sha256(bytes)): Promise<ProcessedImage> {
  const kind = detectKind(bytes);
  if (!kind) throw unsupported(name);
  return queue.run(async () => {
    try {
      return await process(bytes, kind, name, hash);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof Error && PIXEL_LIMIT.test(error.message)) throw tooManyPixels(name);
      throw unreadable(name);
    }
  });
}
