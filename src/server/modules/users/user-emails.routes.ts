// Staff emails (issue 23): each user sets their own in My Profile; administrators set anyone's in
// Users. Optional, unique ignoring case; each change is in the audit log (before and after).
import { EMAIL_TAKEN, EmailInputSchema, MeSchema, UserSchema, type User } from '../../../shared/schemas/users';
import { IdParamsSchema } from '../../../shared/schemas/common';
import { api } from '../../../shared/paths';
import { HttpError, notFound } from '../../lib/errors';
import type { AppModule, Deps } from '../../types';
import type { FastifyRequest } from 'fastify';

const taken = () => new HttpError('CONFLICT', EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505';

/** Sets a user's email (null removes it), refusing one another account has; records the change. */
export async function changeEmail(
  deps: Deps,
  request: FastifyRequest,
  id: number,
  email: string | null,
): Promise<User> {
  const users = deps.repos.users;
  const before = await users.get(id);
  if (!before) throw notFound('User');
  if (email && (await users.emailTaken(email, id))) throw taken();
  let after: User | undefined;
  try {
    after = await deps.audit.change(request, async (log) => {
      const saved = await users.setEmail(id, email);
      if (saved && before.email !== saved.email) {
        log({
          action: 'user.update',
          targetType: 'user',
          targetId: saved.id,
          targetLabel: saved.username,
          changes: { email: { before: before.email, after: saved.email } },
        });
      }
      return saved;
    });
  } catch (error) {
    // Two accounts racing for one address: the unique index on lower(email) decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  if (!after) throw notFound('User');
  if (before.email !== after.email) {
    // The old address hears of it: a stolen session cannot quietly move reset links elsewhere.
    const old = before.email;
    if (old && deps.staffMail.available) {
      const by =
        request.user?.id === after.id
          ? 'from a signed-in session of the account'
          : `by ${request.user?.username ?? 'an administrator'}`;
      deps.staffMail.later('email changed notice', () =>
        deps.staffMail.send({
          to: old,
          subject: 'The email address of your account was changed',
          text: [
            `The email address of the account "${after!.username}" at ${deps.config.siteUrl} was changed ${by}.`,
            after!.email ? `Password-reset links now go to ${after!.email}.` : 'The account has no email address now.',
            '',
            'If you did not do this, ask an administrator to check your account at once.',
          ].join('\n'),
        }),
      );
    }
  }
  return after;
}

export const userEmailsModule: AppModule = async (app, { deps, auth }) => {
  app.put(
    api.myEmail,
    { onRequest: auth.requireStaff, schema: { body: EmailInputSchema, response: { 200: MeSchema } } },
    async (request) => {
      const { id, username, isAdmin, email } = await changeEmail(deps, request, request.user!.id, request.body.email);
      return { id, username, isAdmin, email };
    },
  );

  app.put(
    '/api/admin/users/:id/email',
    {
      onRequest: auth.requireAdmin,
      schema: { params: IdParamsSchema, body: EmailInputSchema, response: { 200: UserSchema } },
    },
    (request) => changeEmail(deps, request, request.params.id, request.body.email),
  );
};
