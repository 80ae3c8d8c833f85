// BMP and ICO decoding to RGBA pixels: libvips (and so sharp) reads neither. Uncompressed and
// bit-field bitmaps at 1, 4, 8, 16, 24 and 32 bits per pixel, which is what editors and icon tools
// write; RLE and embedded JPEG/PNG bitmaps are refused. An ICO gives its largest image (a PNG inside
// one is returned as it is, for sharp to read).

/** Why a bitmap cannot be decoded: `unsupported` (a variant we do not read) or `damaged`. */
export class BitmapError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'damaged' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, top row first. */
  data: Buffer;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const damaged = (what: string) => new BitmapError('damaged', what);

function need(buf: Buffer, end: number) {
  if (end > buf.length) throw damaged('the file ends too early');
}

/** A channel read through a bit mask, scaled to 0–255. */
function maskReader(mask: number): ((value: number) => number) | undefined {
  if (mask === 0) return undefined;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}

interface DibOptions {
  /** Where the pixel array starts (BMP: from the file header; ICO: right after the palette). */
  pixelOffset?: number;
  /** ICO images: the height counts the AND mask too, and the mask gives transparency. */
  icon?: boolean;
  maxPixels: number;
}

/** Decodes a device-independent bitmap starting at `start` (its info header). */
function decodeDib(buf: Buffer, start: number, options: DibOptions): RgbaImage {
  need(buf, start + 12);
  const headerSize = buf.readUInt32LE(start);
  let width: number;
  let rawHeight: number;
  let bpp: number;
  let compression = BI_RGB;
  let colorsUsed = 0;
  let paletteEntry = 4;
  if (headerSize === 12) {
    width = buf.readUInt16LE(start + 4);
    rawHeight = buf.readInt16LE(start + 6);
    bpp = buf.readUInt16LE(start + 10);
    paletteEntry = 3;
  } else if (headerSize >= 40 && headerSize <= 124) {
    need(buf, start + headerSize);
    width = buf.readInt32LE(start + 4);
    rawHeight = buf.readInt32LE(start + 8);
    bpp = buf.readUInt16LE(start + 14);
    compression = buf.readUInt32LE(start + 16);
    colorsUsed = buf.readUInt32LE(start + 32);
  } else {
    throw new BitmapError('unsupported', `a bitmap header of ${headerSize} bytes`);
  }
  const topDown = rawHeight < 0 && !options.icon;
  let height = Math.abs(rawHeight);
  if (options.icon) height = Math.floor(height / 2);
  if (width <= 0 || height <= 0) throw damaged('no pixels');
  if (width * height > options.maxPixels) {
    throw new BitmapError('too-large', `${width}×${height}`);
  }
  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS) {
    throw new BitmapError('unsupported', 'compressed bitmaps (RLE, JPEG or PNG inside a BMP)');
  }
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw new BitmapError('unsupported', `${bpp} bits per pixel`);

  // Bit fields: in the header from version 3 on, else right after a 40-byte header.
  let masks: number[] | undefined;
  let afterHeader = start + headerSize;
  if (compression !== BI_RGB) {
    const count = compression === BI_ALPHABITFIELDS ? 4 : 3;
    const at = headerSize >= 52 ? start + 40 : afterHeader;
    need(buf, at + count * 4);
    masks = Array.from({ length: count }, (_, i) => buf.readUInt32LE(at + i * 4));
    if (headerSize >= 56 && count === 3) masks.push(buf.readUInt32LE(start + 52));
    if (headerSize < 52) afterHeader += count * 4;
  } else if (bpp === 16) {
    masks = [0x7c00, 0x03e0, 0x001f];
  }

  let palette: Buffer | undefined;
  let paletteSize = 0;
  if (bpp <= 8) {
    paletteSize = colorsUsed > 0 && colorsUsed <= 2 ** bpp ? colorsUsed : 2 ** bpp;
    need(buf, afterHeader + paletteSize * paletteEntry);
    palette = buf.subarray(afterHeader, afterHeader + paletteSize * paletteEntry);
  }
  const pixels = options.pixelOffset ?? afterHeader + paletteSize * paletteEntry;
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  need(buf, pixels + stride * height);

  const out = Buffer.alloc(width * height * 4);
  const [r, g, b, a] = (masks ?? []).map(maskReader);
  let sawAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixels + stride * (topDown ? y : height - 1 - y);
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (palette) {
        const bitOffset = x * bpp;
        const byte = buf[row + (bitOffset >> 3)]!;
        const index = bpp === 8 ? byte : (byte >> (8 - bpp - (bitOffset & 7))) & ((1 << bpp) - 1);
        const p = Math.min(index, paletteSize - 1) * paletteEntry;
        out[o] = palette[p + 2]!;
        out[o + 1] = palette[p + 1]!;
        out[o + 2] = palette[p]!;
        out[o + 3] = 255;
      } else if (bpp === 24) {
        const p = row + x * 3;
        out[o] = buf[p + 2]!;
        out[o + 1] = buf[p + 1]!;
        out[o + 2] = buf[p]!;
        out[o + 3] = 255;
      } else {
        const value = bpp === 16 ? buf.readUInt16LE(row + x * 2) : buf.readUInt32LE(row + x * 4);
        if (r && g && b) {
          out[o] = r(value);
          out[o + 1] = g(value);
          out[o + 2] = b(value);
          out[o + 3] = a ? a(value) : 255;
        } else {
          // 32 bits, no masks: BGRA; the fourth byte is alpha only if the file uses it.
          out[o] = (value >>> 16) & 255;
          out[o + 1] = (value >>> 8) & 255;
          out[o + 2] = value & 255;
          out[o + 3] = value >>> 24;
          if (out[o + 3] !== 0) sawAlpha = true;
        }
      }
    }
  }
  const unmaskedBgra = bpp === 32 && !(r && g && b);
  if (unmaskedBgra && !sawAlpha) for (let i = 3; i < out.length; i += 4) out[i] = 255;

  // An icon's AND mask (1 bit per pixel, rows bottom-up) makes pixels transparent, unless alpha says it all.
  if (options.icon && !(unmaskedBgra && sawAlpha)) {
    const maskStart = pixels + stride * height;
    const maskStride = Math.floor((width + 31) / 32) * 4;
    if (maskStart + maskStride * height <= buf.length) {
      for (let y = 0; y < height; y++) {
        const row = maskStart + maskStride * (height - 1 - y);
        for (let x = 0; x < width; x++) {
          if ((buf[row + (x >> 3)]! >> (7 - (x & 7))) & 1) out[(y * width + x) * 4 + 3] = 0;
        }
      }
    }
  }
  return { width, height, data: out };
}

