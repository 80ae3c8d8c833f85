// The media library through the API, with real image files made here with sharp (and by hand for
// BMP and ICO): accepted types, refusals, metadata stripping, variants, duplicates, deletes and serving.
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMediaUrl, variantUrl, variantWidths } from '../../../shared/media';
import { MediaItemSchema, MediaListSchema, type MediaItem } from '../../../shared/schemas/media';
import { requests } from '../../../../tests/setup/api';
import { multipart, type FormPart } from '../../../../tests/setup/multipart';
import { createTestApp, staffSessions, type TestContext } from '../../../../tests/setup/test-app';
import { media, mediaFiles } from '../../db/schema';

let ctx: TestContext;
let editor: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ editor } = await staffSessions(ctx));
});

const { send } = requests(
  () => ctx.app,
  () => editor,
);

// ---- Image files -----------------------------------------------------------------------------------

/** A smooth gradient (small once compressed, unlike noise), different for each seed. */
function pixels(width: number, height: number, channels: 3 | 4, seed = 0): Buffer {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      data[o] = (x * 255) / width;
      data[o + 1] = (y * 255) / height;
      data[o + 2] = (seed * 37) % 256;
      if (channels === 4) data[o + 3] = x < width / 2 ? 255 : 96;
    }
  }
  return data;
}

const image = (width: number, height: number, channels: 3 | 4 = 3, seed = 0) =>
  sharp(pixels(width, height, channels, seed), { raw: { width, height, channels } });

/** A 24-bit BMP, bottom-up rows, written by hand. */
function bmp24(width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + stride * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = 54 + (height - 1 - y) * stride + x * 3;
      buf[o] = 200; // blue
      buf[o + 1] = (y * 255) / height; // green
      buf[o + 2] = (x * 255) / width; // red
    }
  }
  return buf;
}

/** An ICO with a 16×16 32-bit bitmap and a 48×48 PNG: the larger is taken. */
async function ico(): Promise<Buffer> {
  const dib = Buffer.alloc(40 + 16 * 16 * 4 + 16 * 4);
  dib.writeUInt32LE(40, 0);
  dib.writeInt32LE(16, 4);
  dib.writeInt32LE(32, 8);
  dib.writeUInt16LE(1, 12);
  dib.writeUInt16LE(32, 14);
  for (let i = 0; i < 256; i++) dib.writeUInt32LE(0xff0000ff, 40 + i * 4);
  const png = await image(48, 48, 4).png().toBuffer();
  const header = Buffer.alloc(6 + 2 * 16);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(2, 4);
  const entry = (at: number, size: number, bpp: number, length: number, offset: number) => {
    header[at] = size;
    header[at + 1] = size;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(bpp, at + 6);
    header.writeUInt32LE(length, at + 8);
    header.writeUInt32LE(offset, at + 12);
  };
  entry(6, 16, 32, dib.length, header.length);
  entry(22, 48, 32, png.length, header.length + dib.length);
  return Buffer.concat([header, dib, png]);
}

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20">' +
    '<script>alert(1)</script><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>' +
    '<image xlink:href="https://example.com/x.png" width="10" height="10"/><rect width="40" height="20" fill="#c33"/></svg>',
);

// ---- Calls ------------------------------------------------------------------------------------------

