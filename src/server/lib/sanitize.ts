// Rich text is sanitised on every write, so stored HTML is safe to render anywhere.
import sanitizeHtml from 'sanitize-html';
import { isMediaPath } from '../../shared/schemas/common';
import { htmlToText } from '../../shared/text';
import { invalid } from './errors';

const ALIGN = /^(left|right|center|justify)$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'ol',
    'ul',
    'li',
    'a',
    'img',
    'br',
    'blockquote',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['class', 'style'],
  },
  allowedClasses: {
    '*': ['ql-align-left', 'ql-align-center', 'ql-align-right', 'ql-align-justify', /^ql-indent-[1-8]$/],
  },
  allowedStyles: { '*': { 'text-align': [ALIGN] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.target) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else {
        delete out.rel;
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => {
    // Images only from the web or this site's own media; anything else is dropped.
    if (frame.tag !== 'img') return false;
    const src = frame.attribs.src ?? '';
    return !(/^https?:\/\//i.test(src) || isMediaPath(src));
  },
};

/** Strips everything the editors cannot produce: scripts, handlers, foreign protocols. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Sanitises rich text that must have content: what is left after cleaning must have at least
 * `min` characters of text (or an image), else the write is refused with the form's message.
 */
export function sanitizeRequired(html: string, min: number, message: string, path = 'content'): string {
  const clean = sanitizeRichText(html);
  const text = htmlToText(clean);
  if (text.length < min && !(min <= 1 && /<img\s/i.test(clean))) throw invalid(message, [{ path, message }]);
  return clean;
}

/** Parses and writes HTML back as the sanitiser does, removing nothing: the baseline `sanitizeRichText` is compared with. */
const VERBATIM: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: true,
};

/**
 * True when saving this HTML would change more than its spelling: the sanitiser drops or rewrites a
 * tag, an attribute or a link (a restored backup's rich text is refused then, issue 21).
 */
export function sanitizerWouldChange(html: string): boolean {
  return sanitizeRichText(html) !== sanitizeHtml(html, VERBATIM).trim();
}
