// Where media bytes are kept (issue 28): in the database (the default: media_files.bytes) or in an
// S3-compatible object store (AWS S3, Cloudflare R2, Backblaze B2, Garage, MinIO) through
// @aws-sdk/client-s3. MEDIA_S3_URL, when set, wins over the admin's Storage settings. Keys are the
// files' public paths (content-addressed and immutable) under the key prefix, so one address,
// /media/{hash}/{file}, names a file whichever storage holds it.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyBaseLogger } from 'fastify';
import { serveModeOf, type StorageName } from '../../../shared/schemas/media-storage';
import type { Config, S3Settings } from '../../config';
import { HttpError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { sha256, type ProcessedImage } from './media.images';
import type { MediaStorageRepo } from './media-storage.repo';

/** Objects are named by their content: cached forever by browsers and CDNs. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long the settings read from the database are trusted before being read again. */
const STATE_TTL_MS = 5_000;
/**
 * A signed address is signed at the start of its hour and valid for two: the same address all hour
 * (a browser keeps the file under it), and valid at least an hour after it is given.
 */
const SIGNED_PERIOD_S = 3_600;
/** One request to the store (a connection, or one object's transfer) gives up after this. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** A file record, as far as reading its bytes goes. */
export interface StoredFileRow {
  path: string;
  storage: string;
  bytes: Buffer | null;
}

/** The object store's answer to one error, in plain words for the administrator. */
export function describeStoreError(
  error: unknown,
  settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'accessKeyId'>,
): string {
  const e = error as {
    name?: string;
    Code?: string;
    code?: string;
    message?: string;
    cause?: { code?: string };
    $metadata?: { httpStatusCode?: number };
  };
  const name = e?.Code ?? e?.name ?? '';
  const code = e?.code ?? e?.cause?.code ?? '';
  const status = e?.$metadata?.httpStatusCode;
  const endpoint = settings.endpoint || 'AWS S3';
  if (name === 'InvalidAccessKeyId') {
    return `The service does not know the access key "${settings.accessKeyId}": check the access key.`;
  }
  if (name === 'SignatureDoesNotMatch') return 'The secret does not belong to the access key: check the secret.';
  if (name === 'NoSuchBucket') {
    return `There is no bucket "${settings.bucket}" at ${endpoint}: create it, or check the bucket's name and the region.`;
  }
  if (name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed' || status === 301) {
    return 'The bucket is in another region: set the region the service shows for the bucket.';
  }
  if (name === 'AccessDenied' || status === 403) {
    return 'The service refused the access key: give it the right to write, read and delete objects in the bucket, and check the secret.';
  }
  if (code === 'ECONNREFUSED') {
    return `Nothing answers at ${endpoint}: check the endpoint's address and port, and that the service is running.`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `The endpoint's host name could not be found (${endpoint}): check the endpoint's address.`;
  }
  if (/CERT|SSL|TLS|EPROTO|SELF_SIGNED|ERR_TLS/i.test(code) || /certificate|ssl routines/i.test(e?.message ?? '')) {
    return `The secure connection to ${endpoint} failed (${code || 'TLS'}): check that the endpoint speaks HTTPS with a valid certificate, or write http:// for a service without one.`;
  }
  if (code === 'ETIMEDOUT' || code === 'ECONNRESET' || name === 'TimeoutError' || name === 'RequestTimeout') {
    return `${endpoint} did not answer in time: check the address, and that this server may reach it.`;
  }
  return `The storage service answered: ${e?.message || name || 'an unknown error'}${status ? ` (HTTP ${status})` : ''}.`;
}

/** One bucket of an S3-compatible service: put, get, head and delete media files by their paths. */
export class ObjectStore {
  readonly client: S3Client;

  constructor(
    readonly settings: S3Settings,
    tuning: { maxAttempts?: number } = {},
  ) {
    const options: S3ClientConfig = {
      region: settings.region || 'us-east-1',
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Services other than AWS do not all know the newer checksums: send and check them only when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: tuning.maxAttempts ?? 3,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    };
    if (settings.endpoint) options.endpoint = settings.endpoint;
    this.client = new S3Client(options);
  }

  /** The object key of a media path: the prefix, then the path without its leading slash. */
  key(path: string): string {
    return `${this.settings.keyPrefix}${path.replace(/^\/+/, '')}`;
  }

  /** The public address of a file (publicBaseUrl set), else null. */
  publicUrl(path: string): string | null {
    const base = this.settings.publicBaseUrl;
    return base ? `${base}/${this.key(path).split('/').map(encodeURIComponent).join('/')}` : null;
  }

  /**
   * Where /media/… sends a browser for a file here: the public (CDN) address, or a signed one;
   * null: this server sends it (proxy mode, or 'redirect' without a public address).
   */
  async redirectUrl(path: string, now: Date): Promise<string | null> {
    const { serveMode } = this.settings;
    if (serveMode === 'signed') return this.signedUrl(path, now);
    return serveMode === 'redirect' ? this.publicUrl(path) : null;
  }

  /** A signed address of a file in a private bucket ('signed' serve mode), the same within an hour of `now`. */
  async signedUrl(path: string, now: Date): Promise<string> {
    const hour = SIGNED_PERIOD_S * 1000;
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(path) }), {
      expiresIn: 2 * SIGNED_PERIOD_S,
      signingDate: new Date(Math.floor(now.getTime() / hour) * hour),
    });
  }

  async put(path: string, type: string, bytes: Buffer, signal?: AbortSignal): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(path),
        Body: bytes,
        ContentType: type,
        ContentLength: bytes.length,
        CacheControl: IMMUTABLE,
      }),
      { abortSignal: signal },
    );
  }

  /** The object's bytes as a stream. */
  async stream(path: string, signal?: AbortSignal): Promise<Readable> {
    const reply = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(path) }), {
      abortSignal: signal,
    });
    const body = reply.Body;
    if (!body) throw new Error(`${path}: the storage service sent no body`);
    return body instanceof Readable ? body : Readable.from(body as AsyncIterable<Uint8Array>);
  }

  async get(path: string, signal?: AbortSignal): Promise<Buffer> {
    const reply = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(path) }), {
      abortSignal: signal,
    });
    if (!reply.Body) throw new Error(`${path}: the storage service sent no body`);
    return Buffer.from(await reply.Body.transformToByteArray());
  }

  /** The object's size, or null when there is none. */
  async head(path: string): Promise<{ size: number } | null> {
    try {
      const reply = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(path) }),
      );
      return { size: reply.ContentLength ?? 0 };
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(path: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(path) }));
  }

  /** Writes, reads back and deletes a small test object; the first failure in plain words. */
  async test(): Promise<{ ok: boolean; message: string }> {
    const path = `/.connection-test/${randomBytes(8).toString('hex')}.txt`;
    const bytes = Buffer.from(`Connection test of the studio site, ${randomBytes(8).toString('hex')}\n`);
    const step = async (what: string, fn: () => Promise<unknown>) => {
      try {
        await fn();
        return null;
      } catch (error) {
        return `${what} failed. ${describeStoreError(error, this.settings)}`;
      }
    };
    const failure =
      (await step('Writing a test object', () => this.put(path, 'text/plain', bytes))) ??
      (await step('Reading the test object back', async () => {
        const back = await this.get(path);
        if (!back.equals(bytes)) throw new Error('the object read back differs from the one written');
      })) ??
      (await step('Deleting the test object', () => this.delete(path)));
    if (failure) return { ok: false, message: failure };
    return {
      ok: true,
      message: `Connected: a test object was written to "${this.settings.bucket}", read back and deleted.`,
    };
  }

  close(): void {
    this.client.destroy();
  }
}

