import { useHydrated } from '../lib/use-hydrated';

const OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** A date in the visitor's locale (SPEC §9). The server renders en-US; the browser switches after hydration. */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const locale = useHydrated() ? undefined : 'en-US';
  return (
    <time dateTime={iso} className={className}>
      {new Date(iso).toLocaleDateString(locale, OPTIONS)}
    </time>
  );
}
