// A revision compared with the current text, field by field: the plain text of each (HTML stripped,
// paragraphs kept as lines) diffed word by word with jsdiff (docs/decisions/067-revisions-and-jsdiff.md).
import { diffWords } from 'diff';
import { formatDayMonthYear } from '../../../shared/dates';
import type { RevisionKind } from '../../../shared/schemas/revisions';
import { htmlToText } from '../../../shared/text';

type Format = 'text' | 'html' | 'date' | 'list';

export interface RevisionField {
  key: string;
  label: string;
  format: Format;
}

/** A kind's fields from their labels, in order; a field is plain text unless `formats` says otherwise. */
const fieldsOf = (labels: Record<string, string>, formats: Record<string, Format> = {}): RevisionField[] =>
  Object.entries(labels).map(([key, label]) => ({ key, label, format: formats[key] ?? 'text' }));

/** What the history compares for each kind of item, in the editor's order. */
export const REVISION_FIELDS: Record<Exclude<RevisionKind, 'translation'>, readonly RevisionField[]> = {
  post: fieldsOf(
    {
      title: 'Title',
      slug: 'Slug',
      excerpt: 'Excerpt',
      content: 'Content',
      images: 'Images',
      seoTitle: 'SEO title',
      seoDescription: 'SEO description',
      shareImage: 'Share image',
    },
    { content: 'html', images: 'list' },
  ),
  about: fieldsOf({ title: 'Title', content: 'Content' }, { content: 'html' }),
  privacy: fieldsOf(
    { lastUpdated: 'Last updated date', content: 'Privacy policy content' },
    { lastUpdated: 'date', content: 'html' },
  ),
  home: fieldsOf({
    heroTitle: 'Hero title',
    heroSubtitle: 'Hero subtitle',
    heroContent: 'Hero content',
    introTitle: 'Intro title',
    introContent: 'Intro content',
    featuredAppTitle: 'Featured apps title',
    ctaText: 'Call to action text',
  }),
};

/** Where a paragraph-like block of rich text ends: each becomes a line of the plain text. */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/i;

/** An image has no words of its own: it shows as "[Image: alt]" so adding or removing one is seen. */
function markImages(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const alt = /\balt\s*=\s*"([^"]*)"/i.exec(tag)?.[1]?.trim();
    return ` [Image${alt ? `: ${alt}` : ''}] `;
  });
}

/** The readable text of a field's value: HTML as lines of plain text, a date as DD/MM/YYYY, a list one per line. */
export function fieldText(value: unknown, format: Format): string {
  if (value === null || value === undefined) return '';
  switch (format) {
    case 'html':
      return markImages(String(value)).split(BLOCK_END).map(htmlToText).filter(Boolean).join('\n');
    case 'date': {
      const text = String(value);
      return Number.isNaN(Date.parse(text)) ? text : formatDayMonthYear(text);
    }
    case 'list':
      // A list of texts, or of rows (a translated FAQ: each question with its answer).
      return Array.isArray(value)
        ? value.map((v) => (v && typeof v === 'object' ? Object.values(v as object).join(' — ') : String(v))).join('\n')
        : String(value);
    case 'text':
      return String(value).trim();
  }
}

export interface DiffPart {
  text: string;
  /** 'removed': only in the revision; 'added': only in the current text. */
  change: 'same' | 'added' | 'removed';
}

export interface FieldDiff extends RevisionField {
  changed: boolean;
  /** The word diff; null when the texts are too different to compare in time (both are shown whole). */
  parts: DiffPart[] | null;
  before: string;
  after: string;
}

/** A word diff gives up after this long (two long, wholly different texts): the two are shown whole instead. */
const DIFF_TIMEOUT_MS = 500;

/**
 * Each field of a revision (`before`) against the current item (`after`), word by word: the kind's
 * fields, or those given (a translation's are its item's kind's).
 */
export function compareRevision(
  kind: RevisionKind,
  revision: Record<string, unknown>,
  current: Record<string, unknown>,
  fields: readonly RevisionField[] = kind === 'translation' ? [] : REVISION_FIELDS[kind],
): FieldDiff[] {
  return fields.map((field) => {
    const before = fieldText(revision[field.key], field.format);
    const after = fieldText(current[field.key], field.format);
    if (before === after) {
      return { ...field, changed: false, before, after, parts: before ? [{ text: before, change: 'same' }] : [] };
    }
    const changes = diffWords(before, after, { timeout: DIFF_TIMEOUT_MS });
    const parts =
      changes?.map((c): DiffPart => ({ text: c.value, change: c.added ? 'added' : c.removed ? 'removed' : 'same' })) ??
      null;
    // Only white space moved (a paragraph split or joined): nothing a reader would call a change.
    const changed = parts === null || parts.some((p) => p.change !== 'same');
    return { ...field, changed, before, after, parts };
  });
}