/** Where new media goes, and the object store files may be in. */
export interface StorageState {
  /** Who set the object store up: MEDIA_S3_URL, the admin's settings, or nobody. */
  source: 'env' | 'admin' | 'none';
  backend: StorageName;
  s3: S3Settings | null;
  /**
   * Changes whenever a file may have moved or be served differently (the settings, the latest
   * move's progress): what /media/… keeps in memory is checked against it (media.routes.ts).
   */
  version: string;
}

export interface MediaStorageOptions {
  config: Config;
  repo: MediaStorageRepo;
  secrets: SecretBox;
  log: FastifyBaseLogger;
}

/**
 * The media files' storage for the whole app: which store new files go to, reading any file's bytes
 * wherever they are, and removing objects no record holds any more.
 */
export class MediaStorage {
  #state: { at: number; value: Promise<StorageState> } | undefined;
  /** The version of the latest state read (null: none read yet). */
  #known: string | null = null;
  #stores = new Map<string, ObjectStore>();

  constructor(private readonly options: MediaStorageOptions) {}

  /** Settings from the database are trusted for a few seconds (other instances' changes show within them). */
  state(fresh = false): Promise<StorageState> {
    const at = performance.now();
    if (!fresh && this.#state && at - this.#state.at < STATE_TTL_MS) return this.#state.value;
    const value = Promise.all([this.#read(), this.options.repo.latestMove()]).then(([state, move]) => ({
      ...state,
      version: JSON.stringify([state.backend, state.s3, move && [move.id, move.status, move.moved]]),
    }));
    this.#state = { at, value };
    value.then(
      (state) => {
        // A read started before a newer one, or before the settings changed here, tells nothing new.
        if (this.#state?.value === value) this.#known = state.version;
      },
      () => {
        if (this.#state?.value === value) this.#state = undefined;
      },
    );
    return value;
  }

  /**
   * The storage's version as last read, without waiting (null: not read yet); a stale one is read
   * again in the background. For /media/, which must neither wait on the database for every file
   * nor fail while it is unreachable (the version read before is kept then).
   */
  knownVersion(): string | null {
    if (!this.#state || performance.now() - this.#state.at >= STATE_TTL_MS) {
      this.state().catch(() => undefined);
    }
    return this.#known;
  }

  /** The settings changed here: read them again at the next use. */
  invalidate(): void {
    this.#state = undefined;
    // /media/ waits for the new state once, rather than serving by the old one.
    this.#known = null;
  }

  async #read(): Promise<Omit<StorageState, 'version'>> {
    const { config, repo, secrets, log } = this.options;
    if (config.mediaS3) {
      // MEDIA_S3_URL: new media goes to the store, unless the latest move took it back to the database.
      const latest = await repo.latestMove();
      return { source: 'env', backend: latest?.target ?? 's3', s3: config.mediaS3 };
    }
    const row = await repo.settings();
    if (!row.bucket || !row.accessKeyId) return { source: 'none', backend: 'db', s3: null };
    let secretAccessKey = '';
    try {
      secretAccessKey = row.secretAccessKey ? secrets.open(row.secretAccessKey) : '';
    } catch (err) {
      log.error({ err }, 'media storage: the saved secret could not be read (was SECRET_KEY changed?)');
    }
    return {
      source: 'admin',
      backend: row.backend === 's3' ? 's3' : 'db',
      s3: {
        endpoint: row.endpoint,
        region: row.region,
        bucket: row.bucket,
        pathStyle: row.pathStyle,
        accessKeyId: row.accessKeyId,
        secretAccessKey,
        keyPrefix: row.keyPrefix,
        publicBaseUrl: row.publicBaseUrl,
        serveMode: serveModeOf(row.serveMode),
      },
    };
  }

  /** A client for these settings (one per distinct settings, kept). */
  storeFor(settings: S3Settings): ObjectStore {
    const id = JSON.stringify(settings);
    let store = this.#stores.get(id);
    if (!store) {
      store = new ObjectStore(settings);
      this.#stores.set(id, store);
    }
    return store;
  }

  /** The configured object store, or null when there is none. */
  async store(fresh = false): Promise<ObjectStore | null> {
    const { s3 } = await this.state(fresh);
    return s3 ? this.storeFor(s3) : null;
  }

  async #requireStore(): Promise<ObjectStore> {
    const store = await this.store();
    if (!store)
      throw new HttpError('SERVICE_UNAVAILABLE', 'The media storage is not set up: see Site Settings › Storage');
    return store;
  }

