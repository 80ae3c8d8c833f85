// Account and data deletion requests (issue 14): visitors ask on an app's /delete-account page
// (public, with the contact form's honeypot and a per-address limit); staff follow them up on the
// Deletion Requests screen, every status change recorded with who made it. Issue 21: when the site
// sends mail the visitor confirms by an emailed link (GET/POST /api/deletion-confirmations/{token})
// before the request counts, and hears when it is done or rejected. Confirmation emails are capped
// per target address and per day across all addresses, so the form cannot make the site mail anyone
// at will: over the address's cap the request is stored and answered as usual but no email goes
// (nothing tells whether that address was asked for before); over the day's cap the visitor gets a
// plain 429 (it says nothing about any address).
import { z } from 'zod';
import { canonicalLocale } from '../../../shared/locales';
import { api } from '../../../shared/paths';
import {
  DELETION_HONEYPOT,
  DeletionReceiptSchema,
  DeletionRequestDetailSchema,
  DeletionRequestInputSchema,
  DeletionRequestQuerySchema,
  DeletionRequestSchema,
  DeletionStatusChangeSchema,
  DeletionConfirmationSchema,
  DeletionTokenParamsSchema,
  type DeletionConfirmation,
} from '../../../shared/schemas/app-pages';
import { IdParamsSchema } from '../../../shared/schemas/common';
import { PAGE_SIZE_DEFAULT, TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging';
import { HttpError, notFound } from '../../lib/errors';
import { createLimiter, tooManyAttempts } from '../../lib/rate-limits';
import { changedFields } from '../audit/audit-changes';
import type { AppModule } from '../../types';
import { confirmsDeletions } from '../notifications/notifier';
import { newReference, type StoredConfirmation } from './deletion-requests.repo';
import { requestLanguages } from './deletion-language';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a confirmation link that cannot confirm anything answers. */
export const LINK_GONE = 'This link has expired or has already been used';

export const deletionRequestsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.deletionRequests;
  const pages = deps.repos.appPages;
  const notifier = deps.outbox;
  const staff = { onRequest: auth.requireStaff };
  const languageOf = requestLanguages(deps.repos, deps.publishedIn);

  /** What a confirmation link's page shows: the request, the app named in the visitor's language. */
  const inTheirLanguage = async ({ appId, ...found }: StoredConfirmation): Promise<DeletionConfirmation> => {
    const { appTitle, code } = await languageOf({ appId, appTitle: found.appTitle, locale: found.locale });
    return { ...found, appTitle, locale: code };
  };

  // Requests per address per hour, as many as the contact form allows (a budget of their own).
  const asked = createLimiter(deps.database, {
    name: 'deletion-requests',
    points: deps.config.contactMaxPerHour,
    windowSeconds: 60 * 60,
  });
  // Confirmation emails: per address written in the form, and in all, per day (issue 21).
  const mailsTo = createLimiter(deps.database, {
    name: 'deletion-mails-to',
    points: deps.config.deletionMails.perAddress,
    windowSeconds: DAY_MS / 1000,
  });
  const mailsAll = createLimiter(deps.database, {
    name: 'deletion-mails-all',
    points: deps.config.deletionMails.perDay,
    windowSeconds: DAY_MS / 1000,
  });
  const ALL = 'all';

  /** Whether this request may be emailed its link: 'mail', 'held' (the address had its share), or over the day's cap. */
  const mailFor = async (email: string): Promise<'mail' | 'held' | { retryAfterMs: number }> => {
    const address = email.toLowerCase();
    const toAddress = await mailsTo.take(address);
    if (!toAddress.allowed) return 'held';
    const overall = await mailsAll.take(ALL);
    if (overall.allowed) return 'mail';
    await mailsTo.refund(address);
    return { retryAfterMs: overall.retryAfterMs };
  };

  app.post(
    api.deletionRequests(':id'),
    { schema: { params: IdParamsSchema, body: DeletionRequestInputSchema, response: { 201: DeletionReceiptSchema } } },
    async (request, reply) => {
      const attempt = await asked.take(request.ip);
      if (!attempt.allowed) {
        throw tooManyAttempts(
          reply,
          attempt.retryAfterMs,
          'Too many requests from your address. Please try again later.',
        );
      }
      // Only a visible app whose page offers account deletion takes requests.
      const target = await deps.visibleApps.visitorApp(request.params.id);
      const texts = target ? await pages.get(target.id) : undefined;
      if (!target || !texts?.accountDeletion) {
        await asked.refund(request.ip);
        throw notFound('App');
      }
      const { [DELETION_HONEYPOT]: honeypot, ...input } = request.body;
      const mails = confirmsDeletions(deps.config);
      const days = texts.deletionDays;
      if (honeypot) {
        // Answered like a stored request, so a bot learns nothing; nothing is kept or sent.
        request.log.info('deletion form honeypot filled in; request dropped');
        const dueAt = new Date(deps.now().getTime() + days * DAY_MS).toISOString();
        return reply.code(201).send({ reference: newReference(), dueAt, emailed: mails, days });
      }
      let confirm: 'mail' | 'held' | 'none' = 'none';
      if (mails) {
        const allowed = await mailFor(input.email);
        if (typeof allowed === 'object') {
          await asked.refund(request.ip);
          request.log.warn('deletion requests: the confirmation emails of the day are used up');
          throw tooManyAttempts(
            reply,
            allowed.retryAfterMs,
            'We cannot take more deletion requests today. Please try again tomorrow, or write to us.',
          );
        }
        if (allowed === 'held') {
          request.log.warn('deletion requests: this address had its confirmation emails of the day; none sent');
        }
        confirm = allowed;
      }
      // The language asked in (the form's page's), when one of the site's others; null is the default
      // (whichever it is when each email goes), as is a language the site does not have.
      const { locale: askedIn, ...fields } = input;
      const code = askedIn && canonicalLocale(askedIn);
      const locales = code ? await deps.repos.siteSettings.locales() : [];
      const locale = locales.some((l) => l.code === code && !l.isDefault) ? code! : null;
      const receipt = await repo.create({ appId: target.id, ...fields, days, confirm, locale });
      if (confirm === 'mail') notifier.kick();
      // A held request reads like any other (emailed), so the answer tells nothing about the address.
      return reply.code(201).send({ ...receipt, emailed: mails, days });
    },
  );

  // The emailed link (issue 21): what it confirms, then confirming it. Anyone with the link may: it
  // is a 256-bit secret, sent only to the address, spent once used, and expires.
  app.get(
    api.deletionConfirmation(':token'),
    { schema: { params: DeletionTokenParamsSchema, response: { 200: DeletionConfirmationSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const found = await repo.findByToken(request.params.token);
      if (!found) throw new HttpError('NOT_FOUND', LINK_GONE);
      return inTheirLanguage(found);
    },
  );

  app.post(
    api.deletionConfirmation(':token'),
    { schema: { params: DeletionTokenParamsSchema, response: { 200: DeletionConfirmationSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const confirmed = await repo.confirm(request.params.token);
      if (!confirmed) throw new HttpError('NOT_FOUND', LINK_GONE);
      return inTheirLanguage(confirmed);
    },
  );

  app.get(
    api.adminDeletionRequests,
    {
      ...staff,
      schema: { querystring: DeletionRequestQuerySchema, response: { 200: z.array(DeletionRequestSchema) } },
    },
    async (request, reply) => {
      const { page = 1, pageSize = PAGE_SIZE_DEFAULT, appId, status } = request.query;
      const { items, total } = await repo.page({ appId, status, limit: pageSize, offset: (page - 1) * pageSize });
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    api.adminDeletionRequest(':id'),
    { ...staff, schema: { params: IdParamsSchema, response: { 200: DeletionRequestDetailSchema } } },
    async (request) => {
      const found = await repo.get(request.params.id);
      if (!found) throw notFound('Deletion request');
      return found;
    },
  );

  app.patch(
    api.adminDeletionRequest(':id'),
    {
      ...staff,
      schema: {
        params: IdParamsSchema,
        body: DeletionStatusChangeSchema,
        response: { 200: DeletionRequestDetailSchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new HttpError('UNAUTHENTICATED', 'Not authenticated');
      const mail = confirmsDeletions(deps.config);
      const { id } = request.params;
      // The entry names the request by its reference, never the person's address.
      const changed = await deps.audit.change(request, async (log) => {
        const was = await repo.get(id);
        const done = await repo.setStatus(id, request.body, { id: user.id, name: user.username }, mail);
        if (done && was) {
          log({
            action: 'deletion-request.status',
            targetType: 'deletion-request',
            targetId: id,
            targetLabel: `${was.reference} (${was.appTitle})`,
            changes: changedFields(
              { status: was.status },
              { status: request.body.status, ...(request.body.note ? { note: request.body.note } : {}) },
            ),
          });
        }
        return done;
      });
      if (mail) notifier.kick();
      if (!changed) throw notFound('Deletion request');
      return (await repo.get(request.params.id))!;
    },
  );
};
