import type { ComponentProps } from 'react';
import { cx as cn } from '../../lib/cx';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  // Rounded by default; a className that sets its own rounding replaces it.
  const rounding = /\brounded(-|\b)/.test(className ?? '') ? undefined : 'rounded-md';
  return <div aria-hidden="true" className={cn('animate-pulse bg-muted', rounding, className)} {...props} />;
}

/**
 * A block of placeholder bars, one per class name (each gives a bar its height, width and rounding):
 * the loading shape of a page or card. With a `label`, the block is announced as busy loading it;
 * `children` come after the bars.
 */
export function SkeletonLines({
  lines,
  label,
  children,
  ...props
}: { lines: readonly string[]; label?: string } & ComponentProps<'div'>) {
  return (
    <div aria-busy={label ? true : undefined} aria-label={label} {...props}>
      {lines.map((line, i) => (
        <Skeleton key={i} className={line} />
      ))}
      {children}
    </div>
  );
}
