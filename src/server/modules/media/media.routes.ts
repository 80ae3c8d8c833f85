// The media library: uploads (multipart, staff only), the list, alt text, deletes, and the public
// files under /media/{hash}/. An encapsulated plugin: multipart parsing and its limits exist only here.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from '../../../shared/schemas/zod';
import {
  ALT_TOO_LONG,
  altText,
  MediaItemSchema,
  MediaListQuerySchema,
  MediaListSchema,
  MediaUpdateSchema,
  type MediaItem,
  type UsedBy,
} from '../../../shared/schemas/media';
import { IdParamsSchema, OkSchema } from '../../../shared/schemas/common';
import { HttpError, invalid, notFound } from '../../lib/errors';
import { etagOf, notModified } from '../../lib/etag';
import { refuseBadText } from '../../plugins/security';
import type { AppModule } from '../../types';
import { MAX_UPLOAD_BYTES, processUpload, sha256, tooLarge, type ProcessedImage } from './media.images';
import { rowChange } from '../audit/audit-changes';

/** Files and other parts one upload request may carry. */
export const MAX_FILES_PER_UPLOAD = 10;
/** Bytes of served files kept in memory (media is immutable: nothing to invalidate). */
export const MEDIA_CACHE_BYTES = 64 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Served files are never run as documents: no scripts, nothing loaded, even when opened directly. */
const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const HASH = /^[0-9a-f]{16}$/;
const FILE = /^(?:[1-9]\d{0,5}x[1-9]\d{0,5}\.(?:jpg|png|gif)|[1-9]\d{0,4}w\.(?:webp|avif))$/;

interface Cached {
  type: string;
  bytes: Buffer;
  etag: string;
  /** The storage's version when the file was looked up: kept only while it holds (the file may move). */
  version: string;
}

/** How long a redirect to the object store may be kept: short, as a move back to the database deletes the object. */
const REDIRECT_CACHE = 'public, max-age=300';

/** The ETag of bytes whose SHA-256 (hex) the record holds: the one etagOf(bytes, 'sha256') gives. */
const etagOfSha256 = (hex: string) => `"${Buffer.from(hex, 'hex').toString('base64url').slice(0, 27)}"`;

/** A file name fit for messages and the library: no folders, control characters or broken UTF-16. */
function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/\p{Cc}|\p{Cs}|[\u2028\u2029]/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'image';
}

async function discard(part: MultipartFile): Promise<void> {
  try {
    await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() }));
  } catch {
    // Whatever is wrong with it, this file is not kept.
  }
}

/** The multipart parser's own refusals, in the one error shape. */
function parserError(error: unknown): HttpError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new HttpError('PAYLOAD_TOO_LARGE', `Upload at most ${MAX_FILES_PER_UPLOAD} images at a time`);
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError('PAYLOAD_TOO_LARGE', 'The upload has too many parts');
  }
  return new HttpError('BAD_REQUEST', 'The upload could not be read (a malformed multipart/form-data body)');
}

/**
 * One uploaded file: already in the library (with the alt text typed now, kept if the library has
 * none), or new (with the alt text it is stored with).
 */
type Upload = { hash: string; existing: MediaItem; alt: string } | { hash: string; image: ProcessedImage; alt: string };

const isMultipartValue = (part: MultipartFile | MultipartValue): part is MultipartValue => part.type === 'field';

/**
 * Reads every part, processing each file as it arrives; an `alt` field applies to the files after
 * it. The first refused file (415, 413, 422) is the answer, after the rest of the body is read and
 * dropped, and then nothing is stored. `signal` is aborted when the client goes away: the image
 * being converted is dropped at once.
 */
