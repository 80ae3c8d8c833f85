// A list row's translations at a glance (issue 24): one compact marker per other language ("DE ✓",
// "FR draft", "PT-BR —", and a mark when the default text changed since it was translated), each
// with its full meaning for screen readers and as a tooltip.
import type { SiteLocale } from '../../../shared/locales';
import type { TranslationStatus } from '../../../shared/schemas/translations';
import { cn } from '../../lib/utils';
import { localeLabel, type ItemCompleteness } from './api';

const SHORT: Record<TranslationStatus, string> = {
  published: '✓',
  scheduled: 'scheduled',
  draft: 'draft',
  missing: '—',
};

const SPOKEN: Record<TranslationStatus, string> = {
  published: 'published',
  scheduled: 'scheduled',
  draft: 'draft',
  missing: 'not translated',
};

const TONE: Record<TranslationStatus, string> = {
  published: 'border-green-600/40 text-green-800 dark:text-green-300',
  scheduled: 'border-blue-600/40 text-blue-800 dark:text-blue-300',
  draft: 'border-yellow-600/50 text-yellow-900 dark:text-yellow-200',
  missing: 'border-border text-muted-foreground',
};

/** One marker per non-default language, in the site's order; a language without a row is missing. */
export function markersOf(locales: SiteLocale[], statuses: ItemCompleteness[] | undefined) {
  return locales
    .filter((l) => !l.isDefault)
    .map((l) => {
      const found = statuses?.find((s) => s.locale === l.code);
      const status = found?.status ?? 'missing';
      const outdated = Boolean(found?.outdated);
      return {
        code: l.code,
        status,
        outdated,
        text: `${l.code.toUpperCase()} ${SHORT[status]}${outdated ? ' !' : ''}`,
        spoken: `${localeLabel(l.code)}: ${SPOKEN[status]}${outdated ? ', changed since translated' : ''}`,
      };
    });
}

export function CompletenessMarkers({
  locales,
  statuses,
  className,
}: {
  locales: SiteLocale[];
  statuses: ItemCompleteness[] | undefined;
  className?: string;
}) {
  const markers = markersOf(locales, statuses);
  if (markers.length === 0) return null;
  return (
    <ul aria-label="Translations" className={cn('flex flex-wrap gap-1.5', className)} data-testid="translation-markers">
      {markers.map((m) => (
        <li
          key={m.code}
          title={m.spoken}
          data-status={m.status}
          className={cn(
            'rounded border px-1.5 py-0.5 text-xs leading-none font-medium whitespace-nowrap',
            TONE[m.status],
          )}
        >
          <span aria-hidden="true">{m.text}</span>
          <span className="sr-only">{m.spoken}</span>
        </li>
      ))}
    </ul>
  );
}
