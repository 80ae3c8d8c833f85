// Who is calling: the session cookie, and the guards routes declare (requireStaff, requireAdmin).
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHttps } from '../config';
import { forbidden, unauthenticated } from '../lib/errors';
import type { Config } from '../config';
import { SESSION_ABSOLUTE_MS, type SessionsRepo } from '../modules/auth/sessions.repo';
import type { AppInstance } from '../types';

export interface Auth {
  sessions: SessionsRepo;
  cookieName: string;
  /** Sets request.user when a valid session cookie comes with the request. */
  loadUser(request: FastifyRequest): Promise<void>;
  requireStaff(request: FastifyRequest): Promise<void>;
  requireAdmin(request: FastifyRequest): Promise<void>;
  setSessionCookie(reply: FastifyReply, token: string): void;
  clearSessionCookie(reply: FastifyReply): void;
}

/** Cookie parsing and request.user, at the root so that every module sees them. */
export async function registerAuth(app: AppInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
}

/** The guards, built once (buildDeps) from the one sessions repo; registerAuth must run on the app. */
export function createAuth(config: Config, sessions: SessionsRepo): Auth {
  const secure = isHttps(config);
  // The __Host- prefix pins the cookie to this exact origin; browsers only accept it over https.
  const cookieName = secure ? '__Host-sid' : 'sid';
  const loaded = new WeakSet<FastifyRequest>();

  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };

  const auth: Auth = {
    sessions,
    cookieName,
    async loadUser(request) {
      if (loaded.has(request)) return;
      loaded.add(request);
      const token = request.cookies[cookieName];
      request.user = token ? await sessions.resolve(token) : null;
    },
    async requireStaff(request) {
      await auth.loadUser(request);
      if (!request.user) throw unauthenticated();
    },
    async requireAdmin(request) {
      await auth.requireStaff(request);
      if (!request.user?.isAdmin) throw forbidden('Only administrators can do this');
    },
    setSessionCookie(reply, token) {
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000) });
    },
    clearSessionCookie(reply) {
      reply.clearCookie(cookieName, cookieOptions);
    },
  };
  return auth;
}
