// Web hardening: security headers with a strict CSP, and no cross-site writes.
import helmet from '@fastify/helmet';
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

function allowedOrigins(request: FastifyRequest, siteUrl: string): Set<string> {
  const origins = new Set([new URL(siteUrl).origin]);
  const host = request.headers.host;
  if (host) origins.add(`${request.protocol}://${host}`);
  return origins;
}

export async function registerSecurity(app: AppInstance, deps: Deps, options: SecurityOptions = {}): Promise<void> {
  const scriptSrc = ["'self'", ...(options.scriptHashes ?? []).map((h) => `'${h}'`)];
  if (options.dev) scriptSrc.push("'unsafe-inline'");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
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

  // Cross-site request forgery: browsers say where a write comes from; foreign origins are refused.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new HttpError('FORBIDDEN', 'Cross-site requests are not allowed');
    if (origin && origin !== 'null' && !allowedOrigins(request, deps.config.siteUrl).has(origin)) {
      throw new HttpError('FORBIDDEN', 'Cross-site requests are not allowed');
    }
    if (origin === 'null') throw new HttpError('FORBIDDEN', 'Cross-site requests are not allowed');
  });

  // JSON only: no text/plain bodies (they could be sent cross-site without a preflight).
  app.removeContentTypeParser('text/plain');
}
