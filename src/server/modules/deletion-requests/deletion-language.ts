// The language a deletion request is written to in (issue 24): the one of the page the visitor asked
// from, while the site still has it, else the site's default. Its emails and its confirmation page
// speak it: the catalogue's words with the staff's overrides, the app's name as its published
// translation writes it, dates in the language's own form, and links to the app's deletion page in
// that language when the page is there in it (otherwise the default language's).
import { createIntl, createIntlCache } from 'react-intl';
import { formatLongIn } from '../../../shared/dates';
import { messagesFor, type MessageKey } from '../../../shared/messages';
import type { SiteLocale } from '../../../shared/locales';
import type { PublishedIn } from '../translations/published-in';
import type { translationsRepo } from '../translations/translations.repo';
import type { uiStringsRepo } from '../ui-strings/ui-strings.repo';

const cache = createIntlCache();

export interface RequestLanguage {
  /** Its BCP 47 tag. */
  code: string;
  /** A catalogue message in it, its values put in. */
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
  /** A day in long form, as the language writes it ("14 May 2025", "14. Mai 2025"). */
  date: (value: Date | string) => string;
  /** The app's name in it. */
  appTitle: string;
  /** What the app's own pages' addresses start with in it: '/de', or '' (the default's pages). */
  prefix: string;
}

interface LanguageRepos {
  siteSettings: { locales(): Promise<SiteLocale[]> };
  uiStrings: Pick<ReturnType<typeof uiStringsRepo>, 'list'>;
  translations: Pick<ReturnType<typeof translationsRepo>, 'get'>;
}

/** What is there in a language, as the public pages' links see it (translations/published-in.ts). */
type There = Pick<PublishedIn, 'in'>;

/** The site's language for this request: its own while the site has it, else the default. */
export function chooseLocale(locales: SiteLocale[], asked: string | null | undefined): SiteLocale | undefined {
  return locales.find((l) => l.code === asked) ?? locales.find((l) => l.isDefault);
}

export function requestLanguages(repos: LanguageRepos, publishedIn: There) {
  /** `appId` null: no app is named (a newsletter sign-up's email, issue 26). */
  return async function languageOf(request: {
    appId: number | null;
    appTitle: string;
    locale: string | null;
  }): Promise<RequestLanguage> {
    const locale = chooseLocale(await repos.siteSettings.locales(), request.locale);
    const code = locale?.code ?? 'en';
    const overrides = await repos.uiStrings.list(code);
    const intl = createIntl({ locale: code, messages: messagesFor(code, overrides), defaultLocale: 'en' }, cache);
    let appTitle = request.appTitle;
    let prefix = '';
    if (locale && !locale.isDefault && request.appId !== null) {
      const [app, there] = await Promise.all([
        repos.translations.get('app', String(request.appId), code),
        publishedIn.in(code),
      ]);
      const title = app?.isPublished && !app.useDefault ? (app.fields as { title?: unknown }).title : undefined;
      if (typeof title === 'string' && title.trim()) appTitle = title;
      // Its deletion page is linked in this language when the page's own links would lead there.
      if (there.items.has(`app:${request.appId}`) && there.items.has(`app-page:${request.appId}-deletion`)) {
        prefix = `/${code}`;
      }
    }
    return {
      code,
      t: (key, values) => intl.formatMessage({ id: key }, values),
      date: (value) => formatLongIn(code, value),
      appTitle,
      prefix,
    };
  };
}

export type LanguageOf = ReturnType<typeof requestLanguages>;
