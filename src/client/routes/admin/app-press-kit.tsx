// The app form's "Press kit" card (issue 14): the app's own press kit, shown at /apps/{slug}/press.
// Its own form inside the app form, checked before the app is saved and saved right after it (so a
// new app gets its kit too), with the version it was opened at.
import { paths } from '../../../shared/paths';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import {
  applyPressKitErrors,
  checkPressKit,
  PressKitFields,
  saveErrorText,
  usePressKit,
  usePressKitForm,
  useSavePressKit,
} from '../../features/press/press-kit-form';

export function useAppPressKitEditor(appId: number | null) {
  const kit = usePressKit(appId, appId !== null);
  const form = usePressKitForm(kit.data);
  const mutation = useSavePressKit();
  const [busy, setBusy] = useState(false);
  return {
    form,
    kit,
    busy,
    setBusy,
    /** Unsaved changes in the card. */
    dirty: form.formState.isDirty,
    /** Checks the card; false (errors shown, focus on the first) when it cannot be saved. */
    async validate(): Promise<boolean> {
      if (appId !== null && kit.isError) return true; // nothing loaded: nothing to save
      return checkPressKit(form);
    },
    /** Saves the card for the app (after the app itself); true when saved or unchanged. */
    async save(savedAppId: number): Promise<boolean> {
      if (!form.formState.isDirty) return true;
      try {
        const saved = await mutation.mutateAsync({
          appId: savedAppId,
          values: form.getValues(),
          version: kit.data?.version ?? 0,
        });
        form.reset(form.getValues());
        void saved;
        return true;
      } catch (error) {
        if (!applyPressKitErrors(form, error)) {
          toast({ title: 'Failed to save the press kit', description: saveErrorText(error), variant: 'destructive' });
        }
        return false;
      }
    },
  };
}
export type AppPressKitEditor = ReturnType<typeof useAppPressKitEditor>;

export function AppPressKitCard({ editor, slug }: { editor: AppPressKitEditor; slug: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Press kit</CardTitle>
        <CardDescription>
          For journalists and streamers: facts, trailers, logos and quotes, saved with the app.{' '}
          {slug && (
            <a
              href={paths.appPress(slug)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
            >
              {paths.appPress(slug)}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {editor.kit.isPending && editor.kit.fetchStatus !== 'idle' ? (
          <div role="status" aria-busy="true" aria-label="Loading the press kit" className="space-y-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : editor.kit.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The press kit could not be loaded. Reload the page to edit it.
          </p>
        ) : (
          <PressKitFields form={editor.form} kind="app" idPrefix="app-press" onBusyChange={editor.setBusy} />
        )}
      </CardContent>
    </Card>
  );
}
