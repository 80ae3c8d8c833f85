import { useHydrated } from '../lib/use-hydrated';

const OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/**
 * A date in the visitor's locale and time zone (SPEC §9). The server render and hydration use
 * en-US in UTC, identical on both sides; right after hydration the browser's own settings apply.
 */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  const text = hydrated
    ? new Date(iso).toLocaleDateString(undefined, OPTIONS)
    : new Date(iso).toLocaleDateString('en-US', { ...OPTIONS, timeZone: 'UTC' });
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}
