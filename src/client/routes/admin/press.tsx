// Press Kit (issue 14): the studio's press kit, shown at /press. Each app's kit is a card on the app form.
import { paths } from '../../../shared/paths';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { PressKit } from '../../../shared/schemas/press';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { UnsavedChangesGuard } from '../../components/drafts/unsaved-changes';
import {
  applyPressKitErrors,
  checkPressKit,
  PressKitFields,
  saveErrorText,
  usePressKit,
  usePressKitForm,
  useSavePressKit,
} from '../../features/press/press-kit-form';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

function StudioKitForm({ kit }: { kit: PressKit }) {
  const form = usePressKitForm(kit);
  const save = useSavePressKit();
  const [busy, setBusy] = useState(false);
  const { isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!checkPressKit(form)) return;
    try {
      await save.mutateAsync({ appId: null, values, version: kit.version });
      toast({ title: 'Press kit saved', description: 'The press page shows it now.' });
    } catch (error) {
      if (!applyPressKitErrors(form, error)) {
        toast({ title: 'Failed to save the press kit', description: saveErrorText(error), variant: 'destructive' });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Studio press kit" className="space-y-4">
      <UnsavedChangesGuard dirty={isDirty || busy} />
      <Card>
        <CardContent className="pt-6">
          <PressKitFields form={form} kind="studio" idPrefix="studio-press" onBusyChange={setBusy} />
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <a
          href={paths.press}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View the press page
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <Button type="submit" disabled={isSubmitting || busy}>
          {isSubmitting ? 'Saving...' : 'Save Press Kit'}
        </Button>
      </div>
    </form>
  );
}

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
        {(data) => <StudioKitForm kit={data} />}
      </QueryState>
    </AdminPage>
  );
}
