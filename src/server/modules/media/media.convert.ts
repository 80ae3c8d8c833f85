// The image conversion, run inside an image worker process (media.worker-process.ts), never in the server:
// decode (BMP and ICO by our own decoder), apply the orientation, drop every piece of metadata, and
// make the fallback copy and the WebP/AVIF variants.
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { originalUrl, VARIANT_FORMATS, variantUrl, variantWidths } from '../../../shared/media';
import { HttpError } from '../../lib/errors';
import { BitmapError, decodeBmp, decodeIco } from './media.bitmaps';
import {
  MAX_PIXELS,
  shortHash,
  tooManyPixels,
  unreadable,
  type ImageFile,
  type ProcessedImage,
  type SourceKind,
} from './media.images';

/** An SVG is rasterised so that its longest side is at least this (icons and logos stay sharp)… */
const SVG_MIN_SIDE = 1024;
/** …and at most this, unless it declares more itself. */
const SVG_MAX_SIDE = 2048;

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

/** libvips' words for an image over the pixel limit. */
const PIXEL_LIMIT = /exceeds pixel limit/i;

/**
 * Converts one upload whose kind is known. Refusals are HttpErrors naming the file: 415 a kind of
 * bitmap not read here, 422 too many pixels, or unreadable (whatever else a decoder throws).
 */
export async function convertImage(
  bytes: Buffer,
  kind: SourceKind,
  name: string,
  hash: string,
): Promise<ProcessedImage> {
  try {
    return await convert(bytes, kind, name, hash);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && PIXEL_LIMIT.test(error.message)) throw tooManyPixels(name);
    throw unreadable(name);
  }
}

async function convert(bytes: Buffer, kind: SourceKind, name: string, hash: string): Promise<ProcessedImage> {
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
