// Where media is kept (issue 28): the database (the default) or an S3-compatible object store, set
// by MEDIA_S3_URL or in Site Settings › Storage, and the move of every file from one to the other.
import { z } from './zod';

/**
 * How /media/… answers for a file in the object store: 'redirect' to its public (CDN) address
 * (through this server without one), 'signed' to a signed address of the private bucket, valid for
 * an hour or more, or 'proxy' through this server.
 */
export const SERVE_MODES = ['redirect', 'signed', 'proxy'] as const;
/** A stored or given serve mode, an unknown one read as the default. */
export const serveModeOf = (value: string): ServeMode =>
  (SERVE_MODES as readonly string[]).includes(value) ? (value as ServeMode) : 'redirect';
export type ServeMode = (typeof SERVE_MODES)[number];
export type StorageName = 'db' | 's3';

const BUCKET_RULE = 'Use 3 to 63 lowercase letters, digits, dots and dashes (the bucket as the service names it)';
const PREFIX_RULE = 'Use letters, digits, dashes, dots, underscores and slashes';

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => v === '' || /^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(v),
      `${what} must be an http:// or https:// address`,
    );

/** What an administrator saves; an empty secret keeps the one saved. */
export const MediaStorageInputSchema = z.object({
  endpoint: httpUrl('The endpoint'),
  region: z.string().trim().max(64).default(''),
  bucket: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, BUCKET_RULE),
  pathStyle: z.boolean().default(true),
  accessKeyId: z.string().trim().min(1, 'Enter the access key').max(200),
  secretAccessKey: z.string().max(200).default(''),
  keyPrefix: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9/_.-]*$/, PREFIX_RULE)
    .default(''),
  publicBaseUrl: httpUrl('The public address'),
  serveMode: z.enum(SERVE_MODES).default('redirect'),
});
export type MediaStorageInput = z.input<typeof MediaStorageInputSchema>;

/** The settings as the admin shows them: never the secret, only whether there is one. */
export const MediaStorageSettingsSchema = z.object({
  /** 'env': MEDIA_S3_URL (read-only here); 'admin': saved here; 'none': nothing set up. */
  source: z.enum(['env', 'admin', 'none']),
  /** Where new uploads go. */
  backend: z.enum(['db', 's3']),
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  pathStyle: z.boolean(),
  accessKeyId: z.string(),
  hasSecret: z.boolean(),
  keyPrefix: z.string(),
  publicBaseUrl: z.string(),
  serveMode: z.enum(SERVE_MODES),
  /** How many files (originals and variants) each storage holds. */
  files: z.object({ db: z.number(), s3: z.number() }),
});
export type MediaStorageSettings = z.infer<typeof MediaStorageSettingsSchema>;

/** A connection test's answer: what went wrong in plain words, or that writing, reading and deleting work. */
export const StorageTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type StorageTestResult = z.infer<typeof StorageTestResultSchema>;

export const MediaMoveSchema = z.object({
  id: z.number(),
  target: z.enum(['db', 's3']),
  status: z.enum(['running', 'done', 'failed', 'cancelled']),
  total: z.number(),
  moved: z.number(),
  failed: z.number(),
  lastError: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MediaMove = z.infer<typeof MediaMoveSchema>;

/** The latest move (none yet: null) with the files each storage holds now. */
export const MediaMoveStateSchema = z.object({
  move: MediaMoveSchema.nullable(),
  files: z.object({ db: z.number(), s3: z.number() }),
});
export type MediaMoveState = z.infer<typeof MediaMoveStateSchema>;

export const MediaMoveStartSchema = z.object({ target: z.enum(['db', 's3']) });