/** A Windows bitmap (starts with "BM"). */
export function decodeBmp(buf: Buffer, maxPixels: number): RgbaImage {
  need(buf, 26);
  const pixelOffset = buf.readUInt32LE(10);
  if (pixelOffset < 26 || pixelOffset > buf.length) throw damaged('its pixel data is missing');
  return decodeDib(buf, 14, { pixelOffset, maxPixels });
}

/** The largest image of an icon file: decoded pixels, or a PNG's bytes for sharp to read. */
export function decodeIco(buf: Buffer, maxPixels: number): RgbaImage | { png: Buffer } {
  need(buf, 6);
  const count = buf.readUInt16LE(4);
  if (count === 0) throw damaged('no images');
  need(buf, 6 + count * 16);
  let best: { size: number; bpp: number; offset: number; length: number } | undefined;
  for (let i = 0; i < count; i++) {
    const e = 6 + i * 16;
    const size = (buf[e] || 256) * (buf[e + 1] || 256);
    const bpp = buf.readUInt16LE(e + 6);
    const length = buf.readUInt32LE(e + 8);
    const offset = buf.readUInt32LE(e + 12);
    if (!best || size > best.size || (size === best.size && bpp > best.bpp)) best = { size, bpp, offset, length };
  }
  const { offset, length } = best!;
  need(buf, offset + Math.max(length, 12));
  const image = buf.subarray(offset, offset + length);
  if (image.subarray(0, 8).equals(PNG_SIGNATURE)) return { png: Buffer.from(image) };
  return decodeDib(image, 0, { icon: true, maxPixels });
}
