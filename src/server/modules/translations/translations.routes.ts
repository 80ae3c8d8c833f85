// The site's languages and each item's translations (issue 24). Administrators choose the languages;
// staff translate. Each language's translation of an item is saved, published, scheduled and deleted
// on its own; a save from an older version is refused with the current one (409), as every editor's.
import { z } from 'zod';
import { knownLocale } from '../../../shared/locales';
import { RevisionSummarySchema } from '../../../shared/schemas/revisions';
import { api } from '../../../shared/paths';
import { OkSchema } from '../../../shared/schemas/common';
import {
  HreflangCheckSchema,
  ItemTranslationsSchema,
  SiteLocalesInputSchema,
  SiteLocalesSchema,
  TranslationInputSchema,
  TranslationLocaleParamsSchema,
  TranslationParamsSchema,
  TranslationSchema,
  TranslationSummaryQuerySchema,
  TranslationSummarySchema,
} from '../../../shared/schemas/translations';
import { translationDraftKey } from '../../../shared/schemas/drafts';
import { slugify } from '../../../shared/slug';
import { invalid, notFound, staleVersion } from '../../lib/errors';
import type { AppModule } from '../../types';
import { checkHreflang } from './hreflang-check';
import { checkFields } from './translation-fields';
import { pickFields, sourceHash, translationSources } from './translation-sources';
import { statusOf, toTranslation } from './translations.repo';

const localeName = (code: string) => knownLocale(code)?.englishName ?? code;

/** The staff member's autosaved draft of one language of an item (the drafts module's key). */
const draftOf = (request: { user?: { id: number } | null }, type: string, id: string, locale: string) => ({
  kind: 'translation' as const,
  itemKey: translationDraftKey(type, id, locale),
  userId: request.user!.id,
});

