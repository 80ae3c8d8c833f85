// The mailing lists (issue 26). Visitors sign up (POST /api/subscriptions: always the same 202,
// whatever the address's state), confirm by the emailed link (double opt-in), and leave or change
// their lists by their own token (the List-Unsubscribe address; the RFC 8058 one-click POST itself is
// served with the page, ssr/subscription-forms.ts). Staff see each list's counts, search, one
// subscriber's consent records, remove (a hashed suppression stays), export and import.
// Addresses never reach the log: no line here names one, and the admin's queries carry none but
// the search box's (the request logger writes paths without their query: plugins/logging.ts).
import { Readable } from 'node:stream';
import { z } from 'zod';
import { canonicalLocale } from '../../../shared/locales';
import { api, paths } from '../../../shared/paths';
import { IdParamsSchema } from '../../../shared/schemas/common';
import { parseList, STUDIO_LIST, type ListKey } from '../../../shared/schemas/lists';
import {
  ImportReportSchema,
  IMPORT_MAX_ROWS,
  isSubscribable,
  PreferenceChangeSchema,
  SUBSCRIBE_HONEYPOT,
  SubscriberDetailSchema,
  SubscriberImportSchema,
  SubscriberPageSchema,
  SubscriberPreferencesSchema,
  SubscriberQuerySchema,
  SubscriberTokenParamsSchema,
  SUBSCRIPTION_ACCEPTED,
  SUBSCRIPTION_MESSAGES,
  SubscriptionAcceptedSchema,
  SubscriptionConfirmationSchema,
  SubscriptionInputSchema,
  type ImportReport,
} from '../../../shared/schemas/subscriptions';
import { HttpError, invalid, notFound } from '../../lib/errors';
import { csvRow, UTF8_BOM } from '../../lib/csv';
import { createLimiter, tooManyAttempts } from '../../lib/rate-limits';
import { requestLanguages } from '../deletion-requests/deletion-language';
import { confirmsDeletions } from '../notifications/notifier';
import type { AppModule } from '../../types';
import { normalEmail } from './subscriptions.repo';

const DAY_S = 24 * 60 * 60;
export const SUBSCRIBERS_PAGE_SIZE = 50;
/** What a confirmation link that cannot confirm anything answers. */
export const SUBSCRIPTION_LINK_GONE = 'This link has expired or has already been used';
const TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link') });

/** Sign-ups and list mail need a mail server and a sender (the same settings as deletion requests' emails). */
export const mailsSubscribers = confirmsDeletions;

/** The cells of one CSV line (RFC 4180: quoted cells may hold commas and doubled quotes). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((v) => v.trim());
}

const EMAIL = z.email();

/** The addresses of an imported CSV: its "email" column (or its first), invalid lines reported. */
export function importedAddresses(csv: string) {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = csvCells(lines[0] ?? '').map((c) => c.toLowerCase());
  const named = header.findIndex((c) => c === 'email' || c === 'e-mail' || c === 'email address');
  const column = named >= 0 ? named : 0;
  const emails = new Set<string>();
  const invalidLines: ImportReport['invalidLines'] = [];
  let invalidCount = 0;
  lines.forEach((line, index) => {
    if ((index === 0 && named >= 0) || line.trim() === '') return;
    const value = csvCells(line)[column] ?? '';
    if (value.length <= 254 && EMAIL.safeParse(value).success) emails.add(normalEmail(value));
    else {
      invalidCount++;
      if (invalidLines.length < 20) invalidLines.push({ line: index + 1, value: value.slice(0, 100) });
    }
  });
  return { emails: [...emails], invalid: invalidCount, invalidLines };
}

const EXPORT_HEADER = [
  'email',
  'language',
  'list',
  'platforms',
  'status',
  'confirmed_at',
  'unsubscribed_at',
  'signed_up_at',
  'signed_up_ip',
  'form',
  'page',
  'consent_wording',
  'privacy_policy_version',
  'source',
  'consent_confirmed_at',
  'consent_confirmed_ip',
];

