// A date on a public page: in the visitor's locale on the site's default language's pages (SPEC §9),
// in the page's language on the others (issue 24; components/local-date.tsx).
import { LocalDate } from '../components/local-date';
import { useLocale } from './locale';

export function PageDate({ iso, className }: { iso: string; className?: string }) {
  const locale = useLocale();
  return <LocalDate iso={iso} className={className} lang={locale.isDefault ? undefined : locale.code} />;
}
