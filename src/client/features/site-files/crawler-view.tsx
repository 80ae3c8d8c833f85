// "What crawlers get": the live status, content type and body of a public file, fetched from its
// real address the way a crawler asks for it.
import { ExternalLink, RefreshCw } from 'lucide-react';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useCrawlerView, type CrawlerView } from './admin-api';

const REASONS: Record<number, string> = {
  200: 'OK',
  304: 'Not Modified',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function StatusBadge({ view }: { view: CrawlerView }) {
  if (view.redirected) return <Badge variant="yellow">Redirect</Badge>;
  const text = `${view.status} ${REASONS[view.status] ?? ''}`.trim();
  return <Badge variant={view.status === 200 ? 'green' : view.status === 404 ? 'grey' : 'yellow'}>{text}</Badge>;
}

/** Whether the file is live, said in words (the badge alone is colour and a number). */
function verdict(view: CrawlerView, emptyHint: string): string {
  if (view.redirected) return 'The address redirects: stores and ad networks may not follow it.';
  if (view.status === 200) return 'Live: crawlers get this file.';
  if (view.status === 404) return emptyHint;
  return 'Crawlers get an error here right now.';
}

export function CrawlerViewPanel({ url, id, emptyHint }: { url: string; id: string; emptyHint: string }) {
  const query = useCrawlerView(url);
  const headingId = `${id}-crawler-heading`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border bg-muted/40 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          What crawlers get
        </h3>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden="true" className={query.isFetching ? 'size-4 animate-spin' : 'size-4'} />
            {query.isFetching ? 'Checking...' : 'Check again'}
            <span className="sr-only"> {url}</span>
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Open<span className="sr-only"> {url} in a new tab</span>
          </a>
        </div>
      </div>
      <p className="mt-1 font-mono text-xs break-all text-muted-foreground">GET {url}</p>
      <div className="mt-3" aria-live="polite" aria-busy={query.isFetching}>
        <QueryState query={query} loading={`Fetching ${url}...`} error={`Could not fetch ${url}`} errorStyle="inline">
          {(view) => (
            <div data-testid={`${id}-crawler`} className="space-y-3">
              <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted-foreground">Status</dt>
                <dd data-testid="crawler-status">
                  <StatusBadge view={view} />
                </dd>
                <dt className="text-muted-foreground">Content type</dt>
                <dd data-testid="crawler-content-type" className="font-mono text-xs break-words">
                  {view.contentType ?? '(none)'}
                </dd>
              </dl>
              <p className="text-sm">{verdict(view, emptyHint)}</p>
              {view.body && (
                <pre
                  data-testid="crawler-body"
                  tabIndex={0}
                  aria-label={`Body of ${url}`}
                  className="max-h-72 overflow-auto rounded-md border bg-background p-3 font-mono text-xs leading-relaxed whitespace-pre focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {view.body}
                </pre>
              )}
            </div>
          )}
        </QueryState>
      </div>
    </section>
  );
}
