// Translations (issue 24): the site's languages, and an item's texts in another language, each
// published on its own. An item's own row is its default-language version; a translation holds only
// the fields a visitor reads. Links, store ids, media, order, dates and the item's status are shared.
import { z } from './zod';
import { canonicalLocale, type SiteLocale } from '../locales';
import { AppInputSchema } from './apps';
import { AppPagesInputSchema } from './app-pages';
import { BlogPostInputSchema, optionalDateTime } from './blog-posts';
import { AboutUsInputSchema, HomeContentInputSchema } from './site-content';
import { PressKitInputSchema } from './press';
import { ReleaseNotesSchema } from './app-releases';
import { LIMITS } from '../constants';

export const LOCALES_MAX = 40;

/** A BCP 47 tag the site knows, in its canonical spelling ('pt-br' → 'pt-BR'). */
export const LocaleCodeSchema = z
  .string({ error: 'Choose a language' })
  .trim()
  .transform((code, ctx) => {
    const known = canonicalLocale(code);
    if (!known) {
      ctx.addIssue({ code: 'custom', message: `${code || 'This'} is not a language the site knows` });
      return z.NEVER;
    }
    return known;
  });

export const SiteLocaleSchema = z.object({
  code: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  dir: z.enum(['ltr', 'rtl']),
}) satisfies z.ZodType<SiteLocale>;

/** PUT /api/admin/locales: the default language and the others, in order. */
export const SiteLocalesInputSchema = z
  .object({
    defaultLocale: LocaleCodeSchema,
    locales: z.array(LocaleCodeSchema).max(LOCALES_MAX, `At most ${LOCALES_MAX} languages`).default([]),
  })
  .transform(({ defaultLocale, locales }) => ({
    defaultLocale,
    locales: [...new Set(locales)].filter((code) => code !== defaultLocale),
  }));
export type SiteLocalesInput = z.input<typeof SiteLocalesInputSchema>;

export const SiteLocalesSchema = z.object({ locales: z.array(SiteLocaleSchema) });

// --- What each kind of item has to translate -------------------------------------------------

/** 'release' (issue 26): an app version's "What's new", item = the release's id. */
export const TRANSLATION_TYPES = ['app', 'post', 'page', 'app-page', 'release'] as const;
export type TranslationType = (typeof TRANSLATION_TYPES)[number];

/** The studio's pages a `page` translation can be of. */
export const TRANSLATED_PAGES = ['home', 'about', 'privacy', 'contact', 'site', 'press'] as const;
export type TranslatedPage = (typeof TRANSLATED_PAGES)[number];
/** An app's own pages an `app-page` translation can be of ('12-support', '12-privacy', '12-press'). */
export const TRANSLATED_APP_PAGES = ['support', 'deletion', 'privacy', 'press'] as const;
export type TranslatedAppPage = (typeof TRANSLATED_APP_PAGES)[number];
/** The app pages read together (GET /api/apps/{id}/pages), each translated on its own. */
export const APP_TEXT_PAGES = ['support', 'deletion'] as const;

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().default('');

const app = AppInputSchema.shape;
const post = BlogPostInputSchema.shape;
const home = HomeContentInputSchema.shape;
const about = AboutUsInputSchema.shape;
const appPages = AppPagesInputSchema.shape;
const press = PressKitInputSchema.shape;

/**
 * The translated fields of each kind of item, with the rules of its own form. A field left out is
 * empty in that language: a page in German never shows a sentence in English.
 */
export const TRANSLATION_FIELDS = {
  app: z.object({
    title: app.title,
    tagline: app.tagline,
    description: app.description,
    longDescription: app.longDescription,
    /** Issue 25: the accessibility note (the tags' names and explanations come from the catalogues). */
    accessibilityNote: app.accessibilityNote,
    /** Where the store listing differs in this language (item 8): the store links for it. */
    appStoreLink: app.appStoreLink,
    googlePlayLink: app.googlePlayLink,
  }),
  post: z.object({
    title: post.title,
    content: post.content,
    excerpt: post.excerpt,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
  }),
  home: z.object({
    heroTitle: home.heroTitle,
    heroSubtitle: home.heroSubtitle,
    heroContent: home.heroContent,
    introTitle: home.introTitle,
    introContent: home.introContent,
    featuredAppTitle: home.featuredAppTitle,
    ctaText: home.ctaText,
  }),
  about: z.object({ title: about.title, content: about.content }),
  privacy: z.object({ content: z.string().trim().min(1, 'Content is required').max(LIMITS.htmlMax) }),
  contact: z.object({ location: text(LIMITS.shortText, 'Location') }),
  site: z.object({
    name: z.string().trim().min(1, 'Studio name is required').max(100, 'Studio name must be at most 100 characters'),
    tagline: text(160, 'Tagline'),
    footerText: text(500, 'Footer text'),
  }),
  support: z.object({ supportIntro: appPages.supportIntro, faq: appPages.faq }),
  deletion: z.object({ deletionDeleted: appPages.deletionDeleted, deletionKept: appPages.deletionKept }),
  /** A press kit's words (the studio's, or an app's): its facts' links, dates, media and names are shared. */
  press: z.object({
    basedIn: press.basedIn,
    description: press.description,
    history: press.history,
    features: press.features,
  }),
  /** An app version's "What's new" (issue 26): its number, day and platforms are shared. */
  release: z.object({
    notes: ReleaseNotesSchema.pipe(z.string().min(1, "Write what's new in this language")),
  }),
} as const;
export type TranslationFieldsKind = keyof typeof TRANSLATION_FIELDS;

