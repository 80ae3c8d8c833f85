// A search result's snippet (decision 117): ts_headline marks the matched words with two control
// characters that the text cannot hold (they are taken out of it before), so the snippet is made
// safe here: every piece of text is decoded from the stored HTML's entities and escaped, and only
// then are the marked words put in <mark>.
import { decodeEntities } from '../../../shared/text';

export const SNIPPET_START = '\u0001';
export const SNIPPET_STOP = '\u0002';
const MARKERS = new RegExp(`([${SNIPPET_START}${SNIPPET_STOP}])`);

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** ts_headline's output as HTML: escaped text, the matched words in <mark>. */
export function markedSnippet(headline: string): string {
  const text = headline.replace(/\s+/g, ' ').trim();
  let html = '';
  let marked = false;
  for (const piece of text.split(MARKERS)) {
    if (piece === SNIPPET_START) marked = true;
    else if (piece === SNIPPET_STOP) marked = false;
    else if (piece) {
      const safe = escape(decodeEntities(piece));
      html += marked ? `<mark>${safe}</mark>` : safe;
    }
  }
  return html;
}
