// The public pages' frame: header (static links, the theme menu and mobile menu islands), main
// content and footer. Rendered on the server only; the islands are the only parts with JavaScript.
import { useContext, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../../shared/paths';
import { SpriteIcon } from '../components/sprite-icon';
import { buttonVariants } from '../components/ui/button';
import { useContactInfo } from '../features/pages/api';
import { SocialLinkList, usePublicSocialLinks } from '../features/social/public-social-links';
import { Island } from '../islands/island';
import MobileMenu from '../islands/mobile-menu';
import { currentNav, NavLink, navItems } from '../islands/nav';
import ThemeMenu from '../islands/theme-menu';
import { FooterNotesContext } from '../page-kit/footer-notes';
import { useT } from '../page-kit/messages';
import { useSite, type SiteInfo } from '../page-kit/site-context';
import { localePath, useLocale } from '../page-kit/locale';

/** The footer's links, in order. */
const FOOTER_LINKS = [
  [paths.home, 'nav.home'],
  [paths.blogIndex, 'nav.blog'],
  [paths.contact, 'nav.contact'],
  [paths.privacy, 'nav.privacy'],
  [paths.press, 'footer.press'],
] as const;

/** The logo from Site Settings, or the name's initial on the brand colour. */
function BrandMark({ site }: { site: SiteInfo }) {
  if (site.logo) {
    return <img src={site.logo} alt="" width={32} height={32} className="size-8 rounded-lg object-contain" />;
  }
  return (
    <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
      {[...site.name][0]}
    </span>
  );
}

function Header() {
  const site = useSite();
  const t = useT();
  const locale = useLocale();
  // In another language the links stay in it (the mobile menu island gets them as they are).
  const nav = navItems(t).map((item) => ({ ...item, to: localePath(locale, item.to) }));
  const at = currentNav(useLocation().pathname);
  const current = at === null ? null : localePath(locale, at);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href={paths.home} className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <BrandMark site={site} />
          {site.name}
        </a>
        <div className="flex items-center gap-1">
          <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
            {nav.map((item) => (
              <NavLink key={item.to} item={item} current={current} />
            ))}
          </nav>
          {/* Site search (issue 25): a plain link to its page, on every screen size; no script. */}
          <a
            href={localePath(locale, paths.search)}
            aria-label={t('search.open')}
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          >
            <SpriteIcon name="search" />
          </a>
          <Island name="theme-menu" component={ThemeMenu} props={{}} messages={['themeMenu']} />
          <Island name="mobile-menu" component={MobileMenu} props={{ items: nav, current }} messages={['mobileMenu']} />
        </div>
      </div>
      {/* Without JavaScript the slide-out menu cannot open: small screens get the links inline. */}
      <noscript>
        <nav aria-label={t('nav.mainNoScript')} className="flex flex-wrap gap-1 border-t px-4 py-2 md:hidden">
          {nav.map((item) => (
            <a key={item.to} href={item.to} className="rounded-md px-3 py-2 text-sm font-medium">
              {item.label}
            </a>
          ))}
        </nav>
      </noscript>
    </header>
  );
}

function Footer() {
  const site = useSite();
  const t = useT();
  const notes = [...(useContext(FooterNotesContext) ?? [])];
  const socials = usePublicSocialLinks(useContactInfo().data);
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <p className="text-lg font-bold">{site.name}</p>
          <p className="text-sm text-muted-foreground">{site.footerText || site.tagline || t('footer.tagline')}</p>
          {socials.length > 0 && (
            <SocialLinkList
              links={socials}
              label={t('footer.social')}
              newTab={t('appPage.newTab')}
              itemClassName={buttonVariants({ variant: 'ghost', size: 'icon' })}
            />
          )}
        </div>
        <nav aria-label={t('footer.nav')} className="md:justify-self-center">
          <p className="mb-3 text-sm font-semibold">{t('footer.links')}</p>
          <ul className="space-y-2 text-sm">
            {FOOTER_LINKS.map(([href, label]) => (
              <li key={href}>
                <a href={href} className="text-muted-foreground hover:text-foreground">
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-muted-foreground md:self-end md:justify-self-end">
          {t('footer.rights', { year: String(new Date().getUTCFullYear()), site: site.name })}
        </p>
      </div>
      {notes.length > 0 && (
        <div
          className="mx-auto max-w-6xl space-y-1 px-4 pb-8 text-xs text-muted-foreground sm:px-6"
          data-testid="footer-notes"
        >
          {notes.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
    </footer>
  );
}

export function PublicLayout() {
  const t = useT();
  const [notes] = useState(() => new Set<string>());
  return (
    <FooterNotesContext.Provider value={notes}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('layout.skipToContent')}
        </a>
        <Header />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
    </FooterNotesContext.Provider>
  );
}
