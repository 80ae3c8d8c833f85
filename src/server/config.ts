// The only reader of process.env: every setting, validated once at start-up.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { SERVE_MODES, serveModeOf, type ServeMode } from '../shared/schemas/media-storage';

const optionalNonEmpty = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/**
 * TRUST_PROXY: who may say, in X-Forwarded-For, which address a request came from. `false` (no one),
 * a number of proxies in front of the app (the address the outermost one saw is used), or the
 * proxies' addresses/CIDRs (a peer is trusted only if it is one of them). `true` is refused: it
 * trusts every hop, so any visitor could pick the address the limits count by writing the header.
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  'set the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8), or false';
const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const version = isIP(ip);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: `"true" trusts every hop, so any visitor could choose their own address by sending X-Forwarded-For: ${TRUST_PROXY_HELP}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `"${bad.join(', ') || value}" is not a proxy address: ${TRUST_PROXY_HELP}`,
    });
    return z.NEVER;
  }
  return entries;
}

/**
 * Fastify's trustProxy for the setting. Fastify 5 ignores a plain number (it trusts nothing), so a
 * hop count is a function of the hop index, which proxy-addr calls from the socket outwards.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Where media is kept in an S3-compatible object store (MEDIA_S3_URL, or the admin's Storage settings). */
export interface S3Settings {
  /** The service's address (https://…); '' for AWS S3 itself (the SDK's address for the region). */
  endpoint: string;
  region: string;
  bucket: string;
  /** Path-style addresses (endpoint/bucket/key) rather than bucket.endpoint/key. */
  pathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key ('' or ending in '/'). */
  keyPrefix: string;
  /** The public address of the bucket or of a CDN in front of it ('' or without a trailing '/'). */
  publicBaseUrl: string;
  /** How /media/... answers for a file in the store (SERVE_MODES). */
  serveMode: ServeMode;
}

const MEDIA_S3_HELP =
  'write it as s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=auto (s3+http:// for a plain-HTTP endpoint); see docs/deploy.md';

/** A key prefix as keys use it: no leading slash, one trailing slash ('' for none). */
export function normalizeKeyPrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

/**
 * MEDIA_S3_URL: `s3://ACCESS_KEY:SECRET@host[:port]/bucket[/key/prefix]?region=…&pathStyle=true|false
 * &publicBase=https://cdn…&serve=redirect|signed|proxy`. `s3://` speaks HTTPS to the host, `s3+http://`
 * plain HTTP (a MinIO or Garage on the same machine); the key and secret are URL-encoded.
 */
