// The loading stand-in of a one-card editor: a label bar and a field bar for each field, in the card's frame.
import type { ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton';

export interface SkeletonField {
  /** The label bar's width class, e.g. `w-28`. */
  label: string;
  /** The field bar's height class; a one-line input unless told. */
  height?: string;
  /** Classes of the field's block, e.g. a narrow `max-w-xs` date field. */
  className?: string;
}

export function FormSkeleton({
  label,
  testId,
  fields,
  children,
}: {
  /** What is loading, for assistive technology. */
  label: string;
  testId?: string;
  fields: readonly SkeletonField[];
  /** What follows the fields (a footer, a large block). */
  children?: ReactNode;
}) {
  return (
    <div
      role="status"
      className="space-y-5 rounded-xl border p-6"
      aria-busy="true"
      aria-label={label}
      data-testid={testId}
    >
      {fields.map((field, i) => (
        <div key={i} className={field.className ? `${field.className} space-y-2` : 'space-y-2'}>
          <Skeleton className={`h-4 ${field.label}`} />
          <Skeleton className={`${field.height ?? 'h-10'} w-full`} />
        </div>
      ))}
      {children}
    </div>
  );
}
