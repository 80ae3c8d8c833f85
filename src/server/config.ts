// The only reader of process.env: every setting, validated once at start-up.
import { z } from 'zod';

const optionalNonEmpty = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

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
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
    CONTACT_MAX_PER_HOUR: z.coerce.number().int().positive().default(5),
    SEED_DEMO_CONTENT: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
  })
  .transform((c) => ({
    nodeEnv: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    siteUrl: (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    siteName: c.SITE_NAME,
    adminUsername: c.ADMIN_USERNAME,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    loginMaxFailures: c.LOGIN_MAX_FAILURES,
    contactMaxPerHour: c.CONTACT_MAX_PER_HOUR,
    seedDemoContent: c.SEED_DEMO_CONTENT,
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
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}

/** Whether cookies must be Secure (and take the __Host- prefix). */
export function isHttps(config: Config): boolean {
  return config.siteUrl.startsWith('https://');
}
