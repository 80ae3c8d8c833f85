import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { paths } from '../../shared/paths';
import { ThemeToggle } from '../components/theme-toggle';
import { SpriteIcon } from '../components/sprite-icon';
import { buttonVariants } from '../components/ui/button';
import { useContactInfo } from '../features/pages/api';
import { cx as cn } from '../lib/cx';
import { useSite } from './site-context';

export const NAV = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.about, label: 'About Us', end: false },
  { to: paths.contact, label: 'Contact', end: false },
  { to: paths.privacy, label: 'Privacy Policy', end: false },
];

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
  );

const MobileMenuSheet = lazy(() => import('./mobile-menu'));

/** The menu button below 768 px; the slide-out sheet's code loads on first use. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'md:hidden')}
      >
        <SpriteIcon name="menu" />
        <span className="sr-only">Open menu</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={button} items={NAV} linkClass={navLink} />
        </Suspense>
      )}
    </>
  );
}

function Header() {
  const site = useSite();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground"
          >
            {site.name.charAt(0)}
          </span>
          {site.name}
        </Link>
        <div className="flex items-center gap-1">
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={navLink}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <ThemeToggle />
          <MobileMenu />
        </div>
      </div>
      {/* Without JavaScript the slide-out menu cannot open: small screens get the links inline. */}
      <noscript>
        <nav aria-label="Main (no script)" className="flex flex-wrap gap-1 border-t px-4 py-2 md:hidden">
          {NAV.map((item) => (
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
  const { data: contact } = useContactInfo();
  const socials = [
    { href: contact?.twitterLink, label: 'X (Twitter)', icon: 'x-twitter' as const },
    { href: contact?.linkedinLink, label: 'LinkedIn', icon: 'linkedin' as const },
    { href: contact?.githubLink, label: 'GitHub', icon: 'github' as const },
  ].filter((s): s is typeof s & { href: string } => Boolean(s.href));
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <p className="text-lg font-bold">{site.name}</p>
          <p className="text-sm text-muted-foreground">Small studio, mobile games and apps made with care.</p>
          {socials.length > 0 && (
            <ul className="flex gap-2" aria-label="Social links">
              {socials.map(({ href, label, icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                  >
                    <SpriteIcon name={icon} />
                    <span className="sr-only">{label}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Footer" className="md:justify-self-center">
          <p className="mb-3 text-sm font-semibold">Links</p>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to={paths.home} className="text-muted-foreground hover:text-foreground">
                Home
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className="text-muted-foreground hover:text-foreground">
                Contact
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className="text-muted-foreground hover:text-foreground">
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
        <p className="text-sm text-muted-foreground md:self-end md:justify-self-end">
          © {new Date().getUTCFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