export const translationsModule: AppModule = async (app, { deps, auth }) => {
  const repo = deps.repos.translations;
  const settings = deps.repos.siteSettings;
  const source = translationSources(deps.repos);

  const itemOf = async (type: Parameters<typeof source>[0], id: string) => {
    const found = await source(type, id);
    if (!found) throw notFound('Item');
    return found;
  };

  /** The language, if it is one of the site's others (the default language's text is the item itself). */
  const otherLocale = async (code: string) => {
    const locales = await settings.locales();
    const locale = locales.find((l) => l.code === code);
    const message = !locale
      ? `${localeName(code)} is not one of the site's languages`
      : locale.isDefault
        ? `${localeName(code)} is the default language: edit the item itself`
        : undefined;
    if (message) throw invalid(message, [{ path: 'locale', message }]);
    return locale!;
  };

  app.get(
    api.locales,
    { onRequest: auth.requireStaff, schema: { response: { 200: SiteLocalesSchema } } },
    async () => ({ locales: await settings.locales() }),
  );

  app.put(
    api.locales,
    {
      onRequest: auth.requireAdmin,
      config: { changesContent: true },
      schema: { body: SiteLocalesInputSchema, response: { 200: SiteLocalesSchema } },
    },
    async (request) => {
      await settings.ensure();
      const codes = (locales: { code: string }[]) => locales.map((l) => l.code).join(', ');
      return deps.audit.write(request, {
        type: 'settings',
        verb: 'update',
        id: 'locales',
        label: 'Languages',
        before: async () => ({ languages: codes(await settings.locales()) }),
        write: async () => ({ locales: await settings.putLocales(request.body) }),
        after: (result) => ({ languages: codes(result.locales) }),
      });
    },
  );

  app.get(
    '/api/admin/translations',
    {
      onRequest: auth.requireStaff,
      schema: { querystring: TranslationSummaryQuerySchema, response: { 200: TranslationSummarySchema } },
    },
    async (request) => {
      const rows = await repo.ofType(request.query.type);
      // "Changed since translated" needs each item's current text: read once per item.
      const hashes = new Map<string, string>();
      for (const item of new Set(rows.map((r) => r.item))) {
        const found = await source(request.query.type, item);
        if (found) hashes.set(item, sourceHash(found.fields));
      }
      return rows
        .filter((row) => hashes.has(row.item))
        .map((row) => ({
          item: row.item,
          locale: row.locale,
          status: statusOf(row),
          outdated: Boolean(row.sourceHash) && row.sourceHash !== hashes.get(row.item),
        }));
    },
  );

  app.get(
    api.translationsCheck,
    { onRequest: auth.requireStaff, schema: { response: { 200: HreflangCheckSchema } } },
    async () => {
      const check = await checkHreflang(app, deps.config.siteUrl);
      // A published translation of an item visitors cannot see: its language is missing from the item's pages.
      const locales = await settings.locales();
      for (const row of await repo.publishedOfHidden()) {
        check.problems.push({
          path: `${row.type}/${row.item}`,
          message: `Published in ${localeName(row.locale)}, but the item itself is not shown to visitors`,
        });
      }
      for (const row of await repo.inLocalesOtherThan(locales.map((l) => l.code))) {
        check.problems.push({
          path: `${row.type}/${row.item}`,
          message: `Translated into ${localeName(row.locale)}, which is not one of the site's languages: not shown`,
        });
      }
      return check;
    },
  );

  app.get(
    '/api/admin/translations/:type/:id',
    {
      onRequest: auth.requireStaff,
      schema: { params: TranslationParamsSchema, response: { 200: ItemTranslationsSchema } },
    },
    async (request) => {
      const { type, id } = request.params;
      const item = await itemOf(type, id);
      const hash = sourceHash(item.fields);
      const [locales, rows] = await Promise.all([settings.locales(), repo.forItem(type, id)]);
      const byLocale = new Map(rows.map((r) => [r.locale, r]));
      return {
        type,
        item: id,
        label: item.label,
        defaultLocale: locales.find((l) => l.isDefault)?.code ?? 'en',
        source: item.fields,
        sourceSlug: item.slug,
        translations: locales
          .filter((l) => !l.isDefault)
          .map((l) => {
            const row = byLocale.get(l.code);
            if (row) {
              const { type: _type, item: _item, ...translation } = toTranslation(row, hash);
              return translation;
            }
            return {
              locale: l.code,
              fields: pickFields(item.kind, {}),
              slug: null,
              status: 'missing' as const,
              isPublished: false,
              publishAt: null,
              publishedAt: null,
              useDefault: false,
              outdated: false,
              version: null,
              updatedAt: null,
            };
          }),
      };
    },
  );

  app.put(
    '/api/admin/translations/:type/:id/:locale',
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: {
        params: TranslationLocaleParamsSchema,
        body: TranslationInputSchema,
        response: { 200: TranslationSchema },
      },
    },
    async (request) => {
      const { type, id, locale } = request.params;
      const item = await itemOf(type, id);
      await otherLocale(locale);
      const body = request.body;
      const ifMatch = Number(String(request.headers['if-match'] ?? '').replace(/\D/g, '')) || undefined;
      const version = body.version ?? ifMatch;
      // Published text must be complete, unless the page shows the default language's text.
      const complete = body.isPublished && !body.useDefault;
      const fields = checkFields(item.kind, body.fields, complete);
      if (body.publishAt && !body.isPublished && Date.parse(body.publishAt) <= deps.now().getTime()) {
        const message = 'Pick a time in the future to schedule the translation';
        throw invalid(message, [{ path: 'publishAt', message }]);
      }
      const hash = sourceHash(item.fields);
      const title = typeof fields.title === 'string' ? fields.title : '';
      const saved = await deps.audit.write(request, {
        type: 'translation',
        id: `${type}:${id}:${locale}`,
        label: `${item.label} (${localeName(locale)})`,
        verb: (before, after) => {
          const was = (before as { isPublished?: boolean } | undefined)?.isPublished;
          const is = (after as { isPublished?: boolean } | undefined)?.isPublished;
          if (!before) return is ? 'publish' : 'create';
          if (was !== is) return is ? 'publish' : 'unpublish';
          return 'update';
        },
        before: async () => {
          const row = await repo.get(type, id, locale);
          return row && { ...toTranslation(row, hash), fields: row.fields as object };
        },
        write: async () => {
          const result = await repo.put(type, id, locale, {
            fields,
            slug: item.kind === 'post' ? (body.slug ?? '') : null,
            slugBase: item.kind === 'post' ? slugify(title, item.slug ?? 'post') : undefined,
            isPublished: body.isPublished,
            publishAt: body.publishAt,
            useDefault: body.useDefault,
            sourceHash: hash,
            version,
            appId: item.appId,
            postId: item.postId,
            releaseId: item.releaseId ?? null,
            userId: request.user?.id ?? null,
          });
          if ('stale' in result) throw staleVersion(toTranslation(result.stale, hash));
          return toTranslation(result.row, hash);
        },
      });
      if (saved.publishAt) deps.scheduler.kick();
      // The saver's autosaved draft of this language is now the translation itself.
      await deps.repos.drafts.remove(draftOf(request, type, id, locale));
      return saved;
    },
  );

  app.get(
    '/api/admin/translations/:type/:id/:locale/revisions',
    {
      onRequest: auth.requireStaff,
      schema: { params: TranslationLocaleParamsSchema, response: { 200: z.array(RevisionSummarySchema) } },
    },
    async (request) => {
      const { type, id, locale } = request.params;
      await itemOf(type, id);
      return deps.repos.revisions.list('translation', 0, { type, item: id, locale });
    },
  );

  app.delete(
    '/api/admin/translations/:type/:id/:locale',
    {
      onRequest: auth.requireStaff,
      config: { changesContent: true },
      schema: { params: TranslationLocaleParamsSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      const { type, id, locale } = request.params;
      const item = await itemOf(type, id);
      const removed = await deps.audit.write(request, {
        type: 'translation',
        verb: 'delete',
        id: `${type}:${id}:${locale}`,
        label: `${item.label} (${localeName(locale)})`,
        before: async () => {
          const row = await repo.get(type, id, locale);
          return row && { ...toTranslation(row, ''), fields: row.fields as object };
        },
        write: () => repo.remove(type, id, locale),
        after: () => null,
      });
      if (!removed) throw notFound('Translation');
      await deps.repos.drafts.remove(draftOf(request, type, id, locale));
      return { success: true as const };
    },
  );
};
