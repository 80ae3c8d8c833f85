// The image pipeline, run once at upload: tell the type from the bytes, refuse what is not an image,
// and have an image worker convert the rest (media.workers.ts: a process that can be stopped, with a
// time and a pixel budget). Nothing here runs when an image is served.
import { createHash } from 'node:crypto';
import { HttpError } from '../../lib/errors';
import type { ImageWorkers } from './media.workers';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The pixel budget: sharp's limitInputPixels, and what the BMP/ICO decoder checks before allocating. */
export const MAX_PIXELS = 40_000_000;

export type SourceKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'bmp' | 'ico' | 'svg';

export const ACCEPTED = 'PNG, JPEG, GIF, WebP, AVIF, BMP, ICO or SVG';

export interface ImageFile {
  /** The URL path it is served at. */
  path: string;
  type: string;
  width: number;
  bytes: Buffer;
  /** Where it is kept (issue 28): 's3' once put in the object store (default: the database). */
  storage?: 'db' | 's3';
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

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const shortHash = (hash: string) => hash.slice(0, 16);

const unsupported = (name: string) =>
  new HttpError('UNSUPPORTED_MEDIA_TYPE', `"${name}" is not a supported image. Upload a ${ACCEPTED} file.`);
export const unreadable = (name: string) =>
  new HttpError('VALIDATION_FAILED', `"${name}" could not be read as an image: it is damaged or incomplete.`);
export const tooManyPixels = (name: string, size?: string) =>
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

export interface UploadOptions {
  /** SHA-256 of the bytes, when the caller has it already. */
  hash?: string;
  /** Aborted when the upload is: the conversion is cancelled (its worker stopped). */
  signal?: AbortSignal;
}

/**
 * Checks and converts one uploaded file in an image worker. Refusals are HttpErrors naming the
 * file: 415 not an accepted type, 422 too many pixels, unreadable or over the time budget, 503 when
 * the workers' line is full.
 */
export async function processUpload(
  workers: ImageWorkers,
  bytes: Buffer,
  name: string,
  { hash = sha256(bytes), signal }: UploadOptions = {},
): Promise<ProcessedImage> {
  const kind = detectKind(bytes);
  if (!kind) throw unsupported(name);
  return workers.convert({ bytes, kind, name, hash }, signal);
}
