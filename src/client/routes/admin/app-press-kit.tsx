// The app form's "Press kit" card (issue 14) as the app form uses it until each of its blocks is
// saved on its own (issue 22): a saved app gets the card that saves itself (features/press); a new
// app's kit is written in the form and saved right after the app is created.
import { useState } from 'react';
import { emptyPressKit } from '../../../shared/schemas/press';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { AppPressKitCard as SavedAppPressKitCard } from '../../features/press/app-press-kit-card';
import { useSavePressKit } from '../../features/press/api';
import { PressKitFields, showServerErrors, usePressKitForm } from '../../features/press/press-kit-form';

export function useAppPressKitEditor(appId: number | null) {
  const form = usePressKitForm(emptyPressKit(null));
  const mutation = useSavePressKit();
  const [busy, setBusy] = useState(false);
  // A saved app's card says when it has unsaved changes.
  const [cardDirty, setCardDirty] = useState(false);
  return {
    appId,
    form,
    busy,
    setBusy,
    setCardDirty,
    /** Unsaved changes in the card. */
    dirty: appId === null ? form.formState.isDirty : cardDirty,
    /** Checks a new app's kit; false (errors shown, focus on the first) when it cannot be saved. */
    validate: (): Promise<boolean> =>
      appId === null ? form.trigger(undefined, { shouldFocus: true }) : Promise.resolve(true),
    /**
     * Saves a new app's kit once the app is made; true when saved or unchanged. A saved app's card
     * saves itself: false while it holds unsaved changes, so the form stays open.
     */
    async save(savedAppId: number): Promise<boolean> {
      if (appId !== null) return !cardDirty;
      if (!form.formState.isDirty) return true;
      let saved = false;
      await form.handleSubmit((input) =>
        mutation.mutateAsync({ appId: savedAppId, input, version: undefined }).then(
          () => {
            saved = true;
            form.reset(form.getValues());
          },
          (error: unknown) => void showServerErrors(form, error),
        ),
      )();
      return saved;
    },
  };
}
export type AppPressKitEditor = ReturnType<typeof useAppPressKitEditor>;

export function AppPressKitCard({ editor }: { editor: AppPressKitEditor; slug: string | null }) {
  if (editor.appId !== null) return <SavedAppPressKitCard appId={editor.appId} onDirtyChange={editor.setCardDirty} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Press kit</CardTitle>
        <CardDescription>
          For journalists and streamers: facts, trailers, logos and quotes, saved with the app.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PressKitFields form={editor.form} kind="app" idPrefix="app-press" onBusyChange={editor.setBusy} />
      </CardContent>
    </Card>
  );
}
