// Press Kit (issue 14): the studio's press kit, shown at /press. Each app's kit is a card on the app form.
import { paths } from '../../../shared/paths';
import { ExternalLink } from 'lucide-react';
import { QueryState } from '../../components/query-state';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePressKit } from '../../features/press/api';
import { PressKitEditor } from '../../features/press/press-kit-form';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

function FormSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the press kit" className="space-y-5 rounded-xl border p-6">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-56 w-full" />
    </div>
  );
}

export default function PressKitPage() {
  useDocumentTitle('Press Kit');
  const kit = usePressKit(null);
  return (
    <AdminPage
      title="Press Kit"
      description={
        <>
          What journalists and streamers find at{' '}
          <a href={paths.press} className="font-mono text-primary hover:underline">
            {paths.press}
          </a>
          . Each app&rsquo;s own kit is edited on its app form.
        </>
      }
    >
      <QueryState query={kit} loading={<FormSkeleton />} error="Failed to load the press kit">
        {(data) => (
          <Card>
            <CardContent className="pt-6">
              <PressKitEditor
                appId={null}
                kit={data}
                kind="studio"
                idPrefix="studio-press"
                label="Studio press kit"
                saveLabel="Save Press Kit"
                aside={
                  <a
                    href={paths.press}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                  >
                    View the press page
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                }
              />
            </CardContent>
          </Card>
        )}
      </QueryState>
    </AdminPage>
  );
}
