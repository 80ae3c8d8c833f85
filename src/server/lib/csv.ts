// A small CSV writer (RFC 4180) for exports that spreadsheets open: every cell quoted when it must be,
// lines ending CRLF, and cells that a spreadsheet would run as a formula made plain text (OWASP's
// CSV injection advice: a leading apostrophe before = + - @ tab or CR).
/** The byte-order mark Excel needs to read a CSV as UTF-8. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its line ending. */
export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
