// Web hardening: security headers with a strict CSP, no cross-site writes, no NUL or broken Unicode in input.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import type { AppInstance, Deps } from '../types';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SecurityOptions {
  /** Hashes ('sha256-…') of inline scripts the pages may run (the pre-paint theme script). */
  scriptHashes?: string[];
  /** Extra sources for development (Vite's client and websocket). */
  dev?: boolean;
}

/**
 * The origins a write may come from: the configured site's, and the one the request was addressed
 * to. Behind a trusted proxy (TRUST_PROXY) Fastify takes the protocol and host from
 * X-Forwarded-Proto and X-Forwarded-Host, so `https://site` matches even when the proxy forwards to
 * http://127.0.0.1; from an untrusted address those headers are ignored.
 */
function allowedOrigins(request: FastifyRequest, siteUrl: string): Set<string> {
  const origins = new Set([new URL(siteUrl).origin]);
  const host = request.host;
  if (host) origins.add(`${request.protocol}://${host}`);
  return origins;
}

/** Whether a write comes from another site, as the browser says (Sec-Fetch-Site, Origin). */
export function isCrossSite(request: FastifyRequest, siteUrl: string): boolean {
  const origin = request.headers.origin;
  if (request.headers['sec-fetch-site'] === 'cross-site' || origin === 'null') return true;
  return Boolean(origin && !allowedOrigins(request, siteUrl).has(origin));
}

/**
 * The RFC 8058 one-click unsubscribe (issue 26): a mail provider, or a webmail page, POSTs
 * `List-Unsubscribe=One-Click` to /unsubscribe/{token} from anywhere. The token is the credential
 * and the POST can only unsubscribe, so the origin check lets this one address through; its handler
 * (ssr/subscription-forms.ts) refuses any other cross-site body.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/unsubscribe\/[0-9a-f]{64}\/?$/;

export const NUL_MESSAGE = 'Must not contain NUL characters';
export const UNICODE_MESSAGE = 'Must be valid Unicode text';
/** In Unicode mode a paired surrogate is one code point, so this finds only lone halves. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a text cannot be stored: NUL (PostgreSQL refuses it) or a lone UTF-16 surrogate (not Unicode). */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return UNICODE_MESSAGE;
  return undefined;
}

/**
 * The first string (value or key) no form can send and the database cannot keep as it is, with
 * its path, or undefined. Iterative, so deeply nested JSON cannot overflow the stack.
 */
export function findBadText(value: unknown): { path: string; message: string } | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      const message = textProblem(item);
      if (message) return { path, message };
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        const message = textProblem(key);
        if (message) return { path: childPath, message };
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses input text with NUL or broken Unicode: 422 naming the field. The one rule for every
 * route's body (the hook below) and for multipart fields, which are read by their route.
 */
export function refuseBadText(value: unknown): void {
  const bad = findBadText(value);
  if (bad) throw new HttpError('VALIDATION_FAILED', bad.message, [bad]);
}

/**
 * The headers Helmet sets, computed once: they do not depend on the request, and Helmet would
 * rebuild the CSP string on every one (a few per cent of a cached page's time).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

export async function registerSecurity(app: AppInstance, deps: Deps, options: SecurityOptions = {}): Promise<void> {
  // Development runs Vite's inline scripts (React refresh): browsers ignore 'unsafe-inline' next
  // to hashes, so there it stands alone.
  const scriptSrc = options.dev
    ? ["'self'", "'unsafe-inline'"]
    : ["'self'", ...(options.scriptHashes ?? []).map((h) => `'${h}'`)];
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        // An app page's trailer, once the visitor presses play (issue 13); nothing else may be framed.
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(deps.config.siteUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: deps.config.siteUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  // Cross-site request forgery: browsers say where a write comes from; foreign origins are refused.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.method === 'POST' && ONE_CLICK_UNSUBSCRIBE.test(request.url)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new HttpError('FORBIDDEN', 'Cross-site requests are not allowed');
    if (origin && origin !== 'null' && !allowedOrigins(request, deps.config.siteUrl).has(origin)) {
      throw new HttpError('FORBIDDEN', 'Cross-site requests are not allowed');
    }
    if (origin === 'null') throw new HttpError('FORBIDDEN', 'Cross-site requests are not allowed');
  });

  // NUL or broken Unicode in a body is invalid input (422 with the field); in a query string or
  // path, a bad request. One hook for every route, before schema validation and the database.
  app.addHook('preValidation', async (request) => {
    refuseBadText(request.body);
    const inUrl = findBadText(request.query) ?? findBadText(request.params);
    if (inUrl) throw new HttpError('BAD_REQUEST', inUrl.message, [inUrl]);
  });

  // JSON only: no text/plain bodies (they could be sent cross-site without a preflight).
  app.removeContentTypeParser('text/plain');
}
