import type { ReactNode } from 'react';
import { cx as cn } from '../lib/cx';
import { SkeletonLines } from './ui/skeleton';

/** The public pages' content column. */
export function PageContainer({
  children,
  className,
  narrow = false,
}: {
  children: ReactNode;
  className?: string;
  narrow?: boolean;
}) {
  return (
    <div className={cn('mx-auto px-4 py-12 sm:px-6 sm:py-16', narrow ? 'max-w-3xl' : 'max-w-6xl', className)}>
      {children}
    </div>
  );
}

/** A narrow page while its content loads: a stack of placeholder bars, announced as busy with `label`. */
export function PageSkeleton({
  label = 'Loading',
  lines,
  className,
  stackClassName = 'space-y-6',
}: {
  label?: string;
  lines: readonly string[];
  className?: string;
  stackClassName?: string;
}) {
  return (
    <PageContainer narrow className={className}>
      <SkeletonLines label={label} className={stackClassName} lines={lines} />
    </PageContainer>
  );
}

/** Rich text from the editors (sanitised on the server at every write). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={cn('rich-text', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