export const subscriptionsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.subscriptions;
  const staff = { onRequest: auth.requireStaff };
  const admin = { onRequest: auth.requireAdmin };
  const languageOf = requestLanguages(deps.repos, deps.publishedIn);

  // Sign-ups per visitor's address per hour, as many as the contact form allows (a budget of their own).
  const signUps = createLimiter(deps.database, {
    name: 'subscriptions',
    points: deps.config.contactMaxPerHour,
    windowSeconds: 60 * 60,
  });
  // Confirmation emails per address written in the form, and in all, per day (as deletion requests').
  const mailsTo = createLimiter(deps.database, {
    name: 'subscription-mails-to',
    points: deps.config.deletionMails.perAddress,
    windowSeconds: DAY_S,
  });
  const mailsAll = createLimiter(deps.database, {
    name: 'subscription-mails-all',
    points: deps.config.deletionMails.perDay,
    windowSeconds: DAY_S,
  });

  /** The list a sign-up names, if it takes sign-ups: the studio's newsletter, or a visible app before launch or in testing. */
  const listTarget = async (key: ListKey) => {
    const parsed = parseList(key)!;
    if (parsed.kind === 'studio') return { appId: null, appTitle: '', platforms: [] as string[] };
    const target = await deps.visibleApps.visitorApp(parsed.appId);
    if (!target || !isSubscribable(target.status)) return undefined;
    return { appId: target.id, appTitle: target.title, platforms: target.platforms };
  };

  /** The consent wording the form showed, in its language (the catalogue's, with the staff's overrides). */
  const wordingFor = async (target: { appId: number | null; appTitle: string }, locale: string | null) => {
    const [settings, words] = await Promise.all([
      deps.repos.siteSettings.get(),
      languageOf({ appId: target.appId, appTitle: target.appTitle, locale }),
    ]);
    const site = settings.name;
    const list = target.appId === null ? words.t('subscribeForm.newsletter', { site }) : words.appTitle;
    return words.t('subscribeForm.consent', { list, site });
  };

  /** Whether this sign-up may be emailed its link: 'mail', 'held' (the address had its share), or over the day's cap. */
  const mailFor = async (email: string): Promise<'mail' | 'held' | { retryAfterMs: number }> => {
    const address = normalEmail(email);
    const toAddress = await mailsTo.take(address);
    if (!toAddress.allowed) return 'held';
    const overall = await mailsAll.take('all');
    if (overall.allowed) return 'mail';
    await mailsTo.refund(address);
    return { retryAfterMs: overall.retryAfterMs };
  };

  app.post(
    api.subscriptions,
    { schema: { body: SubscriptionInputSchema, response: { 202: SubscriptionAcceptedSchema } } },
    async (request, reply) => {
      const attempt = await signUps.take(request.ip);
      if (!attempt.allowed) {
        throw tooManyAttempts(
          reply,
          attempt.retryAfterMs,
          'Too many requests from your address. Please try again later.',
        );
      }
      const { [SUBSCRIBE_HONEYPOT]: honeypot, email, list, platforms = [], locale: askedIn, form, page } = request.body;
      const target = await listTarget(list);
      if (!target) {
        await signUps.refund(request.ip);
        throw invalid(SUBSCRIPTION_MESSAGES.list, [{ path: 'list', message: SUBSCRIPTION_MESSAGES.list }]);
      }
      if (platforms.some((p) => !target.platforms.includes(p))) {
        await signUps.refund(request.ip);
        throw invalid(SUBSCRIPTION_MESSAGES.platforms, [
          { path: 'platforms', message: SUBSCRIPTION_MESSAGES.platforms },
        ]);
      }
      if (honeypot) {
        // Answered like any sign-up, so a bot learns nothing; nothing is kept or sent.
        request.log.info('subscription form honeypot filled in; sign-up dropped');
        return reply.code(202).send(SUBSCRIPTION_ACCEPTED);
      }
      // A suppressed address gets the same answer and nothing else: no record, no mail, no limit spent.
      if (await repo.isSuppressed(email)) return reply.code(202).send(SUBSCRIPTION_ACCEPTED);
      let mail = false;
      if (mailsSubscribers(deps.config)) {
        const allowed = await mailFor(email);
        if (typeof allowed === 'object') {
          await signUps.refund(request.ip);
          request.log.warn('subscriptions: the confirmation emails of the day are used up');
          throw tooManyAttempts(
            reply,
            allowed.retryAfterMs,
            'We cannot take more sign-ups today. Please try again tomorrow.',
          );
        }
        if (allowed === 'held')
          request.log.warn('subscriptions: an address had its confirmation emails of the day; none sent');
        mail = allowed === 'mail';
      }
      // The language of the form's page, when one of the site's others; null is the default.
      const code = askedIn && canonicalLocale(askedIn);
      const locales = code ? await deps.repos.siteSettings.locales() : [];
      const locale = locales.some((l) => l.code === code && !l.isDefault) ? code! : null;
      const [wording, privacy] = await Promise.all([wordingFor(target, locale), deps.repos.pages.getPrivacy()]);
      const done = await repo.signUp({
        email,
        list,
        appId: target.appId,
        platforms: target.appId === null ? [] : platforms,
        locale,
        ip: request.ip,
        form: form ?? (target.appId === null ? 'footer' : 'app-page'),
        page: page ?? '',
        wording,
        privacyVersion: privacy?.lastUpdated ?? null,
        mail,
      });
      if (done !== 'suppressed' && mail) deps.outbox.kick();
      // Visitor analytics (issue 27): a notify-me or newsletter sign-up, per list.
      if (done !== 'suppressed') {
        deps.analyticsCollector.countServer(request, { name: 'signup', target: list, appId: target.appId, locale });
      }
      return reply.code(202).send(SUBSCRIPTION_ACCEPTED);
    },
  );

  // The emailed link: what it confirms (nothing changes on GET, so mail scanners that open links
  // confirm nothing), then confirming it by POST. Anyone with the link may: it is a 256-bit secret.
  app.get(
    api.subscriptionConfirmation(':token'),
    { schema: { params: TokenParams, response: { 200: SubscriptionConfirmationSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const found = await repo.findByToken(request.params.token);
      if (!found) throw new HttpError('NOT_FOUND', SUBSCRIPTION_LINK_GONE);
      return found;
    },
  );

  app.post(
    api.subscriptionConfirmation(':token'),
    { schema: { params: TokenParams, response: { 200: SubscriptionConfirmationSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const confirmed = await repo.confirm(request.params.token, request.ip);
      if (!confirmed) throw new HttpError('NOT_FOUND', SUBSCRIPTION_LINK_GONE);
      const parsed = parseList(confirmed.list);
      deps.analyticsCollector.countServer(request, {
        name: 'confirm',
        target: confirmed.list,
        appId: parsed?.kind === 'app' ? parsed.appId : null,
        locale: confirmed.locale,
      });
      return confirmed;
    },
  );

  // A subscriber's lists, by their own token (the unsubscribe page's preference centre).
  app.get(
    api.subscriberPreferences(':token'),
    { schema: { params: SubscriberTokenParamsSchema, response: { 200: SubscriberPreferencesSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const found = await repo.preferences(request.params.token);
      if (!found) throw notFound('Subscriber');
      return found;
    },
  );

  app.put(
    api.subscriberPreferences(':token'),
    {
      schema: {
        params: SubscriberTokenParamsSchema,
        body: PreferenceChangeSchema,
        response: { 200: SubscriberPreferencesSchema },
      },
    },
    async (request) => {
      const { token } = request.params;
      if (!(await repo.setPreference(token, request.body.list, request.body.subscribed))) throw notFound('Subscriber');
      return (await repo.preferences(token))!;
    },
  );

  // ── Admin ───────────────────────────────────────────────────────────────────────────────────

  app.get(
    api.adminSubscribers,
    { ...staff, schema: { querystring: SubscriberQuerySchema, response: { 200: SubscriberPageSchema } } },
    async (request) => {
      const { list, q, page = 1 } = request.query;
      const [counts, found] = await Promise.all([
        repo.counts(),
        repo.page({ list, q, limit: SUBSCRIBERS_PAGE_SIZE, offset: (page - 1) * SUBSCRIBERS_PAGE_SIZE }),
      ]);
      return { counts, ...found, page, pageSize: SUBSCRIBERS_PAGE_SIZE, canConfirm: mailsSubscribers(deps.config) };
    },
  );

  // The export holds every address of a list and its consent records: admins only.
  app.get(
    api.adminSubscribersCsv,
    { ...admin, schema: { querystring: z.object({ list: SubscriberQuerySchema.shape.list }) } },
    async (request, reply) => {
      const { list } = request.query;
      const rows = await repo.exportRows(list);
      const lines = [UTF8_BOM + csvRow(EXPORT_HEADER)];
      for (const row of rows) {
        const base = [
          row.email,
          row.locale ?? '',
          row.list,
          row.platforms.join(' '),
          row.status,
          row.confirmedAt ?? '',
          row.unsubscribedAt ?? '',
        ];
        if (row.consents.length === 0) lines.push(csvRow(base));
        for (const c of row.consents) {
          lines.push(
            csvRow([
              ...base,
              c.signedUpAt,
              c.signedUpIp ?? '',
              c.form,
              c.page,
              c.wording,
              c.privacyVersion ?? '',
              c.source ?? '',
              c.confirmedAt ?? '',
              c.confirmedIp ?? '',
            ]),
          );
        }
      }
      const day = deps.now().toISOString().slice(0, 10);
      const name = list ? list.replace(':', '-') : 'all';
      await deps.audit.record(request, {
        action: 'subscribers.export',
        targetType: 'subscribers',
        targetId: list ?? 'all',
        targetLabel: list ?? 'All lists',
        changes: null,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${name}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );

  app.post(
    api.adminSubscribersImport,
    {
      ...admin,
      bodyLimit: 6 * 1024 * 1024,
      schema: { body: SubscriberImportSchema, response: { 200: ImportReportSchema } },
    },
    async (request) => {
      const { list, source, csv } = request.body;
      const target = parseList(list)!;
      let appId: number | null = null;
      if (target.kind === 'app') {
        const found = await deps.repos.apps.get(target.appId);
        if (!found) throw invalid('No such app', [{ path: 'list', message: 'No such app' }]);
        appId = found.id;
      }
      const { emails, invalid: invalidCount, invalidLines } = importedAddresses(csv);
      if (emails.length > IMPORT_MAX_ROWS) {
        throw invalid(`At most ${IMPORT_MAX_ROWS} addresses at once`, [
          { path: 'csv', message: `At most ${IMPORT_MAX_ROWS} addresses at once` },
        ]);
      }
      const tally = await deps.audit.change(request, async (log) => {
        const done = await repo.importConfirmed(list, appId, source, emails, request.ip);
        log({
          action: 'subscribers.import',
          targetType: 'subscribers',
          targetId: list,
          targetLabel: list === STUDIO_LIST ? 'Newsletter' : list,
          changes: {
            source: { after: source },
            imported: { after: done.imported },
            suppressed: { after: done.suppressed },
          },
        });
        return done;
      });
      return { ...tally, invalid: invalidCount, invalidLines };
    },
  );

  app.get(
    api.adminSubscriber(':id'),
    { ...staff, schema: { params: IdParamsSchema, response: { 200: SubscriberDetailSchema } } },
    async (request) => {
      const found = await repo.get(request.params.id);
      if (!found) throw notFound('Subscriber');
      return found;
    },
  );

  // Removing keeps only the address's hash (suppressions): it is never mailed or imported again.
  // The audit entry names the subscriber by number, never the address.
  app.delete(api.adminSubscriber(':id'), { ...staff, schema: { params: IdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    const removed = await deps.audit.change(request, async (log) => {
      const done = await repo.remove(id);
      if (done) {
        log({
          action: 'subscriber.delete',
          targetType: 'subscriber',
          targetId: id,
          targetLabel: `Subscriber #${id}`,
          changes: null,
        });
      }
      return done;
    });
    if (!removed) throw notFound('Subscriber');
    return reply.code(204).send();
  });
};

/** The page a subscriber's token opens (for the List-Unsubscribe header and the emails' link). */
export const unsubscribeUrl = (siteUrl: string, token: string) => `${siteUrl}${paths.unsubscribe(token)}`;
