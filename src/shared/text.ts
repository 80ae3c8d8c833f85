// Text helpers shared by the server render and the client.

/** Cuts text to `length` characters and appends an ellipsis when it was longer. */
export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Plain text of an HTML fragment: tags removed, entities decoded, white space folded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (m, e: string) => {
      if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith('#') && e !== '#39') return String.fromCodePoint(Number(e.slice(1)));
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The plain-text excerpt of rich text. */
export function excerpt(html: string, length: number): string {
  return truncate(htmlToText(html), length);
}