async function readUploads(
  request: FastifyRequest,
  stored: (hash: string) => Promise<MediaItem | null>,
  convert: (bytes: Buffer, name: string, hash: string) => Promise<ProcessedImage>,
): Promise<Upload[]> {
  const uploads: Upload[] = [];
  let alt = '';
  let refusal: HttpError | undefined;
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<MultipartFile | MultipartValue>;
    try {
      next = await parts.next();
    } catch (error) {
      throw refusal ?? parserError(error);
    }
    if (next.done) break;
    const part = next.value;
    if (isMultipartValue(part)) {
      // The JSON bodies' rule (no NUL, no broken Unicode), for the fields a multipart body carries.
      try {
        refuseBadText({ [part.fieldname]: part.value });
      } catch (error) {
        refusal ??= error as HttpError;
        continue;
      }
      if (part.fieldname !== 'alt') continue;
      const parsed = altText.safeParse(part.valueTruncated ? 'x'.repeat(1_000) : part.value);
      if (parsed.success) alt = parsed.data;
      else refusal ??= invalid(ALT_TOO_LONG, [{ path: 'alt', message: ALT_TOO_LONG }]);
      continue;
    }
    if (refusal) {
      await discard(part);
      continue;
    }
    if (part.fieldname !== 'file') {
      refusal = new HttpError(
        'BAD_REQUEST',
        `Send images in fields named "file" (not "${cleanFilename(part.fieldname)}")`,
      );
      await discard(part);
      continue;
    }
    const name = cleanFilename(part.filename);
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw refusal ?? parserError(error);
      refusal = tooLarge(name);
      continue;
    }
    const hash = sha256(bytes);
    try {
      // Bytes already in the library (or in this request) are not processed again.
      const again = uploads.find((u) => u.hash === hash);
      const existing = again ? null : await stored(hash);
      if (again) uploads.push(again);
      else if (existing) uploads.push({ hash, existing, alt });
      else uploads.push({ hash, image: await convert(bytes, name, hash), alt });
    } catch (error) {
      if (!(error instanceof HttpError) || ![413, 415, 422].includes(error.status)) {
        await parts.return?.();
        throw error;
      }
      refusal = error;
    }
  }
  if (refusal) throw refusal;
  if (uploads.length === 0) {
    throw invalid('Choose an image to upload', [{ path: 'file', message: 'Choose an image to upload' }]);
  }
  return uploads;
}

/** How a refusal names each place an image is shown. */
const USED_BY_NAME: Record<UsedBy['kind'], (title: string) => string> = {
  app: (title) => `the app "${title}"`,
  post: (title) => `the post "${title}"`,
  page: (title) => `the ${title} page`,
  campaign: (title) => `the campaign "${title}"`,
  translation: (title) => `the translation "${title}"`,
};

function conflictMessage(usedBy: UsedBy[]): string {
  const names = usedBy.map((u) => USED_BY_NAME[u.kind](u.title));
  return `This image is still used by ${names.join(', ')}. Remove it there first.`;
}

/** What the audit log keeps of an image. */
const described = ({ filename, type, width, height, bytes, alt }: MediaItem) => ({
  filename,
  type,
  width,
  height,
  bytes,
  alt,
});

