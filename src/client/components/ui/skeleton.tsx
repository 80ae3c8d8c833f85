import type { ComponentProps } from 'react';
import { cx as cn } from '../../lib/cx';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  // Rounded by default; a className that sets its own rounding replaces it.
  const rounding = /\brounded(-|\b)/.test(className ?? '') ? undefined : 'rounded-md';
  return <div aria-hidden="true" className={cn('animate-pulse bg-muted', rounding, className)} {...props} />;
}