/** The rich-text fields (sanitised on every write, as the item's own). */
export const TRANSLATION_HTML_FIELDS: Record<TranslationFieldsKind, readonly string[]> = {
  app: ['longDescription'],
  post: ['content'],
  home: [],
  about: ['content'],
  privacy: ['content'],
  contact: [],
  site: [],
  support: ['supportIntro'],
  deletion: ['deletionDeleted', 'deletionKept'],
  press: ['description', 'history'],
  release: [],
};

/**
 * Which set of fields an item has: its type, or for pages, the page. An app's privacy policy has
 * the studio's policy's fields (its text), an app's press kit the studio kit's.
 */
export function fieldsKind(type: TranslationType, item: string): TranslationFieldsKind | undefined {
  const id = (digits: string | undefined) =>
    digits !== undefined && /^[1-9]\d{0,9}$/.test(digits) && Number(digits) <= 2_147_483_647;
  if (type === 'app' || type === 'post' || type === 'release') return id(item) ? type : undefined;
  if (type === 'page')
    return (TRANSLATED_PAGES as readonly string[]).includes(item) ? (item as TranslatedPage) : undefined;
  const [, appId, part] = /^(\d{1,10})-(support|deletion|privacy|press)$/.exec(item) ?? [];
  return id(appId) ? (part as TranslatedAppPage) : undefined;
}

export const TranslationParamsSchema = z.object({
  type: z.enum(TRANSLATION_TYPES, { error: 'Unknown kind of item' }),
  id: z.string().max(40),
});
export const TranslationLocaleParamsSchema = TranslationParamsSchema.extend({ locale: LocaleCodeSchema });

/** PUT /api/admin/translations/{type}/{id}/{locale}. `fields` is checked by the item's kind. */
export const TranslationInputSchema = z.object({
  fields: z.record(z.string(), z.unknown()).default({}),
  /** A post's address in this language; empty makes one from the translated title. */
  slug: z.string().trim().max(200).optional(),
  /** Published now, or a draft (scheduled when `publishAt` is in the future). */
  isPublished: z.boolean().default(false),
  publishAt: optionalDateTime(),
  /** Show the default language's text at this language's address, saying so. */
  useDefault: z.boolean().default(false),
  /** The version the edit started from: a save over a newer one is refused (409). */
  version: z.number().int().positive().optional(),
});
export type TranslationInput = z.input<typeof TranslationInputSchema>;

export const TranslationStatusSchema = z.enum(['missing', 'draft', 'scheduled', 'published']);
export type TranslationStatus = z.infer<typeof TranslationStatusSchema>;

export const TranslationSchema = z.object({
  type: z.enum(TRANSLATION_TYPES),
  item: z.string(),
  locale: z.string(),
  fields: z.record(z.string(), z.unknown()),
  slug: z.string().nullable(),
  status: TranslationStatusSchema,
  isPublished: z.boolean(),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  useDefault: z.boolean(),
  /** The default language's text changed after this translation was saved. */
  outdated: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});
export type Translation = z.infer<typeof TranslationSchema>;

/** GET /api/admin/translations/{type}/{id}: the default text beside every language's translation. */
export const ItemTranslationsSchema = z.object({
  type: z.enum(TRANSLATION_TYPES),
  item: z.string(),
  /** The item's name, for headings. */
  label: z.string(),
  defaultLocale: z.string(),
  /** The default language's fields, as translated fields are compared with. */
  source: z.record(z.string(), z.unknown()),
  sourceSlug: z.string().nullable(),
  /** One per non-default site language, in the site's order ('missing' when not started). */
  translations: z.array(
    TranslationSchema.omit({ type: true, item: true }).extend({
      version: z.number().nullable(),
      updatedAt: z.string().nullable(),
    }),
  ),
});
export type ItemTranslations = z.infer<typeof ItemTranslationsSchema>;

/** GET /api/admin/translations?type=: each item's status per language, for the lists' completeness. */
export const TranslationSummarySchema = z.array(
  z.object({ item: z.string(), locale: z.string(), status: TranslationStatusSchema, outdated: z.boolean() }),
);
export const TranslationSummaryQuerySchema = z.object({ type: z.enum(TRANSLATION_TYPES) });

/** GET /api/admin/translations/check: every page's hreflang cluster, crawled as search engines see it. */
export const HreflangCheckSchema = z.object({
  /** How many addresses were opened. */
  checked: z.number(),
  problems: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type HreflangCheck = z.infer<typeof HreflangCheckSchema>;
