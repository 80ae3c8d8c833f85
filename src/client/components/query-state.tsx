// The admin's one way to show a read's three other states: loading, failed (with 'Try again') and
// empty. A screen passes its query and its own texts; the data reaches `children` only when loaded.
import type { UseQueryResult } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/http';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What shows while the first load runs: a text (shown with a spinner) or the screen's own skeleton. */
  loading: ReactNode;
  /** The failure's heading, e.g. 'Failed to load messages'. */
  error: ReactNode;
  /** 'card' (default) frames the failure in a card with the server's reason; 'inline' is one line with a link. */
  errorStyle?: 'card' | 'inline';
  /** Whether the loaded data counts as empty, and what shows then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryState<T>({
  query,
  loading,
  error,
  errorStyle = 'card',
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isSuccess) return isEmpty?.(query.data) ? <>{empty}</> : <>{children(query.data)}</>;
  if (query.isError) {
    const retry = () => void query.refetch();
    const label = query.isFetching ? 'Trying again...' : 'Try again';
    if (errorStyle === 'inline') {
      return (
        <div role="alert" className="rounded-xl border border-destructive/40 p-6 text-center">
          <p className="font-medium">{error}</p>
          <Button variant="link" onClick={retry} disabled={query.isFetching}>
            {label}
          </Button>
        </div>
      );
    }
    return (
      <Card>
        <CardContent className="py-12 text-center">
          <p role="alert" className="font-medium">
            {error}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{errorMessage(query.error)}</p>
          <Button variant="outline" className="mt-4" onClick={retry} disabled={query.isFetching}>
            {label}
          </Button>
        </CardContent>
      </Card>
    );
  }
  return typeof loading === 'string' ? <LoadingCard text={loading} /> : <>{loading}</>;
}

export function LoadingCard({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="flex items-center justify-center gap-3 py-12 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        <p role="status">{text}</p>
      </CardContent>
    </Card>
  );
}

/** The empty state's frame: an icon, a line and an optional action. */
export function EmptyCard({ icon, children, action }: { icon?: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center py-12 text-center">
        {icon}
        <div className="font-medium">{children}</div>
        {action && <div className="mt-4">{action}</div>}
      </CardContent>
    </Card>
  );
}
