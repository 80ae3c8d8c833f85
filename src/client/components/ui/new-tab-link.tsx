// A link that opens in a new tab, saying so: the outward-arrow icon and "(opens in a new tab)" for screen readers.
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';

export function NewTabLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
