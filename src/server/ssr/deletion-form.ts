// An app's account-deletion form without JavaScript (issue 14): a plain POST to its page. The server
// checks it with the API's own schema and answers with the page again: the visitor's values and the
// errors, or the receipt with the reference. Sending goes through the API route itself, so the
// honeypot, the limit and every check are the same as with JavaScript. Issue 21: the page the
// emailed link opens confirms the request by a plain POST to itself too, through the API's POST.
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { api, paths } from '../../shared/paths';
import { DELETION_HONEYPOT, DeletionRequestInputSchema, type DeletionReceipt } from '../../shared/schemas/app-pages';
import { SLUG_PATTERN } from '../../shared/slug';
import type { ApiErrorBody as ErrorBodyLike } from '../../shared/api-error';
import { DELETION_FAILED, type DeletionFormProps } from '../../client/islands/deletion-form';
import type { DeletionConfirmState } from '../../client/page-kit/page-state';
import { DeletionTokenParamsSchema, type DeletionConfirmation } from '../../shared/schemas/app-pages';
import type { AppInstance } from '../types';
import { acceptFormBodies } from '../lib/form-bodies';
import { localePath } from '../../client/page-kit/locale';
import { postedPrefix } from './contact-form';

const FIELDS = ['email', 'accountId', 'note', DELETION_HONEYPOT] as const;
type Field = (typeof FIELDS)[number];

/** Renders the app's deletion page at `location` (in the language the form was posted from). */
type RenderPage = (
  location: string,
  state: Partial<DeletionFormProps>,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
) => unknown;

type RenderConfirm = (
  location: string,
  state: DeletionConfirmState,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
) => unknown;

export function deletionFormRoute(app: AppInstance, renderPage: RenderPage, renderConfirm: RenderConfirm): void {
  void app.register(async (scope) => {
    // Form bodies are accepted here only: the API takes JSON alone.
    acceptFormBodies(scope);

    // Each page answers in the language it was posted from (/de/apps/x/delete-account: German).
    const requestHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { slug, locale } = request.params as { slug: string; locale?: string };
      const prefix = await postedPrefix(app, locale);
      if (prefix === undefined) return reply.callNotFound();
      const pageOf = (key: string) => localePath({ prefix }, paths.appDeleteAccount(key));
      // Only a visible app's page takes requests; anything else is the page's own not-found.
      const target = SLUG_PATTERN.test(slug) ? await app.deps.visibleApps.visitorApp(slug) : undefined;
      if (!target) return renderPage(pageOf(slug.toLowerCase()), {}, request, reply, 404);

      const body = (request.body ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(
        FIELDS.map((field) => [field, typeof body[field] === 'string' ? body[field] : '']),
      ) as Record<Field, string>;
      const { [DELETION_HONEYPOT]: _honeypot, ...shown } = values;

      const parsed = DeletionRequestInputSchema.safeParse(values);
      if (!parsed.success) {
        const fieldErrors = z.flattenError(parsed.error).fieldErrors as Partial<Record<Field, string[]>>;
        const errors = Object.fromEntries(
          Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0] ?? '']),
        );
        return renderPage(pageOf(target.slug), { values: shown, errors }, request, reply, 422);
      }

      // The visitor's emails are written in the language of the page they asked from (issue 24).
      const sent = await app.inject({
        method: 'POST',
        url: api.deletionRequests(target.id),
        payload: { ...values, ...(prefix ? { locale: prefix.slice(1) } : {}) },
        remoteAddress: request.ip,
      });
      if (sent.statusCode === 201) {
        return renderPage(pageOf(target.slug), { receipt: sent.json<DeletionReceipt>() }, request, reply, 200);
      }
      if (sent.statusCode === 404) return renderPage(pageOf(target.slug), {}, request, reply, 404);
      request.log.warn({ status: sent.statusCode }, 'deletion form (no JavaScript) could not be sent');
      if (sent.statusCode === 429) {
        const retryAfter = sent.headers['retry-after'];
        if (retryAfter) reply.header('retry-after', retryAfter);
        const failure = sent.json<ErrorBodyLike>().message;
        return renderPage(pageOf(target.slug), { values: shown, failure }, request, reply, 429);
      }
      const status = sent.statusCode >= 500 ? 503 : 422;
      return renderPage(pageOf(target.slug), { values: shown, failure: DELETION_FAILED }, request, reply, status);
    };
    scope.post(paths.appDeleteAccount(':slug'), requestHandler);
    scope.post(`/:locale${paths.appDeleteAccount(':slug')}`, requestHandler);

    // The confirmation link's button (issue 21; the link is the default language's address): confirmed, or the link could not confirm anything.
    const confirmHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { slug, token } = request.params as { slug: string; token: string };
      const location = paths.appDeleteAccountConfirm(slug.toLowerCase(), token.toLowerCase());
      if (!DeletionTokenParamsSchema.safeParse({ token }).success) {
        return renderConfirm(location, { gone: true }, request, reply, 404);
      }
      const sent = await app.inject({
        method: 'POST',
        url: api.deletionConfirmation(token),
        remoteAddress: request.ip,
      });
      if (sent.statusCode === 200) {
        return renderConfirm(location, { confirmed: sent.json<DeletionConfirmation>() }, request, reply, 200);
      }
      if (sent.statusCode === 404) return renderConfirm(location, { gone: true }, request, reply, 404);
      request.log.warn({ status: sent.statusCode }, 'deletion confirmation (no JavaScript) failed');
      throw new Error(`The confirmation answered ${sent.statusCode}`);
    };
    scope.post(paths.appDeleteAccountConfirm(':slug', ':token'), confirmHandler);
  });
}
