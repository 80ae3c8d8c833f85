import type { ComponentProps } from 'react';
import { cx as cn } from '../../lib/cx';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  // Rounded by default; a className that sets its own rounding replaces it.
  const rounding = /\brounded(-|\b)/.test(className ?? '') ? undefined : 'rounded-md';
  return <div aria-hidden="true" className={cn('animate-pulse bg-muted', rounding, className)} {...props} />;
}

/**
 * A block of placeholder bars, one per class name (each gives a bar its height, width and rounding):
 * the loading shape of a page or card. Other props (aria-busy, aria-label, a test id) go on the block.
 */
export function SkeletonLines({ lines, ...props }: { lines: readonly string[] } & ComponentProps<'div'>) {
  return (
    <div {...props}>
      {lines.map((line, i) => (
        <Skeleton key={i} className={line} />
      ))}
    </div>
  );
}
