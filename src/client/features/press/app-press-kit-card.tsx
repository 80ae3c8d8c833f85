// The app form's "Press kit" card (issue 14, issue 22): the app's own press kit, shown at
// /apps/{slug}/press, as a block of its own: its form, its Save (one request) and its conflict view.
import { useQuery } from '@tanstack/react-query';
import { api, paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import { QueryState } from '../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePressKit } from './api';
import { PressKitEditor } from './press-kit-form';

export function AppPressKitCard({
  appId,
  onDirtyChange,
}: {
  appId: number;
  /**
   * Unsaved changes in the card, for a screen that asks before leaving for all its blocks at once.
   * Without it the card asks by itself.
   */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const kit = usePressKit(appId);
  // The app's read (the app form has it already): its slug makes the public address.
  const app = useQuery<App>({ queryKey: [api.app(appId)] });
  const slug = app.data?.slug;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Press kit</CardTitle>
        <CardDescription>For journalists and streamers: facts, trailers, logos and quotes.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={kit}
          errorStyle="inline"
          loading={
            <div role="status" aria-busy="true" aria-label="Loading the press kit" className="space-y-3">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          }
          error="Failed to load the press kit"
        >
          {(data) => (
            <PressKitEditor
              appId={appId}
              kit={data}
              kind="app"
              idPrefix="app-press"
              label="Press kit"
              saveLabel="Save Press Kit"
              guard={!onDirtyChange}
              onDirtyChange={onDirtyChange}
              publicPath={slug && paths.appPress(slug)}
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
