// A release's day (YYYY-MM-DD) as the page's language writes a date: English as the spec's
// "May 14, 2025", another language through Intl; always the day itself (UTC), never shifted.
import { useIntl } from 'react-intl';
import { formatLongUs } from '../../../shared/dates';
import { useLocale } from '../../page-kit/locale';

export function useReleaseDay(): (day: string) => string {
  const intl = useIntl();
  const locale = useLocale();
  return (day) =>
    locale.code === 'en'
      ? formatLongUs(day)
      : intl.formatDate(new Date(`${day.slice(0, 10)}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
}
