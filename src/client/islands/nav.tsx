// The site's main navigation, shared by the header (static HTML) and the mobile menu island.
import type { MessageKey } from '../../shared/messages/en';
import { paths } from '../../shared/paths';
import { cx as cn } from '../lib/cx';

export interface NavItem {
  to: string;
  /** Its text in the page's language. */
  label: string;
}

/** The links, with their messages. */
export const NAV: { to: string; label: MessageKey }[] = [
  { to: paths.home, label: 'nav.home' },
  { to: paths.blogIndex, label: 'nav.blog' },
  { to: paths.about, label: 'nav.about' },
  { to: paths.contact, label: 'nav.contact' },
  { to: paths.privacy, label: 'nav.privacy' },
];

/** The links with their texts in the page's language. */
export const navItems = (t: (key: MessageKey) => string): NavItem[] =>
  NAV.map(({ to, label }) => ({ to, label: t(label) }));

/** The nav link a page belongs to: Home only at /, the others for their path and below. */
export function currentNav(pathname: string): string | null {
  const item = NAV.find(({ to }) =>
    to === paths.home ? pathname === to : pathname === to || pathname.startsWith(`${to}/`),
  );
  return item?.to ?? null;
}

/** A link of the main navigation, marked when it is the page being shown. */
export function NavLink({ item, current, onClick }: { item: NavItem; current: string | null; onClick?: () => void }) {
  const active = item.to === current;
  return (
    <a
      href={item.to}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
      className={cn(
        'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
        active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
      )}
    >
      {item.label}
    </a>
  );
}
