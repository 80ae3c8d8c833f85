// The logger's settings: what a log line may hold. Never request bodies, passwords, cookies or the
// values a failed query was given (a visitor's message, a password hash).
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  // Nothing logs these today; redaction keeps a careless `log.info({ body })` harmless.
  'body',
  'req.body',
  'request.body',
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  // A password-reset link's secret (issue 23).
  'token',
  '*.token',
];

// Properties of database errors that repeat the data: Drizzle's query parameters, PostgreSQL's
// detail ("Key (username)=(alice) already exists"), the failing row and the query text of
// internal queries.
const DATA_PROPERTIES = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'hint', 'input']);

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Drizzle puts the parameters into the message ("Failed query: …\nparams: …"): keep the query only. */
function withoutParams(text: string): string {
  const at = text.indexOf('\nparams: ');
  if (at < 0) return text;
  const end = text.indexOf('\n    at ', at);
  return text.slice(0, at) + (end < 0 ? '' : text.slice(end));
}

/** Serialises an error (and its causes) for the log without the data it carried. */
export function serializeError(error: Error, depth = 0): SerializedError {
  const out: SerializedError = {
    type: error.constructor.name,
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (DATA_PROPERTIES.has(key) || key === 'cause' || typeof value === 'function') continue;
    out[key] = value;
  }
  const cause: unknown = error.cause;
  if (cause instanceof Error && depth < 5) out.cause = serializeError(cause, depth + 1);
  else if (cause !== undefined) out.cause = typeof cause === 'object' ? '[non-error cause]' : cause;
  return out;
}

/** Query parameters that carry a secret (reset and confirmation links): their values never reach a log line. */
const SECRET_QUERY = /([?&](?:token|code)=)[^&#]*/gi;

/**
 * Issue 26: a subscriber's own token is in its page's path (/unsubscribe/{token}, and the API's
 * /api/subscriber-preferences/{token}, /api/subscription-confirmations/{token}); the admin's search
 * of subscribers carries an address in `q`. Neither reaches a log line.
 */
const SECRET_PATH = /(\/(?:unsubscribe|api\/subscriber-preferences|api\/subscription-confirmations)\/)[^/?#]+/g;
const SUBSCRIBER_SEARCH = /^(\/api\/admin\/subscribers[^?]*\?(?:[^#]*&)?q=)[^&#]*/;

/** The request as a log line shows it: Fastify's fields, with secret query values replaced. */
export function serializeRequest(request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: request.url
      .replace(SECRET_QUERY, '$1[Redacted]')
      .replace(SECRET_PATH, '$1[Redacted]')
      .replace(SUBSCRIBER_SEARCH, '$1[Redacted]'),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's logger option for this config: false when silent. */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: REDACT,
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
