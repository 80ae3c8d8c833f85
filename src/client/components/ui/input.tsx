import type { ComponentProps, FocusEvent, KeyboardEvent } from 'react';
import { completeUrl } from '../../../shared/schemas/common';
import { cn } from '../../lib/utils';

const field =
  'w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive';

/**
 * Puts `https://` before an address typed without it (`example.com/page`), as the input's own edit,
 * so the form's state, its checks and what is sent all see the completed address.
 */
function completeAddress(input: HTMLInputElement): void {
  const completed = completeUrl(input.value);
  if (completed === input.value) return;
  // React's onChange (and so the form library) hears a native input event after the native setter.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, completed);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * A text input. An address field (`type="url"` or `inputMode="url"`) completes an address typed
 * without `https://` when it is left or Enter submits it, before the form checks it; the API's own
 * rule (http or https only) is unchanged.
 */
export function Input({ className, onBlur, onKeyDown, ...props }: ComponentProps<'input'>) {
  const isAddress = props.type === 'url' || props.inputMode === 'url';
  return (
    <input
      className={cn(field, 'h-10 py-2', className)}
      onBlur={
        isAddress
          ? (event: FocusEvent<HTMLInputElement>) => {
              completeAddress(event.currentTarget);
              onBlur?.(event);
            }
          : onBlur
      }
      onKeyDown={
        isAddress
          ? (event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key === 'Enter') completeAddress(event.currentTarget);
              onKeyDown?.(event);
            }
          : onKeyDown
      }
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-28 py-2', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium leading-none', className)} {...props} />;
}

/** A field's error, announced to screen readers. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
