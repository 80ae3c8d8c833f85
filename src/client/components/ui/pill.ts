// A filter pill: a rounded link among others, the chosen one filled (the blog index's apps, the
// catalogue's filters and sort, search's kinds of result).
import { cx } from '../../lib/cx';

export const pillClass = (active: boolean) =>
  cx(
    'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
    active
      ? 'border-primary bg-primary text-primary-foreground'
      : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
  );