  /**
   * Puts new images' files in the object store when that is where new media goes (each one
   * written, then its size checked there), and marks them so; else leaves them for the database.
   */
  async placeNew(images: ProcessedImage[]): Promise<ProcessedImage[]> {
    if (images.length === 0) return images;
    const { backend, s3 } = await this.state(true);
    if (backend !== 's3' || !s3) return images;
    const store = this.storeFor(s3);
    const written: string[] = [];
    try {
      for (const image of images) {
        for (const file of image.files) {
          written.push(file.path);
          await store.put(file.path, file.type, file.bytes);
          const there = await store.head(file.path);
          if (there?.size !== file.bytes.length) throw new Error(`${file.path} was not stored whole`);
        }
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'media storage: an upload could not be stored');
      // Nothing was saved: the objects written before the failure go (those a record holds stay).
      this.forget(written);
      throw new HttpError(
        'SERVICE_UNAVAILABLE',
        `The image could not be stored: ${describeStoreError(error, s3)} Nothing was saved; try again later.`,
      );
    }
    return images.map((image) => ({
      ...image,
      files: image.files.map((file) => ({ ...file, storage: 's3' as const })),
    }));
  }

  /** A file's bytes, whichever storage holds them. */
  async read(row: StoredFileRow): Promise<Buffer> {
    if (row.storage === 'db') {
      if (!row.bytes) throw new Error(`${row.path}: no bytes in the database`);
      return row.bytes;
    }
    return (await this.#requireStore()).get(row.path);
  }

  /** A file's bytes as a stream, whichever storage holds them (backups read every file this way). */
  async open(row: StoredFileRow): Promise<Readable> {
    if (row.storage === 'db') {
      if (!row.bytes) throw new Error(`${row.path}: no bytes in the database`);
      return Readable.from([row.bytes]);
    }
    return (await this.#requireStore()).stream(row.path);
  }

  /** The bytes of the file at this URL path, or null when there is none. */
  async readFile(path: string): Promise<Buffer | null> {
    const row = await this.options.repo.file(path);
    return row ? this.read(row) : null;
  }

  /**
   * Deletes the objects of files whose records are gone (an image deleted), in the background and
   * best effort: a path a record holds again (the same image uploaded meanwhile) is kept.
   */
  forget(paths: string[]): void {
    if (paths.length === 0) return;
    void (async () => {
      const store = await this.store(true);
      if (!store) return;
      for (const path of await this.options.repo.unheld(paths)) await store.delete(path);
    })().catch((err: unknown) =>
      this.options.log.warn({ err, paths }, 'media storage: objects of deleted images could not be removed'),
    );
  }

  close(): void {
    for (const store of this.#stores.values()) store.close();
    this.#stores.clear();
  }
}

/**
 * Any media_files row's bytes as a stream, whichever storage holds them: the one door for readers
 * of every file (the backup's export).
 */
export function openMediaFile(deps: { mediaStorage: MediaStorage }, row: StoredFileRow): Promise<Readable> {
  return deps.mediaStorage.open(row);
}

/** Checks bytes read from a storage against the record's size and SHA-256. */
export function verifyBytes(bytes: Buffer, expected: { size: number; sha256: string }): string | null {
  if (bytes.length !== expected.size) return `${bytes.length} bytes instead of ${expected.size}`;
  if (expected.sha256 && sha256(bytes) !== expected.sha256) return 'the SHA-256 differs';
  return null;
}
