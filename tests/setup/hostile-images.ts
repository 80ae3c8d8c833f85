// Images made to hurt the server (issue 21, item 5a), written here byte by byte: an SVG whose filters
// take long to rasterise, and a bitmap that decodes to 40 megapixels from a few megabytes.

/**
 * A 600-byte SVG that keeps librsvg busy for tens of seconds: turbulence of ten octaves, blurred,
 * then a 9×9 convolution, over a 2048×2048 canvas (`stacks` repeats blur and convolution).
 */
export function svgFilterBomb(stacks = 1): Buffer {
  const kernel = Array(81).fill(1).join(' ');
  let filter =
    '<filter id="f" x="0" y="0" width="100%" height="100%" filterUnits="userSpaceOnUse">' +
    '<feTurbulence baseFrequency="0.9" numOctaves="10" result="s0"/>';
  for (let i = 0; i < stacks; i++) {
    filter +=
      `<feGaussianBlur in="s${i}" stdDeviation="40"/>` +
      `<feConvolveMatrix order="9" kernelMatrix="${kernel}" result="s${i + 1}"/>`;
  }
  filter += '</filter>';
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="2048" height="2048">' +
      `<defs>${filter}</defs><rect width="2048" height="2048" filter="url(#f)"/></svg>`,
  );
}

/**
 * A 1-bit BMP (two-colour palette), bottom-up rows, with a checkerboard of 8-pixel squares: 40
 * megapixels (8000×5000) in 5 MB. `declared` writes other dimensions in the header than the pixels
 * given (a header that lies).
 */
export function bmp1bit(width = 8000, height = 5000, declared?: { width: number; height: number }): Buffer {
  const stride = Math.ceil(width / 32) * 4;
  const offset = 14 + 40 + 8;
  const buf = Buffer.alloc(offset + stride * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(offset, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(declared?.width ?? width, 18);
  buf.writeInt32LE(declared?.height ?? height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(1, 28);
  buf.writeUInt32LE(2, 46);
  buf.writeUInt32LE(0x00203040, 54); // palette: a dark blue-grey…
  buf.writeUInt32LE(0x00f0e0d0, 58); // …and a light one
  for (let y = 0; y < height; y++) {
    const row = offset + y * stride;
    buf.fill((y >> 3) & 1 ? 0xff : 0x00, row, row + stride);
  }
  return buf;
}
