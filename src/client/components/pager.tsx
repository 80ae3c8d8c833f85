// Previous / Next through the pages of an admin list, with where we are ("Page 2 of 40").
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

export function Pager({
  page,
  pages,
  onPage,
  label = 'Pages',
  className,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name. */
  label?: string;
  className?: string;
}) {
  if (pages <= 1) return null;
  const current = Math.min(page, pages);
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-2', className)}>
      <Button variant="outline" size="sm" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {current} of {pages}
      </p>
      <Button variant="outline" size="sm" disabled={current >= pages} onClick={() => onPage(current + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
