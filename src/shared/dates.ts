// The one date helper (SPEC §9 "Dates"): parsing and formatting used by server and client.

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Turns "DD/MM/YYYY" into a UTC midnight Date, or null when it is not a real calendar day. */
export function parseDayMonthYear(value: string): Date | null {
  const match = DMY.exec(value.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date;
}

/** Accepts "DD/MM/YYYY" or any standard date string (ISO); null when neither. */
export function parseFlexibleDate(value: string): Date | null {
  const dmy = parseDayMonthYear(value);
  if (dmy) return dmy;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!iso) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  // Date.parse rolls 2025-02-31 over into March: the calendar day must be the one written.
  const [, y, m, d] = iso.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  return new Date(time);
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? parseFlexibleDate(value) : value;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** "14/05/2025" (en-GB, as the admin shows policy and message dates). */
export function formatDayMonthYear(value: string | Date, timeZone = 'UTC'): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }) : '';
}

/** "May 14, 2025" (About Us). */
export function formatLongUs(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date
    ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : 'N/A';
}

/** "14 May 2025" (British long form: privacy policy). */
export function formatLongGb(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date
    ? date.toLocaleDateString('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : '';
}

/**
 * A day in long form in a page's language (issue 24): British English on an English page (SPEC §9,
 * "14 May 2025"), the language's own form on others ("14. Mai 2025").
 */
export function formatLongIn(locale: string, value: string | Date): string {
  if (locale.split('-')[0] === 'en') return formatLongGb(value);
  const date = toDate(value);
  return date
    ? date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : '';
}

/** "14 May 2025 at 09:30 UTC" (when a privacy policy version was saved: the same on every screen). */
export function formatSavedAtGb(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${formatLongGb(date)} at ${time} UTC`;
}
