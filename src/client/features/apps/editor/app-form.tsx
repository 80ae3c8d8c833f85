// The app's own block of the editor (SPEC §2 App form, issues 11 and 13): details, screenshots, where
// it shows, links and the store cards are one form with one Save that sends one request (POST
// /api/apps for a new app, PUT /api/apps/{id} for a saved one). Toasts come from the mutation's meta.
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import type { App, AppData, AppInput } from '../../../../shared/schemas/apps';
import { useSaveConflict } from '../../../components/drafts/conflict';
import { Button, buttonVariants } from '../../../components/ui/button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateApp, useUpdateApp } from '../admin-api';
import { DetailsCard } from './details-card';
import { LinksCard } from './links-card';
import { AccessibilityCard, AgeRatingsCard } from './ratings-cards';
import { ScreenshotsCard } from './screenshots-card';
import { AppStoreCards } from './store-cards';
import { FIELD_ORDER, FOCUS_IDS, appResolver, emptyValues, onlyChangedStoreFields, valuesOf } from './values';
import { VisibilityCard } from './visibility-card';

/** What the conflict view compares (the fields a person reads; the rest follow the choice). */
const CONFLICT_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  icon: 'Icon URL',
  status: 'Status',
  screenshots: 'Screenshots',
  tagline: 'Tagline',
  longDescription: 'About this app',
};

export function AppForm({
  app,
  onSaved,
  onDirtyChange,
}: {
  /** The saved app (null: a new one). */
  app: App | null;
  /** After a save, with the saved app. */
  onSaved: (app: App) => void;
  /** Unsaved changes (typed, or uploads still running), for the page's one unsaved-changes guard. */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [initial, setInitial] = useState(() => (app ? valuesOf(app) : emptyValues()));
  const form = useForm<AppInput, unknown, AppData>({
    resolver: appResolver,
    defaultValues: initial,
    shouldFocusError: false,
  });
  const { formState, setError } = form;
  const create = useCreateApp();
  const update = useUpdateApp(app?.id ?? 0);
  // A save is based on the version the form was filled from; a 409 (someone saved since) opens the view.
  const conflict = useSaveConflict({
    form,
    version: app?.version,
    toValues: valuesOf as (item: never) => AppInput,
    labels: CONFLICT_LABELS,
  });

  // Uploads still running: saving now would leave their images out.
  const [uploadingIcon, setUploadingIcon] = useState(false);
  const [uploadingShots, setUploadingShots] = useState(false);
  const [uploadingText, setUploadingText] = useState(false);
  const uploading = uploadingIcon || uploadingShots || uploadingText;
  const [paid, setPaid] = useState(Boolean(initial.priceAmount));

  const dirty = formState.isDirty || uploading;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const focusFirstError = (errors: FieldErrors<AppInput>) => {
    const first = FIELD_ORDER.find((name) => errors[name]);
    if (!first) return;
    const elementId = FOCUS_IDS[first];
    if (elementId) document.getElementById(elementId)?.focus();
    else form.setFocus(first);
  };

  const onSubmit = form.handleSubmit(async (data) => {
    if (paid && !data.priceAmount) {
      setError('priceAmount', { type: 'required', message: 'Enter the price, or choose Free' }, { shouldFocus: true });
      return;
    }
    const payload = onlyChangedStoreFields(data, form.getValues(), initial);
    await (app ? update.mutateAsync({ ...payload, version: conflict.version }) : create.mutateAsync(payload)).then(
      (saved) => {
        const next = valuesOf(saved);
        setInitial(next);
        form.reset(next);
        onSaved(saved);
      },
      (error: unknown) => {
        // A server-side validation failure names its fields: each shows next to its field.
        if (!conflict.onSaveError(error)) applyServerErrors(setError, error, { fields: FIELD_ORDER });
      },
    );
  }, focusFirstError);

  const submitLabel = app ? 'Save Changes' : 'Create App';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={app ? 'Edit app' : 'New app'}>
      <DetailsCard form={form} onUploadingChange={setUploadingIcon} />
      <ScreenshotsCard form={form} onUploadingChange={setUploadingShots} />
      <VisibilityCard control={form.control} />
      <LinksCard form={form} />
      <AppStoreCards form={form} paid={paid} onPaidChange={setPaid} onEditorBusyChange={setUploadingText} />
      <AgeRatingsCard form={form} />
      <AccessibilityCard form={form} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={paths.admin.apps} className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
        <Button type="submit" disabled={formState.isSubmitting || uploading}>
          {formState.isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
      {conflict.dialog}
    </form>
  );
}
