// An app's privacy policy (issue 14), at /admin-page/apps/privacy?id=N, reached from the app form:
// its own text or the studio's, the "Data we collect" table (App Store label and Play Data safety
// answers), the day the saved version takes effect (today, or a later day announced until then:
// issue 21), the public address with where to paste it in each store's console, and the versions.
// The editor is features/app-privacy/editor; this page finds the app.
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { QueryState } from '../../components/query-state';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { AppPrivacyEditor, PrivacyFormSkeleton } from '../../features/app-privacy/editor/app-privacy-editor';
import { useApp } from '../../features/apps/api';
import { Translatable } from '../../features/translations/translatable';
import { parseId } from '../../lib/params';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

function Screen({ id }: { id: number }) {
  const app = useApp(id);
  const title = app.data ? `Privacy Policy: ${app.data.title}` : 'App Privacy Policy';
  useDocumentTitle(title);
  return (
    <AdminPage
      title={title}
      description="The policy the stores link to, with the data the app collects."
      actions={
        <Link to={paths.admin.editApp(id)} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          Back to the app
        </Link>
      }
    >
      {/* Issue 24: the policy in force in each of the site's other languages (decision 111). */}
      <Translatable type="app-page" id={`${id}-privacy`}>
        <QueryState query={app} loading={<PrivacyFormSkeleton />} error="Failed to load the app">
          {(loaded) => <AppPrivacyEditor app={loaded} />}
        </QueryState>
      </Translatable>
    </AdminPage>
  );
}

export default function AppPrivacyPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id') ?? undefined);
  if (id === null) {
    return (
      <AdminPage title="App Privacy Policy">
        <Card>
          <CardContent className="py-12 text-center">
            <p role="alert" className="font-medium">
              No app was chosen.
            </p>
            <Link to={paths.admin.apps} className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
              Return to app list
            </Link>
          </CardContent>
        </Card>
      </AdminPage>
    );
  }
  return <Screen key={id} id={id} />;
}
