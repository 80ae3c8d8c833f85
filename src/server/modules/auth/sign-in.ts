// The end of every way in (password, password + two-factor, recovery code, passkey): one place that
// starts the session, records the sign-in and tells the user of a new device (issue 23).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../shared/schemas/users';
import type { Auth } from '../../plugins/auth';
import type { Deps } from '../../types';
import { noticeDevice } from './new-device';

export type SignInMethod = 'password' | 'totp' | 'recovery-code' | 'passkey';

export async function completeSignIn(
  deps: Deps,
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  user: CurrentUser,
  method: SignInMethod,
): Promise<CurrentUser> {
  // A fresh session id at every sign-in; a session the browser already had is ended.
  await auth.loadUser(request);
  if (request.user) await auth.sessions.remove(request.user.sessionId);
  auth.setSessionCookie(reply, await auth.sessions.create(user.id, request.headers['user-agent'] ?? ''));
  // A browser this user has not signed in from before: they are told by email (new-device.ts).
  await noticeDevice(deps, request, reply, user);
  await deps.audit.record(
    request,
    {
      action: 'sign-in.success',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.username,
      changes: { method: { after: method } },
    },
    user,
  );
  return { id: user.id, username: user.username, isAdmin: user.isAdmin };
}
