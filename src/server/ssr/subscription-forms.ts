// The mailing lists' forms without JavaScript (issue 26), each a plain POST answered with its page:
// the sign-up form (POST /subscriptions, through the API's own route, so the honeypot, the limits and
// every check are the same as with JavaScript), the confirmation link's button (POST
// /subscriptions/confirm), and the unsubscribe page (POST /unsubscribe/{token}): its "Unsubscribe
// from all" button, each list's toggle, and the RFC 8058 one-click POST that mail providers send
// (body List-Unsubscribe=One-Click, form-encoded or multipart): unsubscribed from every list at
// once, 200 with no page, no cookie, no CSRF token. That one POST is let through the site's origin
// check (plugins/security.ts); a cross-site POST with any other body is refused here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { api, paths } from '../../shared/paths';
import { parseList, STUDIO_LIST } from '../../shared/schemas/lists';
import { PLATFORM_NAMES, type Platform } from '../../shared/schemas/apps';
import {
  isSubscribable,
  SIGNUP_FORMS,
  SUBSCRIBE_HONEYPOT,
  SubscriberTokenParamsSchema,
  SubscriptionTokenSchema,
  type SignupForm,
  type SubscriptionConfirmation,
} from '../../shared/schemas/subscriptions';
import type { ApiErrorBody } from '../../shared/api-error';
import type { SubscriptionPageState } from '../../client/page-kit/page-state';
import { localePath } from '../../client/page-kit/locale';
import { HttpError } from '../lib/errors';
import { isCrossSite } from '../plugins/security';
import type { AppInstance } from '../types';
import { postedPrefix } from './contact-form';
import { countingHeaders } from '../modules/analytics/visitor';

type Render = (
  location: string,
  state: SubscriptionPageState,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
) => unknown;

type FormBody = Record<string, string | string[]>;

/** A form body: each field's text, or its texts when it comes more than once (the platforms' boxes). */
function parseForm(body: string): FormBody {
  const out: FormBody = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const was = out[key];
    out[key] = was === undefined ? value : Array.isArray(was) ? [...was, value] : [was, value];
  }
  return out;
}

/** A multipart body's text fields (RFC 8058 allows the one-click POST as multipart/form-data). */
export function parseMultipart(body: string, contentType: string): FormBody {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const out: FormBody = {};
  if (!boundary) return out;
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name !== undefined) out[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return out;
}

// A body may also come as JSON, holding anything: only text is read from it, never an object.
/** A field's text (the first when it came more than once); '' when it is missing or not text. */
const text = (body: FormBody, key: string): string => {
  const value: unknown = body[key];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
};
/** A field's texts (the platforms' boxes); what is not text is left out. */
const texts = (body: FormBody, key: string): string[] => {
  const value: unknown = body[key];
  return (Array.isArray(value) ? (value as unknown[]) : [value]).filter((v): v is string => typeof v === 'string');
};