function upload(parts: FormPart[], cookie: string | null = editor) {
  const { payload, headers } = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

async function uploadOne(filename: string, data: Buffer, alt?: string): Promise<MediaItem> {
  const res = await upload([
    ...(alt === undefined ? [] : [{ name: 'alt', value: alt }]),
    { name: 'file', filename, data },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const [item] = res.json() as MediaItem[];
  expect(MediaItemSchema.parse(item)).toEqual(item);
  return item!;
}

const serve = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

function expectError(res: LightMyRequestResponse, status: number, code: string, message?: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message: string; code: string };
  expect(body.code).toBe(code);
  if (message) expect(body.message).toMatch(message);
}

async function mediaCount(): Promise<number> {
  return (await ctx.database.db.select({ id: media.id }).from(media)).length;
}

/** Every stored file of an item, served, with sharp's reading of it. */
async function servedFiles(item: MediaItem) {
  const urls = [item.url, ...item.variants.map((v) => v.url)];
  return Promise.all(
    urls.map(async (url) => {
      const res = await serve(url);
      expect(res.statusCode, url).toBe(200);
      return { url, res, bytes: res.rawPayload, meta: await sharp(res.rawPayload).metadata() };
    }),
  );
}

// ---- Tests ------------------------------------------------------------------------------------------

describe('POST /api/admin/media: accepted types', () => {
  it.each<[string, () => Promise<Buffer> | Buffer, { type: string; width: number; height: number }]>([
    ['photo.jpg', () => image(800, 600).jpeg().toBuffer(), { type: 'image/jpeg', width: 800, height: 600 }],
    ['opaque.png', () => image(300, 200).png().toBuffer(), { type: 'image/png', width: 300, height: 200 }],
    ['alpha.png', () => image(300, 200, 4).png().toBuffer(), { type: 'image/png', width: 300, height: 200 }],
    ['anim.gif', () => image(120, 80).gif().toBuffer(), { type: 'image/gif', width: 120, height: 80 }],
    ['photo.webp', () => image(500, 400).webp().toBuffer(), { type: 'image/jpeg', width: 500, height: 400 }],
    ['clear.webp', () => image(500, 400, 4).webp().toBuffer(), { type: 'image/png', width: 500, height: 400 }],
    ['photo.avif', () => image(400, 300).avif().toBuffer(), { type: 'image/jpeg', width: 400, height: 300 }],
    ['bitmap.bmp', () => bmp24(33, 21), { type: 'image/png', width: 33, height: 21 }],
    ['favicon.ico', () => ico(), { type: 'image/png', width: 48, height: 48 }],
    // SVG is rasterised (at least 1024 px on its longest side): scripts and links cannot survive.
    ['logo.svg', () => SVG, { type: 'image/png', width: 1024, height: 512 }],
  ])('%s is stored with its variants and served', async (filename, make, expected) => {
    const item = await uploadOne(filename, await make());
    expect(item).toMatchObject({ ...expected, filename, alt: '', usedBy: [] });
    const parsed = parseMediaUrl(item.url)!;
    expect(parsed).toMatchObject({ width: expected.width, height: expected.height });
    expect(item.variants.map((v) => `${v.width} ${v.type}`)).toEqual(
      variantWidths(expected.width).flatMap((w) => [`${w} image/avif`, `${w} image/webp`]),
    );
    for (const v of item.variants)
      expect(v.url).toBe(variantUrl(parsed.hash, v.width, v.type === 'image/avif' ? 'avif' : 'webp'));
    const files = await servedFiles(item);
    expect(files[0]!.meta).toMatchObject({ width: expected.width, height: expected.height });
    expect(files[0]!.res.headers['content-type']).toBe(expected.type);
    expect(item.bytes).toBe(files[0]!.bytes.length);
    for (const file of files.slice(1)) {
      const width = Number(/(\d+)w\./.exec(file.url)![1]);
      expect(file.meta.width).toBe(width);
      expect(file.meta.format).toBe(file.url.endsWith('.avif') ? 'heif' : 'webp');
    }
    if (filename === 'logo.svg') for (const file of files) expect(file.bytes.includes('script')).toBe(false);
  });

  it('keeps transparency where the image has it', async () => {
    const item = await uploadOne('half-clear.png', await image(64, 32, 4, 3).png().toBuffer());
    const raw = await sharp((await serve(item.url)).rawPayload)
      .ensureAlpha()
      .raw()
      .toBuffer();
    expect(raw[3]).toBe(255);
    expect(raw[(64 - 1) * 4 + 3]).toBe(96);
  });

  it('takes the file name as sent, UTF-8 included, without folders', async () => {
    const item = await uploadOne('../Ünïcødé 🎮.png', await image(10, 10, 3, 9).png().toBuffer());
    expect(item.filename).toBe('Ünïcødé 🎮.png');
  });
});

describe('POST /api/admin/media: refusals', () => {
  it('refuses a text file named .png (415), by its bytes', async () => {
    const before = await mediaCount();
    const res = await upload([
      { name: 'file', filename: 'notes.png', data: Buffer.from('just some text'), type: 'image/png' },
    ]);
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', /^"notes\.png" is not a supported image/);
    expect(await mediaCount()).toBe(before);
  });

  it('refuses a truncated JPEG (422)', async () => {
    const jpeg = await image(640, 480, 3, 4).jpeg().toBuffer();
    const res = await upload([{ name: 'file', filename: 'cut.jpg', data: jpeg.subarray(0, jpeg.length / 2) }]);
    expectError(res, 422, 'VALIDATION_FAILED', /^"cut\.jpg" could not be read/);
  });

  it('refuses a file over 10 MB (413)', async () => {
    const big = Buffer.concat([await image(10, 10).png().toBuffer(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload([{ name: 'file', filename: 'huge.png', data: big }]);
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', /^"huge\.png" is larger than 10 MB/);
  });

  it('refuses more than 40 megapixels (422): a real 8000×6000 image', async () => {
    const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const res = await upload([{ name: 'file', filename: 'big.png', data: big }]);
    expectError(res, 422, 'VALIDATION_FAILED', /^"big\.png" is too large \(8000×6000 pixels\)/);
  });

  it('refuses a pixel bomb: a tiny PNG that declares 10000×10000 (422)', async () => {
    const png = await image(8, 8).png().toBuffer();
    // IHDR's width and height, then its CRC (PNG checks it).
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const res = await upload([{ name: 'file', filename: 'bomb.png', data: png }]);
    expectError(res, 422, 'VALIDATION_FAILED', /^"bomb\.png" is too large/);
  });

  it('refuses a BMP that declares too many pixels (422) and a compressed one (415)', async () => {
    const huge = bmp24(4, 4);
    huge.writeInt32LE(10_000, 18);
    huge.writeInt32LE(10_000, 22);
    expectError(await upload([{ name: 'file', filename: 'huge.bmp', data: huge }]), 422, 'VALIDATION_FAILED');
    const rle = bmp24(4, 4);
    rle.writeUInt32LE(1, 30);
    expectError(
      await upload([{ name: 'file', filename: 'rle.bmp', data: rle }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /rle\.bmp/,
    );
    const cut = bmp24(40, 40).subarray(0, 200);
    expectError(await upload([{ name: 'file', filename: 'cut.bmp', data: cut }]), 422, 'VALIDATION_FAILED', /cut\.bmp/);
  });

  it('stores none of the files when one is refused, and names the first refused one', async () => {
    const before = await mediaCount();
    const good = await image(50, 50, 3, 11).png().toBuffer();
    const res = await upload([
      { name: 'file', filename: 'good.png', data: good },
      { name: 'file', filename: 'bad.gif', data: Buffer.from('GIF89a but not really') },
      { name: 'file', filename: 'text.png', data: Buffer.from('text') },
    ]);
    expectError(res, 422, 'VALIDATION_FAILED', /^"bad\.gif"/);
    expect(await mediaCount()).toBe(before);
  });

  it('refuses a NUL in a multipart field like in a JSON body (422 naming the field), storing nothing', async () => {
    const count = await mediaCount();
    const data = await image(20, 20, 3, 32).png().toBuffer();
    for (const parts of [
      [
        { name: 'alt', value: 'A red\u0000square' },
        { name: 'file', filename: 'nul.png', data },
      ],
      [
        { name: 'file', filename: 'nul.png', data },
        { name: 'note', value: '\u0000' },
      ],
    ]) {
      const res = await upload(parts);
      expectError(res, 422, 'VALIDATION_FAILED', /^Must not contain NUL characters$/);
      const field = parts.find((p) => 'value' in p)!.name;
      expect((res.json() as { issues: unknown }).issues).toEqual([
        { path: field, message: 'Must not contain NUL characters' },
      ]);
    }
    // The same rule, the same answer, as the JSON path.
    const item = await uploadOne('clean.png', data);
    const json = await send('PATCH', `/api/admin/media/${item.id}`, { alt: 'A red\u0000square' });
    expect(json.json()).toEqual({
      message: 'Must not contain NUL characters',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'alt', message: 'Must not contain NUL characters' }],
    });
    expect(await mediaCount()).toBe(count + 1);
  });

  it('answers 415 to a body that is not multipart, 400 to a broken one, 422 to one without files', async () => {
    const json = await send('POST', '/api/admin/media', { file: 'x' });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { cookie: editor, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunfinished',
    });
    expectError(broken, 400, 'BAD_REQUEST');
    expectError(await upload([{ name: 'alt', value: 'only text' }]), 422, 'VALIDATION_FAILED', /Choose an image/);
    expectError(
      await upload([
        { name: 'alt', value: 'x'.repeat(501) },
        { name: 'file', filename: 'a.png', data: await image(5, 5).png().toBuffer() },
      ]),
      422,
      'VALIDATION_FAILED',
      /500 characters/,
    );
  });
});

describe('metadata and orientation', () => {
  it('strips EXIF (GPS included) from every stored file and applies the orientation', async () => {
    const source = await image(300, 200, 3, 5)
      .jpeg()
      .withExif({
        IFD0: { ImageDescription: 'SECRET-MARKER', Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 43/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.exif?.includes('GPS') || sourceMeta.exif?.includes('SECRET-MARKER')).toBe(true);
    expect(sourceMeta.orientation).toBe(6);

    const item = await uploadOne('gps.jpg', source);
    // Orientation 6 is a quarter turn: 300×200 stored upright as 200×300.
    expect(item).toMatchObject({ width: 200, height: 300 });
    const stored = await ctx.database.db.select().from(mediaFiles);
    const own = stored.filter((f) => f.path.startsWith(item.url.slice(0, item.url.lastIndexOf('/') + 1)));
    expect(own.length).toBe(1 + item.variants.length);
    for (const file of own) {
      const bytes = file.bytes!;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, file.path).toBeUndefined();
      expect(meta.xmp, file.path).toBeUndefined();
      expect(meta.icc, file.path).toBeUndefined();
      expect(meta.orientation ?? 1, file.path).toBe(1);
      for (const text of ['Exif', 'GPS', 'SECRET-MARKER', 'PhoneCo'])
        expect(bytes.includes(text), `${file.path} ${text}`).toBe(false);
    }
  });

  it('drops a non-sRGB colour profile (pixels converted)', async () => {
    const item = await uploadOne('p3.jpg', await image(120, 90, 3, 6).withIccProfile('p3').jpeg().toBuffer());
    for (const file of await servedFiles(item)) expect(file.meta.icc, file.url).toBeUndefined();
  });
});

describe('variants', () => {
  it('a portrait image gets variants up to its own width, never upscaled', async () => {
    const item = await uploadOne('portrait.png', await image(1080, 1920, 3, 7).png().toBuffer());
    expect(item).toMatchObject({ width: 1080, height: 1920 });
    expect([...new Set(item.variants.map((v) => v.width))]).toEqual([320, 640, 1080]);
    for (const file of (await servedFiles(item)).slice(1)) {
      const width = Number(/(\d+)w\./.exec(file.url)![1]);
      expect(file.meta).toMatchObject({ width, height: Math.round((width * 1920) / 1080) });
    }
  });

  it('a wide image stops at 1920; a small one has one size', async () => {
    const wide = await uploadOne('wide.jpg', await image(2400, 600, 3, 8).jpeg().toBuffer());
    expect([...new Set(wide.variants.map((v) => v.width))]).toEqual([320, 640, 1280, 1920]);
    const small = await uploadOne('small.png', await image(200, 100, 3, 8).png().toBuffer());
    expect(small.variants.map((v) => v.width)).toEqual([200, 200]);
  });

  it('the shared helpers agree', () => {
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(1000)).toEqual([320, 640, 1000]);
    expect(variantWidths(5000)).toEqual([320, 640, 1280, 1920]);
    expect(parseMediaUrl('/media/0123456789abcdef/800x600.jpg')).toEqual({
      hash: '0123456789abcdef',
      width: 800,
      height: 600,
      ext: 'jpg',
    });
    expect(parseMediaUrl('/media/demo/shot-1.svg')).toBeNull();
    expect(parseMediaUrl('/media/0123456789abcdef/640w.webp')).toBeNull();
  });
});

describe('duplicates, list, alt text and delete', () => {
  it('the same bytes uploaded again give the existing item, which takes the alt typed now only if it has none', async () => {
    const bytes = await image(90, 60, 3, 31).png().toBuffer();
    const first = await uploadOne('first.png', bytes);
    expect(first.alt).toBe('');
    const count = await mediaCount();
    const again = await uploadOne('again.png', bytes, '  A fox at dusk ');
    expect(again).toEqual({ ...first, alt: 'A fox at dusk' });
    const other = await uploadOne('other.png', bytes, 'Something else');
    expect(other.alt).toBe('A fox at dusk');
    expect(await uploadOne('none.png', bytes)).toEqual(again);
    expect(await mediaCount()).toBe(count);
    const listed = await ctx.app.inject({ url: '/api/admin/media?search=fox', headers: { cookie: editor } });
    expect((listed.json() as { items: MediaItem[] }).items.map((i) => [i.id, i.alt])).toEqual([
      [first.id, 'A fox at dusk'],
    ]);
  });

  it('the same bytes uploaded twice give the existing item, alt unchanged', async () => {
    const bytes = await image(90, 60, 3, 12).png().toBuffer();
    const first = await uploadOne('first.png', bytes, 'The first alt');
    const count = await mediaCount();
    const res = await upload([
      { name: 'alt', value: 'Another alt' },
      { name: 'file', filename: 'again.png', data: bytes },
      { name: 'file', filename: 'again-2.png', data: bytes },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual([first, first]);
    expect(await mediaCount()).toBe(count);
  });

  it('an alt field applies to the files after it', async () => {
    const res = await upload([
      { name: 'alt', value: '  A red square  ' },
      { name: 'file', filename: 'a.png', data: await image(20, 20, 3, 13).png().toBuffer() },
      { name: 'file', filename: 'b.png', data: await image(20, 20, 3, 14).png().toBuffer() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as MediaItem[]).map((i) => [i.filename, i.alt])).toEqual([
      ['a.png', 'A red square'],
      ['b.png', 'A red square'],
    ]);
  });

  it('lists newest first, paginated, searching file name and alt text', async () => {
    const all = await ctx.app.inject({ url: '/api/admin/media?pageSize=100', headers: { cookie: editor } });
    expect(all.statusCode).toBe(200);
    const list = MediaListSchema.parse(all.json());
    expect(list.total).toBe(await mediaCount());
    const ids = list.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = (
      await ctx.app.inject({ url: '/api/admin/media?page=2&pageSize=3', headers: { cookie: editor } })
    ).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: list.total });
    expect(page2.items.map((i: MediaItem) => i.id)).toEqual(ids.slice(3, 6));
    const byAlt = (
      await ctx.app.inject({ url: '/api/admin/media?search=RED%20SQ', headers: { cookie: editor } })
    ).json();
    expect(byAlt.items.map((i: MediaItem) => i.filename).sort()).toEqual(['a.png', 'b.png']);
    const byName = (
      await ctx.app.inject({ url: '/api/admin/media?search=portrait', headers: { cookie: editor } })
    ).json();
    expect(byName.items.map((i: MediaItem) => i.filename)).toEqual(['portrait.png']);
    const wildcard = (await ctx.app.inject({ url: '/api/admin/media?search=%25', headers: { cookie: editor } })).json();
    expect(wildcard.total).toBe(0);
    const bad = await ctx.app.inject({ url: '/api/admin/media?pageSize=1000', headers: { cookie: editor } });
    expectError(bad, 400, 'BAD_REQUEST');
  });

  it('PATCH sets the alt text (trimmed, at most 500 characters)', async () => {
    const item = await uploadOne('alt.png', await image(30, 30, 3, 15).png().toBuffer());
    const url = `/api/admin/media/${item.id}`;
    const res = await send('PATCH', url, { alt: ' A bird ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...item, alt: 'A bird' });
    const long = await send('PATCH', url, { alt: 'x'.repeat(501) });
    expectError(long, 422, 'VALIDATION_FAILED', /500 characters/);
    const missing = await send('PATCH', '/api/admin/media/999999', { alt: '' });
    expectError(missing, 404, 'NOT_FOUND');
  });

  it('DELETE is 409 with where the image is used, then 200 once it is not', async () => {
    const item = await uploadOne('screenshot.png', await image(700, 400, 3, 16).png().toBuffer());
    const appBody = {
      title: 'Uses an upload',
      description: 'An app with an uploaded screenshot',
      icon: 'https://example.com/icon.png',
      screenshots: [item.variants[0]!.url],
    };
    const created = await send('POST', '/api/apps', appBody);
    expect(created.statusCode, created.body).toBe(201);
    const appId = created.json().id as number;
    const post = await send('POST', '/api/admin/blogs', {
      appId,
      title: 'Post with an image',
      content: `<p>Look</p><img src="${item.url}" alt="">`,
    });
    expect(post.statusCode, post.body).toBe(201);
    const usedBy = [
      { kind: 'app', id: appId, title: 'Uses an upload', href: `/admin-page/apps/edit?id=${appId}` },
      { kind: 'post', id: post.json().id, title: 'Post with an image', href: '/admin-page/blogs' },
    ];
    const listed = (
      await ctx.app.inject({ url: '/api/admin/media?search=screenshot', headers: { cookie: editor } })
    ).json();
    expect(listed.items[0].usedBy).toEqual(usedBy);

    const url = `/api/admin/media/${item.id}`;
    const refused = await send('DELETE', url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'This image is still used by the app "Uses an upload", the post "Post with an image". Remove it there first.',
      code: 'CONFLICT',
      usedBy,
    });
    expect((await serve(item.url)).statusCode).toBe(200);

    await send('DELETE', `/api/admin/blogs/${post.json().id}`);
    const edited = await send('PUT', `/api/apps/${appId}`, {
      ...appBody,
      screenshots: ['https://example.com/other.png'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const deleted = await send('DELETE', url);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expectError(await send('DELETE', url), 404, 'NOT_FOUND');
    expect(
      await ctx.database.db
        .select()
        .from(mediaFiles)
        .then((rows) => rows.filter((r) => r.mediaId === item.id)),
    ).toEqual([]);
  });

  it('finds uses in page texts too', async () => {
    const item = await uploadOne('about.png', await image(40, 40, 3, 17).png().toBuffer());
    const put = await send('PUT', '/api/about-us', {
      title: 'About us',
      content: `<p>Our team at work</p><img src="${item.variants.at(-1)!.url}" alt="team">`,
    });
    expect(put.statusCode, put.body).toBe(200);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/media/${item.id}`,
      headers: { cookie: editor },
    });
    expect(refused.json().usedBy).toEqual([
      { kind: 'page', id: null, title: 'About Us', href: '/admin-page/about-us' },
    ]);
  });

  it('finds a logo in the studio press kit (issue 21: the demo removal keeps such an image too)', async () => {
    const item = await uploadOne('logo.png', await image(48, 48, 3, 19).png().toBuffer());
    const put = await send('PUT', '/api/admin/press-kits/studio', { logos: [item.url] });
    expect(put.statusCode, put.body).toBe(200);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/media/${item.id}`,
      headers: { cookie: editor },
    });
    expect(refused.json().usedBy).toEqual([{ kind: 'page', id: null, title: 'Press Kit', href: '/admin-page/press' }]);
  });
});

describe('GET /media/:hash/:file', () => {
  let item: MediaItem;
  beforeAll(async () => {
    item = await uploadOne('served.png', await image(400, 300, 3, 18).png().toBuffer());
  });

  it('serves the bytes immutable, with type, a strong ETag, nosniff and a locked-down CSP', async () => {
    for (const url of [item.url, item.variants[0]!.url, item.variants[1]!.url]) {
      const res = await serve(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
      expect(res.headers['content-type']).toBe(
        url.endsWith('.png') ? 'image/png' : url.endsWith('.avif') ? 'image/avif' : 'image/webp',
      );
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      const again = await serve(url, { 'if-none-match': res.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(res.headers.etag);
      expect((await serve(url, { 'if-none-match': `"other", W/${res.headers.etag}` })).statusCode).toBe(304);
      expect((await serve(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: item.url });
    expect(head.statusCode).toBe(200);
  });

  it('answers 404 to anything else', async () => {
    const { hash } = parseMediaUrl(item.url)!;
    for (const url of [
      `/media/${hash}/401x300.png`,
      `/media/${hash}/999w.webp`,
      `/media/${hash}/400x300.exe`,
      `/media/${'0'.repeat(16)}/400x300.png`,
      `/media/${hash.toUpperCase()}/400x300.png`,
      `/media/${hash}/..%2F..%2Fetc%2Fpasswd`,
      '/media/nothing/here.png',
    ]) {
      const res = await serve(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('access', () => {
  it.each([
    ['POST', '/api/admin/media'],
    ['GET', '/api/admin/media'],
    ['PATCH', '/api/admin/media/1'],
    ['DELETE', '/api/admin/media/1'],
  ] as const)('%s %s is 401 without a session', async (method, url) => {
    const res = await ctx.app.inject({ method, url, payload: method === 'PATCH' ? { alt: 'x' } : undefined });
    expectError(res, 401, 'UNAUTHENTICATED');
  });

  it('an anonymous upload is refused before the body is read', async () => {
    expectError(
      await upload([{ name: 'file', filename: 'a.png', data: await image(5, 5).png().toBuffer() }], null),
      401,
      'UNAUTHENTICATED',
    );
  });
});

/** PNG's CRC-32 (for the hand-edited header above). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