export const mediaModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.media;
  const staff = { onRequest: auth.requireStaff };

  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_FILES_PER_UPLOAD,
      fields: 2 * MAX_FILES_PER_UPLOAD,
      fieldSize: 4 * 1024,
      parts: 3 * MAX_FILES_PER_UPLOAD,
      headerPairs: 100,
    },
  });

  app.post(
    '/api/admin/media',
    { ...staff, schema: { response: { 201: z.array(MediaItemSchema) } } },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the images as multipart/form-data, in fields named "file"');
      }
      // The client going away (a cut-off upload) cancels the conversion under way.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort(new Error('The upload was cut off'));
      });
      const uploads = await readUploads(
        request,
        (hash) => repo.findByHash(hash),
        (bytes, name, hash) => processUpload(deps.images, bytes, name, { hash, signal: gone.signal }),
      );
      // New files go to the object store first when that is where media is kept (issue 28).
      const placed = await deps.mediaStorage.placeNew(uploads.flatMap((u) => ('image' in u ? [u.image] : [])));
      const toStore = uploads.map((u) =>
        'image' in u
          ? { image: placed.find((p) => p.hash === u.hash) ?? u.image, alt: u.alt }
          : { id: u.existing.id, alt: u.alt },
      );
      // The images are converted above; the transaction covers only their storing and its entries.
      // If it fails, the objects just put in the store are held by nothing: they go (forget keeps
      // any path a record holds).
      const placedObjects = placed.flatMap((image) =>
        image.files.filter((file) => file.storage === 's3').map((file) => file.path),
      );
      const stored = await deps.audit
        .change(request, async (log) => {
          const items = await repo.store(toStore);
          uploads.forEach((upload, i) => {
            const item = items[i];
            if (!item) return;
            if ('image' in upload) log(rowChange('media', 'upload', { after: described(item), id: item.id }));
            else if (!upload.existing.alt && upload.alt) {
              log(
                rowChange('media', 'alt', { before: described(upload.existing), after: described(item), id: item.id }),
              );
            }
          });
          return items;
        })
        .catch((error: unknown) => {
          deps.mediaStorage.forget(placedObjects);
          throw error;
        });
      const items = uploads.map((u, i) => stored[i] ?? ('existing' in u ? u.existing : null)!);
      // An item already in the library took the alt text typed now: pages may show it.
      if (uploads.some((u) => 'existing' in u && !u.existing.alt && u.alt)) await deps.content.changed();
      request.log.info({ userId: request.user?.id, files: items.map((i) => i.id) }, 'images uploaded');
      return reply.code(201).send(items);
    },
  );

  app.get(
    '/api/admin/media',
    { ...staff, schema: { querystring: MediaListQuerySchema, response: { 200: MediaListSchema } } },
    (request) => repo.list(request.query),
  );

  app.patch(
    '/api/admin/media/:id',
    {
      ...staff,
      // Pages may show the alt text.
      config: { changesContent: true },
      schema: { params: IdParamsSchema, body: MediaUpdateSchema, response: { 200: MediaItemSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const item = await deps.audit.write(request, {
        type: 'media',
        verb: 'alt',
        id,
        before: async () => {
          const was = await repo.get(id);
          return was && described(was);
        },
        write: () => repo.setAlt(id, request.body.alt),
        after: (item) => item && described(item),
      });
      if (!item) throw notFound('Image');
      return item;
    },
  );

  app.delete(
    '/api/admin/media/:id',
    { ...staff, schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      const { id } = request.params;
      const result = await deps.audit.change(request, async (log) => {
        const was = await repo.get(id);
        const outcome = await repo.remove(id);
        if (was && outcome.status === 'deleted') log(rowChange('media', 'delete', { before: described(was), id }));
        return outcome;
      });
      if (result.status === 'missing') throw notFound('Image');
      if (result.status === 'used') {
        throw new HttpError('CONFLICT', conflictMessage(result.usedBy), undefined, { usedBy: result.usedBy });
      }
      // Committed: its files in the object store go too (in the background, best effort).
      if (result.status === 'deleted') deps.mediaStorage.forget(result.objects);
      return { success: true as const };
    },
  );

  // Public files: bytes from the database (or the object store), kept hot in memory; the URL names
  // the content, so forever cacheable. A file in the object store is redirected to its public
  // address (a CDN's) or to a signed address of a private bucket, or (proxy mode, or 'redirect'
  // without a public address) read through and cached like the others.
  const cache = new LRUCache<string, Cached>({
    maxSize: MEDIA_CACHE_BYTES,
    maxEntrySize: MEDIA_CACHE_BYTES / 4,
    sizeCalculation: (entry) => Math.max(1, entry.bytes.length),
  });

  app.get('/media/:hash/:file', async (request, reply) => {
    const { hash, file } = request.params as { hash: string; file: string };
    if (!HASH.test(hash) || !FILE.test(file)) throw notFound('Image');
    const path = `/media/${hash}/${file}`;
    const headers = () =>
      reply
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', MEDIA_CSP);
    // What is kept here is looked up again once the storage changed (settings saved, a move went on):
    // the file may since be elsewhere, or be served by a redirect. The version is the one last read
    // (no wait on the database per file); while the database is unreachable, what is kept is served
    // as it is (its bytes are the file's whatever the storage).
    const version =
      deps.mediaStorage.knownVersion() ??
      (await deps.mediaStorage.state().then(
        (state) => state.version,
        () => null,
      ));
    let entry = cache.get(path);
    if (entry && version !== null && entry.version !== version) entry = undefined;
    if (!entry) {
      const stored = await repo.file(path);
      if (!stored) throw notFound('Image');
      if (stored.bytes) {
        entry = {
          type: stored.type,
          bytes: stored.bytes,
          etag: etagOf(stored.bytes, 'sha256'),
          version: version ?? '',
        };
      } else {
        const store = await deps.mediaStorage.store();
        if (!store) {
          request.log.error({ path }, 'media: a file is in the object store, which is not set up');
          throw new HttpError('SERVICE_UNAVAILABLE', 'The media storage is not set up');
        }
        const target = await store.redirectUrl(path, deps.now());
        if (target) return reply.header('cache-control', REDIRECT_CACHE).redirect(target, 302);
        const etag = etagOfSha256(stored.sha256);
        headers();
        if (notModified(request, reply, etag)) return reply.send();
        let bytes: Buffer;
        try {
          bytes = await store.get(path);
        } catch (err) {
          request.log.error({ err, path }, 'media: a file could not be read from the object store');
          throw new HttpError('SERVICE_UNAVAILABLE', 'The image could not be read from the media storage');
        }
        entry = { type: stored.type, bytes, etag, version: version ?? '' };
      }
      cache.set(path, entry);
    }
    headers();
    if (notModified(request, reply, entry.etag)) return reply.send();
    return reply.type(entry.type).send(entry.bytes);
  });
};