export function subscriptionFormsRoute(app: AppInstance, render: Render): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body: string, done) => done(null, parseForm(body)),
    );
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (request, body: string, done) => done(null, parseMultipart(body, String(request.headers['content-type']))),
    );

    // The sign-up form: answered with /subscriptions (in the language it was posted from).
    const signUp = async (request: FastifyRequest, reply: FastifyReply) => {
      const prefix = await postedPrefix(app, (request.params as { locale?: string }).locale);
      if (prefix === undefined) return reply.callNotFound();
      const location = localePath({ prefix }, paths.subscriptions);
      const body = (request.body !== null && typeof request.body === 'object' ? request.body : {}) as FormBody;
      const email = text(body, 'email').slice(0, 320);
      const platforms = texts(body, 'platforms').slice(0, 10);
      const formName = text(body, 'form');
      const form: SignupForm = (SIGNUP_FORMS as readonly string[]).includes(formName)
        ? (formName as SignupForm)
        : 'footer';
      const page = text(body, 'page').slice(0, 2048);
      // The form comes back for the list it was for, while that list takes sign-ups; else the newsletter's.
      const parsed = parseList(text(body, 'list'));
      const target = parsed?.kind === 'app' ? await app.deps.visibleApps.visitorApp(parsed.appId) : undefined;
      const listed = target && isSubscribable(target.status) ? target : undefined;
      const shown = {
        list: listed ? `app:${listed.id}` : STUDIO_LIST,
        app: listed?.title ?? '',
        platforms: (listed?.platforms ?? []).map((p) => ({ value: p, label: PLATFORM_NAMES[p as Platform] ?? p })),
        form,
        page,
        values: { email, platforms },
      };
      const sent = await app.inject({
        method: 'POST',
        url: api.subscriptions,
        payload: {
          email,
          list: text(body, 'list'),
          platforms,
          ...(text(body, 'consent') ? { consent: true } : {}),
          form,
          ...(page ? { page } : {}),
          ...(prefix ? { locale: prefix.slice(1) } : {}),
          [SUBSCRIBE_HONEYPOT]: text(body, SUBSCRIBE_HONEYPOT),
        },
        remoteAddress: request.ip,
        headers: countingHeaders(request.headers),
      });
      if (sent.statusCode === 202) return render(location, { signUp: { ...shown, sent: true } }, request, reply, 200);
      if (sent.statusCode === 422 || sent.statusCode === 400) {
        const issues = sent.json<ApiErrorBody>().issues ?? [];
        const errors: Record<string, string> = {};
        for (const issue of issues) errors[String(issue.path).split('.')[0]!] ??= issue.message;
        return render(location, { signUp: { ...shown, errors } }, request, reply, 422);
      }
      request.log.warn({ status: sent.statusCode }, 'subscription form (no JavaScript) could not be sent');
      if (sent.statusCode === 429) {
        const retryAfter = sent.headers['retry-after'];
        if (retryAfter) reply.header('retry-after', retryAfter);
      }
      const status = sent.statusCode === 429 ? 429 : 503;
      return render(location, { signUp: { ...shown, failure: true } }, request, reply, status);
    };
    scope.post(paths.subscriptions, signUp);
    scope.post(`/:locale${paths.subscriptions}`, signUp);

    // The confirmation link's button: confirmed, or the link could not confirm anything.
    scope.post('/subscriptions/confirm', async (request, reply) => {
      const location = '/subscriptions/confirm';
      const token = text((request.body ?? {}) as FormBody, 'token');
      if (!SubscriptionTokenSchema.safeParse(token).success)
        return render(location, { gone: true }, request, reply, 404);
      const sent = await app.inject({
        method: 'POST',
        url: api.subscriptionConfirmation(token),
        remoteAddress: request.ip,
        headers: countingHeaders(request.headers),
      });
      if (sent.statusCode === 200) {
        return render(location, { confirmed: sent.json<SubscriptionConfirmation>() }, request, reply, 200);
      }
      if (sent.statusCode === 404) return render(location, { gone: true }, request, reply, 404);
      throw new Error(`The confirmation answered ${sent.statusCode}`);
    });

    // The unsubscribe page's forms, and the one-click POST of RFC 8058.
    scope.post('/unsubscribe/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      const location = paths.unsubscribe(token);
      const body = (request.body !== null && typeof request.body === 'object' ? request.body : {}) as FormBody;
      const oneClick = text(body, 'List-Unsubscribe') === 'One-Click';
      // Only the one-click body may come from elsewhere (a mail provider, a webmail page).
      if (!oneClick && isCrossSite(request, app.deps.config.siteUrl)) {
        throw new HttpError('FORBIDDEN', 'Cross-site requests are not allowed');
      }
      if (!SubscriberTokenParamsSchema.safeParse({ token }).success) {
        if (oneClick) return reply.code(404).header('cache-control', 'no-store').send();
        return render(location, {}, request, reply, 404);
      }
      const change = (list: string, subscribed: boolean) =>
        app.inject({
          method: 'PUT',
          url: api.subscriberPreferences(token),
          payload: { list, subscribed },
          remoteAddress: request.ip,
        });
      if (oneClick) {
        const done = await change('all', false);
        return reply
          .code(done.statusCode === 200 ? 200 : 404)
          .header('cache-control', 'no-store')
          .send();
      }
      const all = text(body, 'action') === 'all';
      const done = await change(all ? 'all' : text(body, 'list'), !all && text(body, 'subscribed') === '1');
      if (done.statusCode === 200) return render(location, { changed: all ? 'all' : 'saved' }, request, reply, 200);
      // A malformed change, or a list the address is not on: the page again as it is (not found for an unknown token).
      const known = done.statusCode === 404 ? done : await app.inject({ url: api.subscriberPreferences(token) });
      return render(location, {}, request, reply, known.statusCode === 200 ? 422 : 404);
    });
  });
}
