// Text helpers shared by the server render and the client.

/**
 * The first `length` UTF-16 units of text, one fewer when the cut would split a character outside
 * the Basic Multilingual Plane (an emoji): half of it is no text at all, and PostgreSQL refuses it.
 */
export function sliceWhole(text: string, length: number): string {
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/** Cuts text to `length` characters and appends an ellipsis when it was longer. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${sliceWhole(text, length).trimEnd()}...` : text;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function decodeEntity(m: string, e: string): string {
  const code = e.startsWith('#x')
    ? parseInt(e.slice(2), 16)
    : e.startsWith('#') && e !== '#39'
      ? Number(e.slice(1))
      : -1;
  // A number no character has stays as it was written.
  if (code >= 0) return code <= 0x10ffff ? String.fromCodePoint(code) : m;
  return ENTITIES[e.toLowerCase()] ?? m;
}

/** Text with the HTML entities of sanitised rich text decoded (`&amp;` → `&`); nothing else changed. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, decodeEntity);
}

/** Plain text of an HTML fragment: tags removed, entities decoded, white space folded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The plain-text excerpt of rich text. */
export function excerpt(html: string, length: number): string {
  return truncate(htmlToText(html), length);
}
