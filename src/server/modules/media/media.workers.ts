// The image workers: a small pool of child processes (workerpool) that convert uploads, each job
// with a time budget. A process, not a worker thread: a thread inside libvips' native code cannot be
// stopped, and threads share the server's libuv pool. A job over its budget, or whose upload was cut
// off, is stopped by killing its process (the pool starts a fresh one for the next job).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import workerpool from 'workerpool';
import type { ApiErrorCode } from '../../../shared/api-error';
import { HttpError } from '../../lib/errors';
import { unreadable, type ProcessedImage, type SourceKind } from './media.images';

/** Images converted at once (one process each; the machine may have 2 cores), and how many may wait. */
export const IMAGE_CONCURRENCY = 2;
export const IMAGE_QUEUE_MAX = 8;
/** A worker that does not exit when asked is killed after this. */
const TERMINATE_AFTER_MS = 500;

const SCRIPT = fileURLToPath(new URL('./media.worker-process.ts', import.meta.url));
/** The workers run TypeScript through tsx, as the server does (in development, tests and production). */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface ConvertJob {
  bytes: Uint8Array;
  kind: SourceKind;
  name: string;
  hash: string;
}

/** What a worker answers: the converted image, or why the file is refused (a 4xx). */
export type ConvertResult = { image: ProcessedImage } | { refusal: { code: ApiErrorCode; message: string } };

export interface ImageWorkersOptions {
  /** The time budget of one conversion, counted from when a worker takes it. */
  timeLimitMs: number;
  concurrency?: number;
  queueMax?: number;
}

export interface ImageWorkers {
  /** Converts in a worker; 422 over the time budget, 503 when the line is full; `signal` cancels it. */
  convert(job: ConvertJob, signal?: AbortSignal): Promise<ProcessedImage>;
  /** The process id of the worker that takes this question (for tests). */
  pid(): Promise<number>;
  /** Stops every worker at once, running jobs included; later jobs are refused (503). */
  close(): Promise<void>;
}

const tooSlow = (name: string, ms: number) =>
  new HttpError(
    'VALIDATION_FAILED',
    `"${name}" took too long to convert (over ${Math.round(ms / 1000)} seconds) and was not stored. ` +
      'Upload a simpler or smaller image.',
  );
const busy = () => new HttpError('SERVICE_UNAVAILABLE', 'The server is busy with other uploads. Please try again.');
const closed = () => new HttpError('SERVICE_UNAVAILABLE', 'The server is shutting down. Please try again.');

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A pool of image workers, started at the first job (so a server that converts nothing starts none). */
export function imageWorkers(options: ImageWorkersOptions): ImageWorkers {
  const concurrency = options.concurrency ?? IMAGE_CONCURRENCY;
  const queueMax = options.queueMax ?? IMAGE_QUEUE_MAX;
  let pool: workerpool.Pool | undefined;
  let stopped = false;

  const started = () =>
    (pool ??= workerpool.pool(SCRIPT, {
      workerType: 'process',
      maxWorkers: concurrency,
      workerTerminateTimeout: TERMINATE_AFTER_MS,
      // Buffers cross as they are (structured clone), not as JSON arrays of numbers.
      forkOpts: { execArgv: ['--import', TSX], serialization: 'advanced' },
    }));

  return {
    async convert(job, signal) {
      if (stopped) throw closed();
      signal?.throwIfAborted();
      const workers = started();
      if (workers.stats().pendingTasks >= queueMax) throw busy();
      const task = workers.exec('convert', [job]).timeout(options.timeLimitMs);
      // A block, not an arrow returning the (rejected) task: EventTarget rethrows a listener's rejections.
      const cancel = () => {
        task.cancel();
      };
      signal?.addEventListener('abort', cancel, { once: true });
      let result: ConvertResult;
      try {
        result = (await task) as ConvertResult;
      } catch (error) {
        if (error instanceof workerpool.Promise.TimeoutError) throw tooSlow(job.name, options.timeLimitMs);
        if (signal?.aborted) throw signal.reason;
        if (stopped) throw closed();
        // The worker died on this image (out of memory, a crash in a decoder): it cannot be read here.
        throw unreadable(job.name);
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
      if ('refusal' in result) throw new HttpError(result.refusal.code, result.refusal.message);
      const { image } = result;
      return { ...image, files: image.files.map((file) => ({ ...file, bytes: asBuffer(file.bytes) })) };
    },

    async pid() {
      return (await started().exec('pid', [])) as number;
    },

    async close() {
      stopped = true;
      const workers = pool;
      pool = undefined;
      await workers?.terminate(true);
    },
  };
}
