// One place for what every post and page editor does so that nothing is lost (issue 12): the guard
// on leaving, autosave with its status, the offer of changes kept from before a crash or reload,
// and the conflict view when someone saved the item since the edit started (both versions shown).
import { CloudOff, History } from 'lucide-react';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { applyServerErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import type { DraftRef } from './api';
import { ConflictDialog, conflictOf } from './conflict';
import { UnsavedChangesGuard } from './unsaved-changes';
import { useAutosave, useKeptDraft, type AutosaveState } from './use-autosave';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** "Saving…", "Saved 10:42", "Offline — changes kept on this device": announced politely. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  let text: ReactNode = null;
  if (state.status === 'saving') text = 'Saving…';
  else if (state.status === 'saved') text = `Saved ${time(state.at)}`;
  else if (state.status === 'offline') {
    text = (
      <>
        <CloudOff aria-hidden="true" className="size-4" /> Offline — changes kept on this device
      </>
    );
  } else if (state.status === 'failed') text = 'Autosave failed — changes kept on this device';
  else if (state.status === 'conflict') text = 'Changed elsewhere — see both versions';
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="autosave-status"
      className="inline-flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground"
    >
      {text}
    </p>
  );
}

/**
 * A page editor's last row: `aside` (a link to the page) on the left, the autosave status and the
 * save button, which waits while the save runs or an image is still uploading into the text.
 */
export function SaveRow({
  aside,
  session,
  label,
}: {
  aside: ReactNode;
  session: { status: ReactNode; editorBusy: boolean; saving: boolean };
  label: string;
}) {
  const { saving } = session;
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      {aside}
      <div className="flex flex-col-reverse items-start gap-2 sm:flex-row sm:items-center">
        {session.status}
        <Button type="submit" disabled={saving || session.editorBusy}>
          {saving ? 'Saving...' : label}
        </Button>
      </div>
    </div>
  );
}

/** A one-card page editor: the kept-changes offer and the dialogs, then the fields and the SaveRow in one card. */
export function PageEditorForm({
  session,
  onSubmit,
  children,
}: {
  session: { banner: ReactNode; dialogs: ReactNode };
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {session.banner}
      {session.dialogs}
      <Card>
        <CardContent className="space-y-5 pt-6">{children}</CardContent>
      </Card>
    </form>
  );
}

export interface SavedItem {
  version: number;
}

/**
 * Wires an editor's form to autosave, the kept-changes offer, the conflict view and the guard.
 * `toValues` turns the saved item (or a conflict's current item) into form values. Save with
 * `version` (the version the edit is based on) and hand a failed save to `onSaveError`.
 */
