const OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/**
 * A date in the visitor's locale and time zone (SPEC §9). The server writes it in en-US, UTC, and
 * the island loader rewrites it with the browser's own settings (islands/enhance.ts); the admin,
 * rendered in the browser, shows the local form at once. On a page in another language than the
 * site's default (`lang`, issue 24) the date is written in the page's language, not the browser's:
 * the server writes it in `lang`, UTC, and the loader in `lang` and the visitor's time zone.
 */
export function LocalDate({ iso, className, lang }: { iso: string; className?: string; lang?: string }) {
  const text =
    typeof document === 'undefined'
      ? new Date(iso).toLocaleDateString(lang ?? 'en-US', { ...OPTIONS, timeZone: 'UTC' })
      : new Date(iso).toLocaleDateString(lang ?? undefined, OPTIONS);
  return (
    <time dateTime={iso} data-local-date={lang ?? ''} className={className}>
      {text}
    </time>
  );
}
