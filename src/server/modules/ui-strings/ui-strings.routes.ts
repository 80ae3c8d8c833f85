// The site's words per language (issue 24): the shipped catalogues (shared/messages) with the
// staff's overrides over them. Pages read a language's overrides, islands their words in it;
// administrators read every key with its texts and set or reset overrides. A save drops the rendered pages (changesContent).
import { api } from '../../../shared/paths';
import { canonicalLocale } from '../../../shared/locales';
import { catalogueFor, en, isMessageKey, MESSAGE_KEYS, messagesFor } from '../../../shared/messages';
import { islandWordsOf } from '../../../shared/messages/island-words';
import { messageIssue } from '../../../shared/messages/check';
import {
  UiStringOverridesSchema,
  UiStringsInputSchema,
  IslandWordsSchema,
  UiStringsParamsSchema,
  UiStringsQuerySchema,
  UiStringsSchema,
  type UiStrings,
} from '../../../shared/schemas/ui-strings';
import { invalid } from '../../lib/errors';
import type { AppModule } from '../../types';

/** The tag as the site spells it, or a 400 naming the field. */
function localeOf(code: string, path: string): string {
  const locale = canonicalLocale(code);
  if (!locale) throw invalid('Choose a language', [{ path, message: `Unknown language: ${code}` }]);
  return locale;
}

export const uiStringsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.uiStrings;

  const listing = async (locale: string): Promise<UiStrings> => {
    const overrides = await repo.list(locale);
    const catalogue = { ...en, ...catalogueFor(locale) };
    return {
      locale,
      strings: MESSAGE_KEYS.map((key) => ({
        key,
        english: en[key],
        catalogue: catalogue[key],
        override: overrides[key] ?? null,
      })),
    };
  };

  // What the render reads: the language's overrides only (the catalogues ship with the code).
  app.get(
    '/api/ui-strings/:locale',
    {
      config: { publicRead: true },
      schema: { params: UiStringsParamsSchema, response: { 200: UiStringOverridesSchema } },
    },
    async (request) => {
      const locale = canonicalLocale(request.params.locale);
      if (!locale) return {};
      const overrides = await repo.list(locale);
      // A key the catalogues no longer have is kept in the table but never reaches a page.
      return Object.fromEntries(Object.entries(overrides).filter(([key]) => isMessageKey(key)));
    },
  );

  // What an island fetches when it first wakes on a page whose words differ from its English
  // (shared/messages/island-words.ts): the islands' words in the language, the staff's overrides
  // over its catalogue. Cached as the pages are, and dropped with them when staff change a text.
  app.get(
    `${api.islandWords}/:locale`,
    {
      config: { publicRead: true },
      schema: { params: UiStringsParamsSchema, response: { 200: IslandWordsSchema } },
    },
    async (request) => {
      const locale = canonicalLocale(request.params.locale);
      return islandWordsOf(messagesFor(locale ?? 'en', locale ? await repo.list(locale) : {}));
    },
  );

  app.get(
    api.adminUiStrings,
    {
      onRequest: auth.requireAdmin,
      schema: { querystring: UiStringsQuerySchema, response: { 200: UiStringsSchema } },
    },
    async (request) => listing(localeOf(request.query.locale, 'locale')),
  );

  app.put(
    '/api/admin/ui-strings/:locale',
    {
      onRequest: auth.requireAdmin,
      config: { changesContent: true },
      schema: { params: UiStringsParamsSchema, body: UiStringsInputSchema, response: { 200: UiStringsSchema } },
    },
    async (request) => {
      const locale = localeOf(request.params.locale, 'locale');
      const { strings } = request.body;
      const issues = [];
      for (const [key, value] of Object.entries(strings)) {
        const path = `strings.${key}`;
        if (!isMessageKey(key)) issues.push({ path, message: 'No such text' });
        else if (value !== null) {
          const issue = messageIssue(key, value);
          if (issue) issues.push({ path, message: issue });
        }
      }
      if (issues.length) throw invalid('Check the texts', issues);
      await deps.audit.write(request, {
        type: 'settings',
        verb: 'update',
        id: `ui-strings:${locale}`,
        label: `Site texts (${locale})`,
        before: () => repo.list(locale),
        write: () => repo.put(locale, strings),
      });
      return listing(locale);
    },
  );
};
