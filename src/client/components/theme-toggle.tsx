// The 'Toggle theme' button. Its menu (and the menu library) loads on first hover, focus or click;
// the button stays mounted until the menu arrives, so no click, tap or key press is lost.
import { useState } from 'react';
import type ThemeMenuComponent from './theme-menu';
import { SpriteIcon } from './sprite-icon';
import { buttonVariants } from './ui/button';
import { cx as cn } from '../lib/cx';

type ThemeMenu = typeof ThemeMenuComponent;

export function ThemeToggle() {
  const [Menu, setMenu] = useState<ThemeMenu | null>(null);
  const [open, setOpen] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);

  const load = () => {
    void import('./theme-menu').then((module) => setMenu(() => module.default));
  };

  if (Menu) return <Menu open={open} onOpenChange={setOpen} focusOnMount={hadFocus} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
      onPointerEnter={load}
      onFocus={() => {
        setHadFocus(true);
        load();
      }}
      onBlur={() => setHadFocus(false)}
      onClick={() => {
        setOpen(true);
        load();
      }}
    >
      <SpriteIcon name="sun" className="scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" />
      <SpriteIcon name="moon" className="absolute scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" />
      <span className="sr-only">Toggle theme</span>
    </button>
  );
}
