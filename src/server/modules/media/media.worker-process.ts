// An image worker: a child process of the server that converts uploads (sharp, and our BMP/ICO
// decoder) so that a slow or hostile image never holds the server's event loop or thread pool, and
// can be stopped by killing the process. Started by media.workers.ts; never imported by the server.
import sharp from 'sharp';
import workerpool from 'workerpool';
import { HttpError } from '../../lib/errors';
import { convertImage } from './media.convert';
import type { ConvertJob, ConvertResult } from './media.workers';

// Each job is a different image: nothing to gain from libvips' operation cache, only memory held.
sharp.cache(false);
// One thread per worker: jobs run side by side on their own cores, and a hostile one cannot take
// the others' (the pool's size is the parallelism).
sharp.concurrency(1);

/** With `serialization: 'advanced'` Buffers arrive as Uint8Arrays (same memory, no copy). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function convert(job: ConvertJob): Promise<ConvertResult> {
  try {
    return { image: await convertImage(asBuffer(job.bytes), job.kind, job.name, job.hash) };
  } catch (error) {
    if (error instanceof HttpError) return { refusal: { code: error.code, message: error.message } };
    throw error;
  }
}

workerpool.worker({ convert, pid: () => process.pid });
