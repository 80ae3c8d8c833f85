// Island: the 'Toggle theme' menu button (Light, Dark, System), a WAI-ARIA menu button of our own.
import { Laptop, Moon, Sun } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SpriteIcon } from '../components/sprite-icon';
import { buttonVariants } from '../components/ui/button';
import { cx as cn } from '../lib/cx';
import { useT } from '../page-kit/messages';
import { themeMenuEn } from '../../shared/messages/en-islands';
import { setTheme, storedTheme, type Theme } from './theme';

/** Its words in English, for a page that sends none (island.tsx). */
export const messages = themeMenuEn;

const OPTIONS = [
  { value: 'light', label: 'themeMenu.light', Icon: Sun },
  { value: 'dark', label: 'themeMenu.dark', Icon: Moon },
  { value: 'system', label: 'themeMenu.system', Icon: Laptop },
] as const satisfies readonly { value: Theme; label: string; Icon: typeof Sun }[];

export default function ThemeMenu() {
  const t = useT();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  // Known only in the browser: read when the menu opens (the server render has it closed).
  const [theme, setThemeState] = useState<Theme>('dark');
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  // Which item takes the focus when the menu opens (ArrowUp on the button: the last).
  const focusLast = useRef(false);

  const openMenu = (atLast: boolean) => {
    focusLast.current = atLast;
    setThemeState(storedTheme());
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // The first item takes the focus when the menu opens; a press outside closes it.
  useEffect(() => {
    if (!open) return;
    items.current[focusLast.current ? items.current.length - 1 : 0]?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') return setOpen(false);
    else return;
    event.preventDefault();
  };

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          if (open) return close(false);
          openMenu(false);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          openMenu(event.key === 'ArrowUp');
        }}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
      >
        <SpriteIcon name="sun" className="scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" />
        <SpriteIcon name="moon" className="absolute scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" />
        <span className="sr-only">{t('themeMenu.toggle')}</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('themeMenu.label')}
          onKeyDown={onMenuKey}
          className="absolute top-full right-0 z-50 mt-1.5 min-w-36 rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          {OPTIONS.map(({ value, label, Icon }, i) => (
            <button
              key={value}
              ref={(item) => {
                items.current[i] = item;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={theme === value}
              tabIndex={-1}
              onClick={() => {
                setTheme(value);
                close(true);
              }}
              className="flex w-full cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground aria-checked:font-semibold"
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(label)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
