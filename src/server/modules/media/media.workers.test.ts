// The image workers' budgets (issue 21, item 5a): a conversion over its time is refused and its
// worker replaced, a cut-off upload stops its worker, a full line is a 503, closing stops everything
// at once, and a bitmap declaring too many pixels is refused before any pixel is allocated.
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { bmp1bit, svgFilterBomb } from '../../../../tests/setup/hostile-images';
import { HttpError } from '../../lib/errors';
import { processUpload } from './media.images';
import { imageWorkers, type ImageWorkers } from './media.workers';

const opened: ImageWorkers[] = [];
afterAll(async () => {
  await Promise.all(opened.map((workers) => workers.close()));
});

function workers(timeLimitMs: number, options: { concurrency?: number; queueMax?: number } = {}) {
  const made = imageWorkers({ timeLimitMs, ...options });
  opened.push(made);
  return made;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const png = (seed: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 90, b: 160 } } })
    .png()
    .toBuffer();

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('image workers', () => {
  it('refuses a conversion over its time budget (422), stops its worker and converts the next in a fresh one', async () => {
    const pool = workers(1_500, { concurrency: 1 });
    const first = await pool.pid();
    const started = performance.now();
    const error = await refusal(processUpload(pool, svgFilterBomb(), 'bomb.svg'));
    expect(performance.now() - started).toBeLessThan(8_000);
    expect([error.status, error.code, error.message]).toEqual([
      422,
      'VALIDATION_FAILED',
      '"bomb.svg" took too long to convert (over 2 seconds) and was not stored. Upload a simpler or smaller image.',
    ]);
    const second = await pool.pid();
    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);
    const image = await processUpload(pool, await png(1), 'after.png');
    expect([image.width, image.height]).toEqual([64, 48]);
    expect(Buffer.isBuffer(image.files[0]!.bytes)).toBe(true);
  }, 30_000);

  it('stops the worker of an upload that was cut off', async () => {
    const pool = workers(60_000, { concurrency: 1 });
    const first = await pool.pid();
    const cutOff = new AbortController();
    const converting = processUpload(pool, svgFilterBomb(), 'bomb.svg', { signal: cutOff.signal });
    // The wait is the thing tested: the cut comes while the worker is converting (the pool shows no
    // running job to wait for, and the bomb takes tens of seconds, so 300 ms lands inside it).
    await new Promise((resolve) => setTimeout(resolve, 300));
    cutOff.abort(new Error('cut off'));
    await expect(converting).rejects.toThrow('cut off');
    expect(await pool.pid()).not.toBe(first);
    await expect.poll(() => alive(first), { timeout: 5_000 }).toBe(false);
  }, 30_000);

  it('answers 503 when the line is full, and closing refuses the waiting and stops the running at once', async () => {
    const pool = workers(60_000, { concurrency: 1, queueMax: 1 });
    const worker = await pool.pid();
    const running = refusal(processUpload(pool, svgFilterBomb(), 'one.svg'));
    const waiting = refusal(processUpload(pool, await png(2), 'two.png'));
    const full = await refusal(processUpload(pool, await png(3), 'three.png'));
    expect([full.status, full.message]).toEqual([503, 'The server is busy with other uploads. Please try again.']);

    const started = performance.now();
    await pool.close();
    expect(performance.now() - started).toBeLessThan(3_000);
    for (const error of [await running, await waiting]) {
      expect([error.status, error.message]).toEqual([503, 'The server is shutting down. Please try again.']);
    }
    expect(alive(worker)).toBe(false);
    const after = await refusal(processUpload(pool, await png(4), 'four.png'));
    expect(after.status).toBe(503);
  }, 30_000);

  it('refuses a bitmap whose header declares too many pixels, from the header alone (422)', async () => {
    const pool = workers(10_000);
    // 100 000 × 100 000 declared over 8 × 8 real pixels: 40 GB if it were allocated.
    const liar = bmp1bit(8, 8, { width: 100_000, height: 100_000 });
    const started = performance.now();
    const error = await refusal(processUpload(pool, liar, 'huge.bmp'));
    expect([error.status, error.message]).toEqual([
      422,
      '"huge.bmp" is too large (100000×100000 pixels): images may have at most 40 megapixels.',
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Just over the budget: 8001 × 5000.
    const over = await refusal(processUpload(pool, bmp1bit(8, 8, { width: 8001, height: 5000 }), 'over.bmp'));
    expect(over.message).toContain('at most 40 megapixels');
  }, 30_000);

  it('refuses an SVG declaring more than 40 megapixels (sharp’s limitInputPixels, 422)', async () => {
    const pool = workers(10_000);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"><rect/></svg>');
    const error = await refusal(processUpload(pool, svg, 'wide.svg'));
    expect([error.status, error.message]).toEqual([
      422,
      '"wide.svg" is too large: images may have at most 40 megapixels.',
    ]);
  }, 30_000);
});
