// Island: the menu button below 768 px and its slide-out side menu (a native modal <dialog>: the
// rest of the page is inert while it is open, Escape closes it, the focus comes back to the button).
// The panel is rendered only while open: a closed menu costs the page's first view no bytes.
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SpriteIcon } from '../components/sprite-icon';
import { buttonVariants } from '../components/ui/button';
import { cx as cn } from '../lib/cx';
import { useT } from '../page-kit/messages';
import { mobileMenuEn } from '../../shared/messages/en-islands';
import { NavLink, type NavItem } from './nav';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = mobileMenuEn;

export interface MobileMenuProps {
  items: NavItem[];
  /** The link of the page being shown (marked as current), if any. */
  current: string | null;
}

export default function MobileMenu({ items, current }: MobileMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const close = () => dialog.current?.close();

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          // The panel is in the dialog before it opens, so the dialog can move the focus into it.
          flushSync(() => setOpen(true));
          dialog.current?.showModal();
        }}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'md:hidden')}
      >
        <SpriteIcon name="menu" />
        <span className="sr-only">{t('mobileMenu.open')}</span>
      </button>
      <dialog
        ref={dialog}
        aria-label={t('mobileMenu.title')}
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
        // A press on the backdrop (outside the panel) closes the menu.
        onClick={(event) => event.target === dialog.current && close()}
        className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-72 max-w-[85vw] border-l bg-background p-0 text-foreground shadow-xl backdrop:bg-black/60"
      >
        {/* The panel fills the dialog: only a press outside it reaches the dialog (the backdrop). */}
        {open && (
          <div className="h-full overflow-y-auto p-6">
            <div className="mb-4 flex items-center justify-between">
              <h2 className="text-lg font-semibold">{t('mobileMenu.title')}</h2>
              <button type="button" onClick={close} className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
                <SpriteIcon name="x" />
                <span className="sr-only">{t('mobileMenu.close')}</span>
              </button>
            </div>
            <nav aria-label={t('mobileMenu.nav')} className="flex flex-col gap-1">
              {items.map((item) => (
                <NavLink key={item.to} item={item} current={current} onClick={close} />
              ))}
            </nav>
          </div>
        )}
      </dialog>
    </>
  );
}
