// The theme menu itself (Radix DropdownMenu), loaded when the visitor reaches for the toggle.
import { Laptop, Moon, Sun } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTheme, type Theme } from '../lib/theme';
import { cn } from '../lib/utils';
import { buttonVariants } from './ui/button';

const OPTIONS: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Laptop },
];

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The placeholder button had focus: keep it on the real trigger. */
  focusOnMount: boolean;
}

export default function ThemeMenu({ open, onOpenChange, focusOnMount }: Props) {
  const { theme, setTheme } = useTheme();
  const trigger = useRef<HTMLButtonElement>(null);
  // Keep keyboard focus on the toggle when the real trigger replaces the placeholder; a menu that
  // mounts open moves focus into itself instead.
  const [mountedOpen] = useState(open);
  useEffect(() => {
    if (focusOnMount && !mountedOpen) trigger.current?.focus();
  }, [focusOnMount, mountedOpen]);
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        ref={trigger}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
      >
        <Sun aria-hidden="true" className="size-5 scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" />
        <Moon
          aria-hidden="true"
          className="absolute size-5 scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0"
        />
        <span className="sr-only">Toggle theme</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          <DropdownMenu.RadioGroup value={theme} onValueChange={(v) => setTheme(v as Theme)}>
            {OPTIONS.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[state=checked]:font-semibold"
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
