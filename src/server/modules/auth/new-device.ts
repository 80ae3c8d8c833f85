// "A new sign-in to your account" (issue 23): every sign-in gives the browser a long-lived httpOnly
// cookie, kept hashed per user (known-devices.repo.ts); a sign-in from a browser the user has not
// signed in from emails them (when they have an email and the site can send mail) with the browser,
// the system, the address and the time. No location lookup. An account's very first known browser
// is not told about: it is the one the account starts with (and every account, once, after upgrading).
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatSavedAtGb } from '../../../shared/dates';
import { paths } from '../../../shared/paths';
import { describeUserAgent } from '../../../shared/user-agent';
import { isHttps } from '../../config';
import type { Deps } from '../../types';
import { hashDeviceToken, KNOWN_DEVICE_MS, knownDevicesRepo } from './known-devices.repo';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const deviceCookieName = (deps: Deps) => (isHttps(deps.config) ? '__Host-did' : 'did');

export async function noticeDevice(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; username: string },
): Promise<void> {
  const name = deviceCookieName(deps);
  const sent = request.cookies[name];
  const token = sent && TOKEN.test(sent) ? sent : randomBytes(32).toString('base64url');
  const userAgent = (request.headers['user-agent'] ?? '').slice(0, 512);
  const seen = await knownDevicesRepo(deps.database.db, deps.now).see(user.id, hashDeviceToken(token), userAgent);
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isHttps(deps.config),
    maxAge: Math.floor(KNOWN_DEVICE_MS / 1000),
  });
  if (seen !== 'new' || !deps.staffMail.available) return;
  const email = (await deps.repos.users.get(user.id))?.email;
  if (!email) return;
  const at = deps.now();
  const address = request.ip;
  deps.staffMail.later('new device notice', () =>
    deps.staffMail.send({
      to: email,
      subject: 'New sign-in to your account',
      text: [
        `Your account "${user.username}" at ${deps.config.siteUrl} was signed in to from a browser it had not been used from before.`,
        '',
        `Device: ${describeUserAgent(userAgent)}`,
        `Time: ${formatSavedAtGb(at)}`,
        `Address: ${address}`,
        '',
        'If this was you, there is nothing to do.',
        `If not, change your password now and sign out the other sessions: ${deps.config.siteUrl}${paths.admin.users}`,
      ].join('\n'),
    }),
  );
}
