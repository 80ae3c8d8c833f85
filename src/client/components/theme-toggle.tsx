// The 'Toggle theme' button. Its menu (and the menu library) loads on first hover, focus or click.
import { lazy, Suspense, useState } from 'react';
import { SpriteIcon } from './sprite-icon';
import { buttonVariants } from './ui/button';
import { cx as cn } from '../lib/cx';

const ThemeMenu = lazy(() => import('./theme-menu'));

export function ThemeToggle() {
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);

  const placeholder = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
      onPointerEnter={() => setLoaded(true)}
      onFocus={() => {
        setHadFocus(true);
        setLoaded(true);
      }}
      onClick={() => {
        setLoaded(true);
        setOpen(true);
      }}
    >
      <SpriteIcon name="sun" className="scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" />
      <SpriteIcon name="moon" className="absolute scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" />
      <span className="sr-only">Toggle theme</span>
    </button>
  );
  if (!loaded) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ThemeMenu open={open} onOpenChange={setOpen} focusOnMount={hadFocus} />
    </Suspense>
  );
}
