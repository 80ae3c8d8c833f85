// The reference of an account-deletion request, as the request form's receipt and the confirmation page show it.
import type { ReactNode } from 'react';

export function DeletionReference({
  reference,
  className,
  strongClassName,
  label = 'Your reference:',
  children,
}: {
  reference: string;
  className: string;
  /** The reference's own look (it is always monospaced and spaced out). */
  strongClassName: string;
  /** Its label, in the page's language ('Your reference:'). */
  label?: string;
  /** What follows the reference in the same sentence. */
  children?: ReactNode;
}) {
  return (
    <p className={className}>
      {label}{' '}
      <strong className={strongClassName} data-testid="deletion-reference">
        {reference}
      </strong>
      {children}
    </p>
  );
}
