import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { FieldError, Label } from './input';

/** A labelled field with its hint and its error next to it. Give the control id={id} and aria props from fieldAria(). */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('space-y-2', className)}>
      {/* On a line of its own, whatever the width of the control under it. */}
      <Label htmlFor={id} className="block">
        {label}
      </Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** aria-invalid and aria-describedby for a control whose field may have an error or a hint. */
export function fieldAria(id: string, error?: string, hint?: boolean) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
}
