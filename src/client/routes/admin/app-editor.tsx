// Add App and Edit App (SPEC §2): one form for both. Edit loads the app named by ?id= (or the
// /apps/edit{id} form of the path); a missing or unknown id shows 'App Not Found'.
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageOff, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { APP_STATUSES, DEFAULT_APP_STATUS, LIMITS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  APP_LINK_FIELDS,
  AppInputSchema,
  type App,
  type AppData,
  type AppInput,
  type AppLinkField,
} from '../../../shared/schemas/apps';
import { isHttpUrl, isMediaPath } from '../../../shared/schemas/common';
import { ImageListField, type ImageListTexts } from '../../components/media/image-list-field';
import { MediaUpload } from '../../components/media/media-upload';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Select, Switch } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Label, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { useCreateApp, useUpdateApp } from '../../features/apps/admin-api';
import { useApp } from '../../features/apps/api';
import { UnsavedChangesGuard } from '../../components/drafts/unsaved-changes';
import { applyServerErrors } from '../../lib/form-errors';
import { cn } from '../../lib/utils';
import { AdminPage } from './admin-layout';
import {
  AppStoreCards,
  STORE_FIELDS,
  STORE_FOCUS_IDS,
  onlyChangedStoreFields,
  storeEmptyValues,
  storeValuesOf,
  withoutBlankLines,
} from './app-store-fields';
import { useDocumentTitle } from './use-document-title';
import { AppPagesCards, useAppPagesEditor } from './app-pages-fields';
import { AppPressKitCard, useAppPressKitEditor } from './app-press-kit';

const LINK_LABELS: Record<AppLinkField, { label: string; placeholder: string }> = {
  googlePlayLink: { label: 'Google Play link', placeholder: 'https://play.google.com/store/apps/details?id=...' },
  appStoreLink: { label: 'App Store link', placeholder: 'https://apps.apple.com/app/...' },
  webAppLink: { label: 'Web app link', placeholder: 'https://...' },
  githubRepoLink: { label: 'GitHub repository link', placeholder: 'https://github.com/...' },
  twitterLink: { label: 'X (Twitter) link', placeholder: 'https://x.com/...' },
  instagramLink: { label: 'Instagram link', placeholder: 'https://www.instagram.com/...' },
  facebookLink: { label: 'Facebook link', placeholder: 'https://www.facebook.com/...' },
};

/** The order fields appear on screen: the first one with an error gets the focus. */
const FIELD_ORDER = [
  'title',
  'description',
  'icon',
  'status',
  'screenshots',
  ...APP_LINK_FIELDS,
  ...STORE_FIELDS,
] as const;

/** The shared schema, after the one-per-line lists lose their blank lines. */
const schemaResolver = zodResolver(AppInputSchema);
const appResolver: Resolver<AppInput, unknown, AppData> = (values, context, options) =>
  schemaResolver(withoutBlankLines(values), context, options);

const STATUS_OPTIONS = APP_STATUSES.map((s) => ({ value: s, label: s }));

const SCREENSHOT_TEXTS: ImageListTexts = {
  urlLabel: 'Screenshot URL',
  showUrlLabel: true,
  placeholder: 'https://example.com/screenshot.png',
  itemName: (n) => `Screenshot ${n}`,
  noun: 'screenshot',
  listLabel: 'Screenshots',
  empty: 'No screenshots yet.',
  tooMany: `At most ${LIMITS.imagesMax} screenshots`,
  duplicate: 'This screenshot is already in the list',
  upload: 'Upload screenshots',
  uploadAlt: 'Screenshot alt text',
};

const isImageUrl = (value: string) => isHttpUrl(value) || isMediaPath(value);

/** A positive integer id (what the API accepts), else null. */
function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function emptyValues(): AppInput {
  return {
    title: '',
    description: '',
    icon: '',
    status: DEFAULT_APP_STATUS,
    screenshots: [],
    ...Object.fromEntries(APP_LINK_FIELDS.map((f) => [f, ''])),
    isFeatured: false,
    isHidden: false,
    ...storeEmptyValues(),
  };
}

