// An app's privacy policy editor (issue 14): the public address with where to paste it in each
// store's console, the policy's form, and its versions.
import type { App } from '../../../../shared/schemas/apps';
import { QueryState } from '../../../components/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminAppPrivacy } from '../api';
import { PrivacyForm } from './privacy-form';
import { PublicAddress } from './public-address';
import { Versions } from './versions';

export function PrivacyFormSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the privacy policy" className="space-y-4">
      <Skeleton className="h-32 w-full rounded-xl" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  );
}

export function AppPrivacyEditor({ app }: { app: App }) {
  const policy = useAdminAppPrivacy(app.id);
  return (
    <div className="space-y-6">
      <PublicAddress app={app} />
      <QueryState query={policy} loading={<PrivacyFormSkeleton />} error="Failed to load the privacy policy">
        {(data) => <PrivacyForm app={app} policy={data} />}
      </QueryState>
      <Versions app={app} />
    </div>
  );
}
