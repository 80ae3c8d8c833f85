// A search box: the magnifier, a label for screen readers, and the browser's search input.
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { Input, Label } from './input';

export function SearchField({
  id,
  label,
  className = 'w-full sm:max-w-sm',
  inputClassName,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'className'> & {
  id: string;
  label: string;
  /** Classes of the box around the input (its width): by default full width on phones, a small column wider up. */
  className?: string;
  inputClassName?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input id={id} type="search" autoComplete="off" className={cn('pl-9', inputClassName)} {...input} />
    </div>
  );
}