export function parseMediaS3Url(value: string, ctx?: z.RefinementCtx): S3Settings {
  const fail = (why: string): never => {
    const message = `${why}: ${MEDIA_S3_HELP}`;
    if (!ctx) throw new Error(message);
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('is not a URL');
  }
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') return fail(`"${url.protocol}" is not s3: or s3+http:`);
  if (!url.username || !url.password) return fail('needs the access key and the secret before the host');
  const [bucket = '', ...prefix] = url.pathname.replace(/^\/+/, '').split('/');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return fail(`"${bucket}" is not a bucket name`);
  const known = new Set(['region', 'pathStyle', 'publicBase', 'serve']);
  const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
  if (unknown.length) return fail(`unknown option ${unknown.map((k) => `"${k}"`).join(', ')}`);
  const pathStyle = url.searchParams.get('pathStyle') ?? 'true';
  if (pathStyle !== 'true' && pathStyle !== 'false') return fail('pathStyle must be true or false');
  const serve = url.searchParams.get('serve') ?? 'redirect';
  if (!(SERVE_MODES as readonly string[]).includes(serve)) return fail(`serve must be ${SERVE_MODES.join(', ')}`);
  const publicBase = url.searchParams.get('publicBase') ?? '';
  if (publicBase && !/^https?:\/\/[^/\s]+/.test(publicBase)) return fail('publicBase must be an http(s) URL');
  return {
    endpoint: `${url.protocol === 's3:' ? 'https' : 'http'}://${url.host}`,
    region: url.searchParams.get('region') || 'us-east-1',
    bucket,
    pathStyle: pathStyle === 'true',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    keyPrefix: normalizeKeyPrefix(prefix.join('/')),
    publicBaseUrl: publicBase.replace(/\/+$/, ''),
    serveMode: serveModeOf(serve),
  };
}

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SITE_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://example.com' }).optional(),
    SITE_NAME: z.string().trim().min(1).max(100).default('Northpaw Studio'),
    ADMIN_USERNAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,50}$/, 'may only contain letters, numbers, dots, dashes and underscores')
      .default('admin'),
    ADMIN_PASSWORD: optionalNonEmpty.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
    CONTACT_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
    // Issue 27: analytics beacons per visitor address per minute (behind a proxy, set TRUST_PROXY).
    EVENTS_PER_MINUTE: z.coerce.number().int().positive().default(300),
    // Deletion-request confirmation emails (issue 21): per address asked for, and in all, per day.
    DELETION_MAILS_PER_ADDRESS: z.coerce.number().int().positive().default(3),
    DELETION_MAILS_PER_DAY: z.coerce.number().int().positive().default(200),
    SEED_DEMO_CONTENT: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    // New-message notifications: email through any SMTP server and/or a JSON webhook.
    SMTP_URL: optionalNonEmpty.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587')
        .optional(),
    ),
    NOTIFY_EMAIL_TO: optionalNonEmpty.pipe(
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.email('must be email addresses separated by commas')).min(1))
        .optional(),
    ),
    NOTIFY_EMAIL_FROM: optionalNonEmpty.pipe(z.email('must be an email address').optional()),
    NOTIFY_WEBHOOK_URL: optionalNonEmpty.pipe(
      z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
    ),
    // Connections: a request (headers and body) must arrive in time, idle sockets close, and the
    // number of open connections is capped below the process's open-file limit.
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    SOCKET_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    MAX_CONNECTIONS: z.coerce.number().int().positive().default(1_000),
    // Load shedding (503 with Retry-After): mean event-loop delay and heap use; 0 turns a check off.
    OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
    OVERLOAD_HEAP_USED_MB: z.coerce.number().int().min(0).optional(),
    // The time budget of one image conversion (issue 21): past it the worker is stopped and the file refused.
    IMAGE_TIME_LIMIT_MS: z.coerce.number().int().positive().default(20_000),
    // Encrypts secrets at rest (two-factor secrets; issue 23). Unset: generated once and kept in DATA_DIR.
    SECRET_KEY: optionalNonEmpty.pipe(
      z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
    ),
    // Worker processes behind the one port (issue 28, decision 129). Unset: one per core on PostgreSQL.
    WEB_CONCURRENCY: optionalNonEmpty.pipe(
      z.coerce
        .number<string | undefined>({ error: 'must be a number of processes, such as 4' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(256, 'must be at most 256')
        .optional(),
    ),
    // Media in an S3-compatible object store (issue 28); unset: the database, or the admin's Storage settings.
    MEDIA_S3_URL: optionalNonEmpty.transform((v, ctx) => (v === undefined ? undefined : parseMediaS3Url(v, ctx))),
  })
  .refine((c) => !c.NOTIFY_EMAIL_TO || c.SMTP_URL, {
    message: 'needs SMTP_URL (the server that sends the emails)',
    path: ['NOTIFY_EMAIL_TO'],
  })
  .refine((c) => !c.SMTP_URL || c.NOTIFY_EMAIL_TO, {
    message: 'needs NOTIFY_EMAIL_TO (who the emails go to)',
    path: ['SMTP_URL'],
  })
  .refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
    message: 'must not be longer than REQUEST_TIMEOUT_MS',
    path: ['HEADERS_TIMEOUT_MS'],
  })
  .transform((c) => ({
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    siteUrl: (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    /** SITE_URL was not given: links point at localhost (a warning in production). */
    siteUrlIsDefault: c.SITE_URL === undefined,
    siteName: c.SITE_NAME,
    adminUsername: c.ADMIN_USERNAME,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    loginMaxFailures: c.LOGIN_MAX_FAILURES,
    contactMaxPerHour: c.CONTACT_MAX_PER_HOUR,
    /** Analytics beacons (POST /api/events) per address per minute, per instance. */
    eventsPerMinute: c.EVENTS_PER_MINUTE,
    /** Confirmation emails of deletion requests: per target address per day, and site-wide per day. */
    deletionMails: { perAddress: c.DELETION_MAILS_PER_ADDRESS, perDay: c.DELETION_MAILS_PER_DAY },
    seedDemoContent: c.SEED_DEMO_CONTENT,
    /** New-message notifications (each channel on when its settings are there). */
    notify: {
      smtpUrl: c.SMTP_URL,
      emailTo: c.NOTIFY_EMAIL_TO ?? [],
      emailFrom: c.NOTIFY_EMAIL_FROM ?? c.NOTIFY_EMAIL_TO?.[0],
      webhookUrl: c.NOTIFY_WEBHOOK_URL,
      /** Delays before each retry; after the last, the job gives up. */
      retryDelaysMs: [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000],
    },
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: c.HEADERS_TIMEOUT_MS,
    socketTimeoutMs: c.SOCKET_TIMEOUT_MS,
    keepAliveTimeoutMs: c.KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: c.MAX_CONNECTIONS,
    overloadEventLoopDelayMs: c.OVERLOAD_EVENT_LOOP_DELAY_MS,
    /** Unset: 90% of V8's heap limit. */
    overloadHeapUsedMb: c.OVERLOAD_HEAP_USED_MB,
    imageTimeLimitMs: c.IMAGE_TIME_LIMIT_MS,
    /** Unset: lib/secret-box.ts generates one and keeps it in DATA_DIR/secret-key. */
    secretKey: c.SECRET_KEY,
    /** WEB_CONCURRENCY as given (unset: undefined); `serverProcesses` says how many processes serve. */
    webConcurrency: c.WEB_CONCURRENCY,
    /** MEDIA_S3_URL: new media goes to this object store, and the admin's Storage settings are read-only. */
    mediaS3: c.MEDIA_S3_URL,
  }));

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Settings for tests and scripts: defaults plus the given overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    // Load shedding off: loading test databases blocks the event loop, which is not overload.
    overloadEventLoopDelayMs: 0,
    overloadHeapUsedMb: 0,
    // A fixed key, so that no test writes a key file.
    secretKey: 'test-secret-key-test-secret-key-0123456789',
    ...overrides,
  };
}

