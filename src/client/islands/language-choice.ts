// "View this page in Deutsch?" (issue 24): the site never redirects by the browser's languages, but a
// visitor whose browser prefers another language this page is published in is offered it, once, in a
// small dismissible note. The page's hreflang links say which languages it has (and their names);
// the loader loads this only where the page has other languages and the browser's first language is
// not the page's; the note's code loads only when it is shown.

import { knownLocale } from '../../shared/locales';

/** Remembered when the visitor closes the note: it is not offered again. */
export const LANGUAGE_NOTE_DISMISSED = 'language-note-dismissed';

export interface OfferedLanguage {
  code: string;
  name: string;
  href: string;
}

const base = (tag: string) => tag.toLowerCase().split('-')[0]!;

/** The language to offer: the first the browser prefers that the page has, unless it is the page's own. */
export function languageToOffer(
  pageLang: string,
  preferred: readonly string[],
  links: OfferedLanguage[],
): OfferedLanguage | undefined {
  if (!links.length) return undefined;
  for (const wanted of preferred) {
    const match =
      links.find((l) => l.code.toLowerCase() === wanted.toLowerCase()) ??
      links.find((l) => base(l.code) === base(wanted));
    if (match) return base(match.code) === base(pageLang) ? undefined : match;
    if (base(wanted) === base(pageLang)) return undefined;
  }
  return undefined;
}

/** Offers the page in the visitor's language when it has one (called by the loader). */
export function offerLanguage(): void {
  try {
    if (localStorage.getItem(LANGUAGE_NOTE_DISMISSED)) return;
  } catch {
    // storage unavailable: still offer
  }
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel=alternate][hreflang]')]
    .filter((l) => l.hreflang !== 'x-default')
    .map((l) => ({ code: l.hreflang, name: knownLocale(l.hreflang)?.name ?? l.hreflang, href: l.href }));
  const offer = languageToOffer(document.documentElement.lang, navigator.languages ?? [], links);
  if (offer) void import('./language-note').then((note) => note.showLanguageNote(offer));
}
