// The contact form without JavaScript: a plain POST to /contact. The server validates it with the
// API's own schema and messages and answers with the contact page again (the visitor's values and
// the errors) or, once sent, a redirect to the page with a notice. Sending goes through the API
// route itself, so the honeypot, the rate limit and every check are the same as with JavaScript.
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { api, paths } from '../../shared/paths';
import { ContactMessageRequestSchema, HONEYPOT_FIELD } from '../../shared/schemas/messages';
import type { ContactFormProps } from '../../client/islands/contact-form';
import type { AppInstance } from '../types';
import { acceptFormBodies } from '../lib/form-bodies';
import { localePath, splitLocalePath } from '../../client/page-kit/locale';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { countingHeaders } from '../modules/analytics/visitor';

const FIELDS = ['firstName', 'lastName', 'email', 'subject', 'message', HONEYPOT_FIELD] as const;
type Field = (typeof FIELDS)[number];

/** The address the visitor lands on after a message went out (in the page's language: '/de/contact?sent=1'). */
export const SENT_PATH = `${paths.contact}?sent=1`;

/** The contact page's form state an address asks for: the notice after a plain send (in any language). */
export function contactFormFromQuery(pathname: string, query: string): ContactFormProps | undefined {
  if (splitLocalePath(pathname).path !== paths.contact) return undefined;
  return new URLSearchParams(query).get('sent') === '1' ? { notice: 'sent' } : undefined;
}

/** Renders the contact page at `location` ('/contact', or '/de/contact': the language it was posted from). */
type RenderContact = (
  location: string,
  state: ContactFormProps,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
) => unknown;

/**
 * The language prefix of a form posted to a page in another language ('/de/contact' → '/de'), '' for
 * the default language's address; undefined when the first segment is not one of the site's other
 * languages (then there is no such page, and nothing is sent).
 */
export async function postedPrefix(app: AppInstance, prefix: string | undefined): Promise<string | undefined> {
  if (prefix === undefined) return '';
  const { locale } = splitLocalePath(`/${prefix}`);
  if (!locale) return undefined;
  const settings = await app.inject({ method: 'GET', url: api.siteSettings });
  const locales = settings.statusCode === 200 ? settings.json<SiteSettings>().locales : [];
  return locales.some((l) => l.code === locale && !l.isDefault) ? `/${locale}` : undefined;
}

export function contactFormRoute(app: AppInstance, renderContact: RenderContact): void {
  // Form bodies are accepted here only: the API takes JSON alone.
  void app.register(async (scope) => {
    acceptFormBodies(scope);

    // The page's language is the one it was posted from: /de/contact answers with the German page.
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const prefix = await postedPrefix(app, (request.params as { locale?: string }).locale);
      if (prefix === undefined) return reply.callNotFound();
      const location = localePath({ prefix }, paths.contact);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(
        FIELDS.map((field) => [field, typeof body[field] === 'string' ? body[field] : '']),
      ) as Record<Field, string>;
      // What the visitor typed comes back with the page (never the honeypot).
      const { [HONEYPOT_FIELD]: _honeypot, ...shown } = values;

      const parsed = ContactMessageRequestSchema.safeParse(values);
      if (!parsed.success) {
        const fieldErrors = z.flattenError(parsed.error).fieldErrors as Partial<Record<Field, string[]>>;
        const errors = Object.fromEntries(
          Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0] ?? '']),
        );
        return renderContact(location, { values: shown, errors }, request, reply, 422);
      }

      const sent = await app.inject({
        method: 'POST',
        url: api.messages,
        payload: values,
        remoteAddress: request.ip,
        headers: countingHeaders(request.headers),
      });
      if (sent.statusCode === 201) return reply.redirect(`${location}?sent=1`, 303);
      request.log.warn({ status: sent.statusCode }, 'contact form (no JavaScript) could not be sent');
      const status = sent.statusCode === 429 ? 429 : sent.statusCode >= 500 ? 503 : 422;
      if (status === 429) {
        const retryAfter = sent.headers['retry-after'];
        if (retryAfter) reply.header('retry-after', retryAfter);
      }
      return renderContact(location, { values: shown, notice: 'failed' }, request, reply, status);
    };
    scope.post(paths.contact, handler);
    scope.post(`/:locale${paths.contact}`, handler);
  });
}
