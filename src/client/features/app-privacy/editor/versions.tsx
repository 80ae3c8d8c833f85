// The versions of an app's privacy policy, each with its status and its own address.
import { formatLongGb, formatSavedAtGb } from '../../../../shared/dates';
import { paths } from '../../../../shared/paths';
import type { AppPrivacyVersionSummary } from '../../../../shared/schemas/app-privacy';
import type { App } from '../../../../shared/schemas/apps';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAppPrivacyVersions } from '../api';

const STATUS_LABELS: Record<AppPrivacyVersionSummary['status'], string> = {
  current: 'In force',
  upcoming: 'Upcoming',
  earlier: 'Earlier',
  replaced: 'Replaced before it took effect',
};

export function Versions({ app }: { app: App }) {
  const versions = useAppPrivacyVersions(app.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Versions</CardTitle>
        <CardDescription>
          Every saved version stays readable at its own address. The privacy page shows the one in force: the latest
          whose day has come, and of one day’s versions the last saved.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={versions}
          loading={<Skeleton className="h-16 w-full" />}
          error="Failed to load the versions"
          errorStyle="inline"
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted-foreground">No versions yet: the first save makes one.</p>}
        >
          {(list) => (
            <ul className="divide-y text-sm" aria-label="Versions">
              {list.map((v) => (
                <li key={v.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0">
                    Effective from {formatLongGb(v.effectiveOn)}
                    <span
                      className={`ml-2 inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${
                        v.status === 'current' || v.status === 'upcoming'
                          ? 'border-primary/50 text-foreground'
                          : 'text-muted-foreground'
                      }`}
                    >
                      {STATUS_LABELS[v.status]}
                    </span>
                    <span className="block text-xs text-muted-foreground">Saved {formatSavedAtGb(v.createdAt)}</span>
                  </span>
                  <a
                    href={paths.appPrivacySaved(app.slug, v.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    View
                    <span className="sr-only">
                      {' '}
                      the version saved {formatSavedAtGb(v.createdAt)} (opens in a new tab)
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