export function useDraftEditor<V extends FieldValues>({
  form,
  draft,
  item,
  toValues,
  labels,
  guard = true,
  extraDirty = false,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  draft: DraftRef;
  item: SavedItem | null;
  toValues: (item: never | null) => V;
  /** The fields a conflict compares, with their names. */
  labels: Record<string, string>;
  /** Whether leaving the screen asks (dialogs ask on close themselves). */
  guard?: boolean;
  /** Unsaved work the form's values do not show (an image address typed but not added). */
  extraDirty?: boolean;
}) {
  const values = useWatch({ control: form.control }) as Record<string, unknown>;
  // Images pasted or dropped into the editor are still uploading: saving now would leave them out.
  const [editorBusy, setEditorBusy] = useState(false);
  const dirty = form.formState.isDirty;
  const saving = form.formState.isSubmitting;
  const [base, setBase] = useState(item?.version ?? 0);
  const [saveConflict, setSaveConflict] = useState<Record<string, unknown> | null | undefined>(undefined);
  // A save moved the item on: the edit is now based on it.
  const itemVersion = item?.version ?? 0;
  const [seenVersion, setSeenVersion] = useState(itemVersion);
  if (seenVersion !== itemVersion) {
    setSeenVersion(itemVersion);
    setBase(itemVersion);
  }

  const autosave = useAutosave({ draft, values, dirty, baseVersion: base });
  const { kept, dismiss } = useKeptDraft(draft, toValues(item as never));
  const conflict =
    saveConflict !== undefined
      ? saveConflict
      : autosave.state.status === 'conflict'
        ? (autosave.state.current as Record<string, unknown> | null)
        : undefined;

  const restoreKept = () => {
    if (!kept) return;
    form.reset({ ...toValues(item as never), ...kept.data } as V, { keepDefaultValues: true });
    // Kept from an older version: the next autosave or save shows both.
    setBase(kept.baseVersion);
    dismiss();
  };
  const discardKept = () => {
    void autosave.forget();
    dismiss();
  };
  const keepMine = () => {
    const current = conflict as (SavedItem & Record<string, unknown>) | null;
    setSaveConflict(undefined);
    setBase(current?.version ?? 0);
  };
  const useTheirs = () => {
    const current = conflict as never;
    setSaveConflict(undefined);
    form.reset(toValues(current));
    setBase((conflict as SavedItem | null)?.version ?? 0);
    void autosave.forget();
  };

  const onSaveError = (error: unknown): boolean => {
    const current = conflictOf(error);
    if (current === undefined) return false;
    setSaveConflict(current);
    return true;
  };

  const banner = kept ? (
    <div
      role="region"
      aria-label="Unsaved changes kept"
      className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          You have unsaved changes from {dateTime(kept.savedAt)}
          {kept.where === 'device' ? ', kept on this device' : ''}.
          {item && kept.baseVersion !== item.version && (
            <> Someone has saved this since; restoring them will show both versions.</>
          )}
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="outline" onClick={discardKept}>
          Discard them
        </Button>
        <Button size="sm" onClick={restoreKept}>
          Restore them
        </Button>
      </div>
    </div>
  ) : null;

  const dialogs = (
    <>
      {guard && <UnsavedChangesGuard dirty={dirty || extraDirty} />}
      <ConflictDialog
        open={conflict !== undefined}
        mine={values}
        theirs={conflict ? (toValues(conflict as never) as Record<string, unknown>) : null}
        labels={labels}
        onKeepMine={keepMine}
        onUseTheirs={useTheirs}
      />
    </>
  );

  return {
    /** The version to send with a save. */
    version: base || undefined,
    dirty,
    /** The form is being submitted. */
    saving,
    status: <AutosaveStatus state={autosave.state} />,
    /** Whether an image is still uploading into a rich-text field (give it `onEditorBusyChange`). */
    editorBusy,
    onEditorBusyChange: setEditorBusy,
    banner,
    dialogs,
    /** A save was refused because the item moved on (409): show both. True when it handled the error. */
    onSaveError,
    /** The user discarded the edit: the kept copies go too. */
    forget: autosave.forget,
    /** Call after a successful save. */
    saved: autosave.saved,
    /**
     * Waits for a save: once saved, the form starts again from the server's item; a conflict shows
     * both versions; a refused field (one of `fields`) gets the server's message. The toasts come with the mutation.
     */
    async save(request: Promise<SavedItem>, fields: readonly FieldPath<V>[]): Promise<void> {
      await request.then(
        (saved) => {
          autosave.saved();
          form.reset(toValues(saved as never));
        },
        (error: unknown) => onSaveError(error) || applyServerErrors(form.setError, error, { fields }),
      );
    },
  };
}

/**
 * A page editor's form and its draft session in one call: the form checks with `resolver` and
 * starts from the saved item (`toValues`); see useDraftEditor for the rest.
 */
export function useDraftForm<V extends FieldValues, T = V>({
  resolver,
  item,
  toValues,
  draft,
  labels,
}: {
  resolver: Resolver<V, unknown, T>;
  item: SavedItem | null;
  toValues: (item: never | null) => V;
  draft: DraftRef;
  labels: Record<string, string>;
}) {
  const form = useForm<V, unknown, T>({ resolver, defaultValues: toValues(item as never) as DefaultValues<V> });
  const session = useDraftEditor({ form: form as UseFormReturn<V, unknown, unknown>, draft, item, toValues, labels });
  return { form, session };
}
