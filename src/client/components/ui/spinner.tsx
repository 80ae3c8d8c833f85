import { LoaderCircle } from 'lucide-react';
import { cx as cn } from '../../lib/cx';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-8 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