/** What the operator should hear about at start-up (settings that are valid but probably wrong). */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv === 'production' && config.siteUrlIsDefault) {
    warnings.push(
      `SITE_URL is not set: canonical links, the sitemap and the feeds point at ${config.siteUrl}, and writes are ` +
        'accepted only from that origin or the Host the request names. Set SITE_URL to the public address ' +
        '(e.g. SITE_URL=https://studio.example); see docs/deploy.md.',
    );
  }
  if (!config.secretKey) {
    if (config.databaseUrl) {
      warnings.push(
        `SECRET_KEY is not set: a key was generated in ${config.dataDir}/secret-key. Every instance that shares this ` +
          'PostgreSQL database needs the same key, or two-factor secrets cannot be read: set SECRET_KEY; see docs/deploy.md.',
      );
    } else if (config.nodeEnv === 'production') {
      warnings.push(
        `SECRET_KEY is not set: two-factor secrets are encrypted with a key generated in ${config.dataDir}/secret-key. ` +
          'Keep that file with the data (a backup without it cannot read them) or set SECRET_KEY; see docs/deploy.md.',
      );
    }
  }
  const processes = serverProcesses(config);
  if (processes.ignored) warnings.push(processes.ignored);
  return warnings;
}

/**
 * How many processes serve the port (issue 28, decision 129): WEB_CONCURRENCY, by default one per
 * core (`availableParallelism`), on PostgreSQL in production. Always one on the embedded database,
 * which one process owns, and in development (Vite's dev server and its reloads belong to one
 * process); `ignored` says why when WEB_CONCURRENCY asked for more.
 */
export function serverProcesses(
  config: Pick<Config, 'webConcurrency' | 'databaseUrl' | 'nodeEnv'>,
  cores: number = availableParallelism(),
): { count: number; ignored?: string } {
  const asked = config.webConcurrency;
  if (!config.databaseUrl) {
    return asked !== undefined && asked > 1
      ? {
          count: 1,
          ignored:
            `WEB_CONCURRENCY=${asked} is ignored: the embedded database belongs to one process, so one process serves. ` +
            'Set DATABASE_URL (PostgreSQL) to serve from every core; see docs/deploy.md.',
        }
      : { count: 1 };
  }
  if (config.nodeEnv === 'development') {
    return asked !== undefined && asked > 1
      ? { count: 1, ignored: `WEB_CONCURRENCY=${asked} is ignored in development: one process serves.` }
      : { count: 1 };
  }
  return { count: asked ?? Math.max(1, cores) };
}

/** Whether cookies must be Secure (and take the __Host- prefix). */
export function isHttps(config: Config): boolean {
  return config.siteUrl.startsWith('https://');
}
