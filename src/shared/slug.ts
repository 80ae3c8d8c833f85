// Readable URL segments (issue 12): a post's slug is made from its title unless staff write one.

export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Latin letters that do not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th' };

/** 'Déjà Vu: Patch 1.2!' → 'deja-vu-patch-1-2'; a text with no letter or digit gives `fallback`. */
export function slugify(text: string, fallback = 'post'): string {
  const slug = text
    .replace(/[ßæœøłđþ]/gi, (c) => LETTERS[c.toLowerCase()] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** An app's slug: as a post's, but never digits alone (/apps/{digits} is an app's id, which redirects). */
export function appSlug(title: string): string {
  const slug = slugify(title, 'app');
  return /^\d+$/.test(slug) ? `app-${slug}` : slug;
}
