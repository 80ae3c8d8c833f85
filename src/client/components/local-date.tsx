const OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/**
 * A date in the visitor's locale and time zone (SPEC §9). The server writes it in en-US, UTC, and
 * the island loader rewrites it with the browser's own settings (islands/enhance.ts); the admin,
 * rendered in the browser, shows the local form at once.
 */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const text =
    typeof document === 'undefined'
      ? new Date(iso).toLocaleDateString('en-US', { ...OPTIONS, timeZone: 'UTC' })
      : new Date(iso).toLocaleDateString(undefined, OPTIONS);
  return (
    <time dateTime={iso} data-local-date="" className={className}>
      {text}
    </time>
  );
}