function valuesOf(app: App): AppInput {
  return {
    title: app.title,
    description: app.description,
    icon: app.icon,
    status: (APP_STATUSES as readonly string[]).includes(app.status)
      ? (app.status as AppInput['status'])
      : DEFAULT_APP_STATUS,
    screenshots: [...app.screenshots],
    ...Object.fromEntries(APP_LINK_FIELDS.map((f) => [f, app[f] ?? ''])),
    isFeatured: app.isFeatured,
    isHidden: app.isHidden,
    ...storeValuesOf(app),
  };
}

/** A labelled on/off switch bound to a boolean field of the form. */
function FlagSwitch({
  control,
  name,
  label,
  hint,
}: {
  control: Control<AppInput, unknown, AppData>;
  name: 'isFeatured' | 'isHidden';
  label: string;
  hint: string;
}) {
  const id = `app-${name}`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-hint`}
          />
        )}
      />
    </div>
  );
}

function IconPreview({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src.trim();
  const show = isImageUrl(url);
  return (
    <div
      className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border bg-muted text-muted-foreground"
      data-testid="icon-preview"
    >
      {show && failed !== url ? (
        <img
          src={url}
          alt="Icon preview"
          width={64}
          height={64}
          className="size-full object-cover"
          onError={() => setFailed(url)}
        />
      ) : (
        <span className="flex flex-col items-center text-[10px] leading-tight">
          <ImageOff aria-hidden="true" className="size-5" />
          <span className="sr-only">{show ? 'The icon could not be loaded' : 'No icon preview'}</span>
        </span>
      )}
    </div>
  );
}

function AppForm({
  initial,
  submitLabel,
  onSave,
  onSaved,
  appId = null,
  savedSlug = null,
}: {
  initial: AppInput;
  submitLabel: string;
  /** The app being edited (null: a new one), for its deletion and support texts (issue 14). */
  appId?: number | null;
  savedSlug?: string | null;
  /** Saves; a rejection is reported by the caller, the form keeps its values. */
  onSave: (data: AppData) => Promise<unknown>;
  /** After a save: where to go (the unsaved-changes guard has let go by then). */
  onSaved: () => void;
}) {
  const form = useForm<AppInput, unknown, AppData>({
    resolver: appResolver,
    defaultValues: initial,
    shouldFocusError: false,
  });
  const { control, register, formState, setValue, setError } = form;
  const { errors, isSubmitting, isSubmitted } = formState;
  const screenshots = useWatch({ control, name: 'screenshots' });
  const icon = useWatch({ control, name: 'icon' });

  // Uploads still running: saving now would leave their images out.
  const [uploadingShots, setUploadingShots] = useState(false);
  const [uploadingIcon, setUploadingIcon] = useState(false);
  const [uploadingText, setUploadingText] = useState(false);
  const [uploadingPagesText, setUploadingPagesText] = useState(false);
  // The app's press kit (issue 14): its own form too, saved after the app.
  const press = useAppPressKitEditor(appId);
  const uploading = uploadingShots || uploadingIcon || uploadingText || uploadingPagesText || press.busy;
  const [paid, setPaid] = useState(Boolean(initial.priceAmount));
  // The deletion and support texts: their own form, saved after the app (PUT .../pages).
  const pages = useAppPagesEditor(appId);

  const setScreenshots = (next: string[]) =>
    setValue('screenshots', next, { shouldDirty: true, shouldValidate: isSubmitted });

  const focusFirstError = (errs: FieldErrors<AppInput>) => {
    const first = FIELD_ORDER.find((name) => errs[name]);
    if (!first) return;
    const byId = first === 'screenshots' ? 'app-new-screenshot' : first === 'status' ? 'app-status' : undefined;
    const elementId =
      byId ?? (first in STORE_FOCUS_IDS ? STORE_FOCUS_IDS[first as keyof typeof STORE_FOCUS_IDS] : undefined);
    if (elementId) document.getElementById(elementId)?.focus();
    else form.setFocus(first);
  };

  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (saved) onSaved();
  }, [saved, onSaved]);

  const onSubmit = form.handleSubmit(async (data) => {
    if (paid && !data.priceAmount) {
      setError('priceAmount', { type: 'required', message: 'Enter the price, or choose Free' }, { shouldFocus: true });
      return;
    }
    if (!(await pages.validate())) return;
    if (!(await press.validate())) return;
    // A server-side validation failure names its fields: each shows next to its field.
    await onSave(onlyChangedStoreFields(data, form.getValues(), initial)).then(
      async (app) => {
        // A new app is created either way (a second save would make another); an edit stays open if its texts failed.
        const textsSaved = await pages.save((app as App).id);
        const kitSaved = await press.save((app as App).id);
        if ((textsSaved && kitSaved) || appId === null) setSaved(true);
      },
      (error: unknown) => applyServerErrors(setError, error, { fields: FIELD_ORDER }),
    );
  }, focusFirstError);

  const screenshotsError =
    errors.screenshots?.message ??
    errors.screenshots?.root?.message ??
    (Array.isArray(errors.screenshots) ? errors.screenshots.find(Boolean)?.message : undefined);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-6"
      aria-label={submitLabel === 'Create App' ? 'New app' : 'Edit app'}
    >
      <UnsavedChangesGuard dirty={!saved && (formState.isDirty || uploading || pages.dirty || press.dirty)} />
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
          <CardDescription>What visitors see on the app&rsquo;s card.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <FormField id="app-title" label="Title" error={errors.title?.message}>
            <Input
              id="app-title"
              autoComplete="off"
              {...register('title')}
              {...fieldAria('app-title', errors.title?.message)}
            />
          </FormField>
          <FormField id="app-description" label="Description" error={errors.description?.message}>
            <Textarea
              id="app-description"
              rows={4}
              {...register('description')}
              {...fieldAria('app-description', errors.description?.message)}
            />
          </FormField>
          <div className="space-y-3">
            <FormField
              id="app-icon"
              label="Icon URL"
              hint="A square image: upload one below, or paste its web address."
              error={errors.icon?.message}
            >
              <div className="flex items-center gap-3">
                <Input
                  id="app-icon"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://example.com/icon.png"
                  className="min-w-0 flex-1"
                  {...register('icon')}
                  {...fieldAria('app-icon', errors.icon?.message, true)}
                />
                <IconPreview src={icon} />
              </div>
            </FormField>
            <MediaUpload
              id="app-icon-upload"
              label="Upload icon"
              altLabel="Icon alt text"
              multiple={false}
              compact
              onBusyChange={setUploadingIcon}
              onUploaded={([item]) => {
                if (item) setValue('icon', item.url, { shouldDirty: true, shouldValidate: isSubmitted });
              }}
            />
          </div>
          <FormField id="app-status" label="Status" error={errors.status?.message}>
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Select
                  id="app-status"
                  value={field.value}
                  onValueChange={field.onChange}
                  options={STATUS_OPTIONS}
                  placeholder="Select a status"
                  invalid={!!errors.status}
                  describedBy={errors.status ? 'app-status-error' : undefined}
                  className="sm:max-w-xs"
                />
              )}
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Screenshots</CardTitle>
          <CardDescription>
            At least one. The first one is the picture on the app&rsquo;s card; drag them, or use the arrows, to change
            the order.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ImageListField
            id="app-screenshots"
            inputId="app-new-screenshot"
            value={screenshots}
            onChange={setScreenshots}
            texts={SCREENSHOT_TEXTS}
            error={screenshotsError}
            onBusyChange={setUploadingShots}
            itemTestId="screenshot-item"
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>On the site</CardTitle>
          <CardDescription>Where the app shows on the public site.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <FlagSwitch
            control={control}
            name="isFeatured"
            label="Featured on the home page"
            hint="Featured apps make up the picture collage at the top of the home page."
          />
          <FlagSwitch
            control={control}
            name="isHidden"
            label="Hidden from the public site"
            hint="A hidden app is left out of every list, feed and the sitemap, and its pages answer “not found” to visitors. You can still edit it here."
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Links</CardTitle>
          <CardDescription>Optional. Only the links you fill in appear on the app&rsquo;s card.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {APP_LINK_FIELDS.map((name) => {
            const id = `app-${name}`;
            const message = errors[name]?.message;
            return (
              <FormField key={name} id={id} label={LINK_LABELS[name].label} error={message}>
                <Input
                  id={id}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder={LINK_LABELS[name].placeholder}
                  {...register(name)}
                  {...fieldAria(id, message)}
                />
              </FormField>
            );
          })}
        </CardContent>
      </Card>

      <AppStoreCards form={form} paid={paid} onPaidChange={setPaid} onEditorBusyChange={setUploadingText} />
      <AppPagesCards editor={pages} slug={savedSlug} onEditorBusyChange={setUploadingPagesText} />
      <AppPressKitCard editor={press} slug={savedSlug} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={paths.admin.apps} className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function NewApp() {
  useDocumentTitle('Add App');
  const navigate = useNavigate();
  const create = useCreateApp();
  const onSave = (data: AppData) => create.mutateAsync(data);
  const onSaved = useCallback(() => navigate(paths.admin.apps), [navigate]);
  return (
    <AdminPage title="Add New App" description="Add a game or app to the site.">
      <AppForm initial={emptyValues()} submitLabel="Create App" onSave={onSave} onSaved={onSaved} />
    </AdminPage>
  );
}

function AppNotFound() {
  useDocumentTitle('App Not Found');
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">App Not Found</h1>
      <p className="mt-2 text-muted-foreground">
        The app you&apos;re trying to edit doesn&apos;t exist or you don&apos;t have permission to edit it.
      </p>
      <Link to={paths.admin.apps} className={cn(buttonVariants({ variant: 'outline' }), 'mt-6')}>
        Return to app list
      </Link>
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading app
      </p>
      {[4, 2, 3].map((fields, card) => (
        <Card key={card} className="space-y-5 p-6" aria-hidden="true">
          <Skeleton className="h-5 w-32" />
          {Array.from({ length: fields }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}

function EditApp({ id }: { id: number }) {
  useDocumentTitle('Edit App');
  const navigate = useNavigate();
  const app = useApp(id);
  const update = useUpdateApp(id);

  useEffect(() => {
    if (app.isError) toast({ title: 'Error', description: 'Failed to load app data', variant: 'destructive' });
  }, [app.isError]);

  const onSaved = useCallback(() => navigate(paths.admin.apps), [navigate]);
  if (app.isError) return <AppNotFound />;

  const onSave = (data: AppData) => update.mutateAsync(data);

  return (
    <AdminPage
      title="Edit App"
      description={app.data ? <>Editing &ldquo;{app.data.title}&rdquo;.</> : 'Loading the app...'}
      actions={
        <Link to={paths.admin.appPrivacy(id)} className={buttonVariants({ variant: 'outline' })}>
          <ShieldCheck aria-hidden="true" />
          Privacy policy
        </Link>
      }
    >
      {app.isPending ? (
        <EditorSkeleton />
      ) : (
        <AppForm
          initial={valuesOf(app.data)}
          submitLabel="Save Changes"
          onSave={onSave}
          onSaved={onSaved}
          appId={id}
          savedSlug={app.data.slug}
        />
      )}
    </AdminPage>
  );
}

export default function AppEditor({ mode, id }: { mode: 'new' | 'edit'; id?: string | null }) {
  const [params] = useSearchParams();
  if (mode === 'new') return <NewApp />;
  const appId = parseId(id === undefined ? params.get('id') : id);
  if (appId === null) return <AppNotFound />;
  return <EditApp key={appId} id={appId} />;
}
