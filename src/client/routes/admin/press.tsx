// Press Kit (issue 14): the studio's press kit, shown at /press. Each app's kit is a card on the app form.
import { paths } from '../../../shared/paths';
import { FormSkeleton } from '../../components/forms/form-skeleton';
import { QueryState } from '../../components/query-state';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePressKit } from '../../features/press/api';
import { Translatable } from '../../features/translations/translatable';
import { PressKitEditor } from '../../features/press/press-kit-form';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const SKELETON = (
  <FormSkeleton label="Loading the press kit" fields={[0, 1, 2, 3].map(() => ({ label: 'w-32' }))}>
    <Skeleton className="h-56 w-full" />
  </FormSkeleton>
);

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
      {/* Issue 24: its words in each of the site's other languages (decision 111). */}
      <Translatable type="page" id="press">
        <QueryState query={kit} loading={SKELETON} error="Failed to load the press kit">
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
                  publicPath={paths.press}
                />
              </CardContent>
            </Card>
          )}
        </QueryState>
      </Translatable>
    </AdminPage>
  );
}
