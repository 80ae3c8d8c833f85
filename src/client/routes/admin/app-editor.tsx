// Add App and Edit App (SPEC §2): one form for both. Edit loads the app named by ?id= (or the
// /apps/edit{id} form of the path); a missing or unknown id shows 'App Not Found'.
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageOff, Plus, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
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
import { INVALID_URL, isHttpUrl, isMediaPath } from '../../../shared/schemas/common';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { useCreateApp, useUpdateApp } from '../../features/apps/admin-api';
import { useApp } from '../../features/apps/api';
import { ApiError, errorMessage } from '../../lib/http';
import { cn } from '../../lib/utils';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

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
const FIELD_ORDER = ['title', 'description', 'icon', 'status', 'screenshots', ...APP_LINK_FIELDS] as const;

const STATUS_OPTIONS = APP_STATUSES.map((s) => ({ value: s, label: s }));

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
  };
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
}: {
  initial: AppInput;
  submitLabel: string;
  /** Saves; a rejection is reported by the caller, the form keeps its values. */
  onSave: (data: AppData) => Promise<unknown>;
}) {
  const form = useForm<AppInput, unknown, AppData>({
    resolver: zodResolver(AppInputSchema),
    defaultValues: initial,
    shouldFocusError: false,
  });
  const { control, register, formState, setValue, setError } = form;
  const { errors, isSubmitting, isSubmitted } = formState;
  const screenshots = useWatch({ control, name: 'screenshots' });
  const icon = useWatch({ control, name: 'icon' });

  // The temporary screenshot URL: its own state, so it is never part of what is sent.
  const [newScreenshot, setNewScreenshot] = useState('');
  const [newScreenshotError, setNewScreenshotError] = useState<string | undefined>();
  const newScreenshotRef = useRef<HTMLInputElement>(null);
  const removeRefs = useRef<(HTMLButtonElement | null)[]>([]);
  /** After a removal: which Remove button takes the focus (-1: the URL field). */
  const focusAfterRemove = useRef<number | null>(null);

  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const target = index >= 0 ? removeRefs.current[index] : null;
    if (target) target.focus();
    else newScreenshotRef.current?.focus();
  }, [screenshots]);

  const setScreenshots = (next: string[]) =>
    setValue('screenshots', next, { shouldDirty: true, shouldValidate: isSubmitted });

  const addScreenshot = () => {
    const value = newScreenshot.trim();
    if (!value) {
      setNewScreenshot('');
      return;
    }
    if (!isImageUrl(value) || value.length > LIMITS.urlMax) {
      setNewScreenshotError(INVALID_URL);
      return;
    }
    if (screenshots.length >= LIMITS.imagesMax) {
      setNewScreenshotError(`At most ${LIMITS.imagesMax} screenshots`);
      return;
    }
    setScreenshots([...screenshots, value]);
    setNewScreenshot('');
    setNewScreenshotError(undefined);
  };

  const removeScreenshot = (index: number) => {
    const next = screenshots.filter((_, i) => i !== index);
    // Keep the keyboard user in place: the next Remove button, else the previous, else the URL field.
    focusAfterRemove.current = next.length === 0 ? -1 : Math.min(index, next.length - 1);
    setScreenshots(next);
  };

  const onNewScreenshotKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addScreenshot();
    }
  };

  const focusFirstError = (errs: FieldErrors<AppInput>) => {
    const first = FIELD_ORDER.find((name) => errs[name]);
    if (!first) return;
    if (first === 'screenshots') document.getElementById('app-new-screenshot')?.focus();
    else if (first === 'status') document.getElementById('app-status')?.focus();
    else form.setFocus(first);
  };

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await onSave(data);
    } catch (error) {
      // A server-side validation failure names its fields: show each next to its field.
      if (error instanceof ApiError && error.body?.issues) {
        for (const issue of error.body.issues) {
          const name = issue.path.split('.')[0] as FieldPath<AppInput>;
          if ((FIELD_ORDER as readonly string[]).includes(name))
            setError(name, { type: 'server', message: issue.message });
        }
      }
    }
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
          <FormField
            id="app-icon"
            label="Icon URL"
            hint="A square image: a web address or a /media/ path."
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
          <CardDescription>At least one. The first one is the picture on the app&rsquo;s card.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="app-new-screenshot">Screenshot URL</Label>
            <div className="flex gap-2">
              <Input
                id="app-new-screenshot"
                ref={newScreenshotRef}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://example.com/screenshot.png"
                className="min-w-0 flex-1"
                value={newScreenshot}
                onChange={(e) => {
                  setNewScreenshot(e.target.value);
                  setNewScreenshotError(undefined);
                }}
                onKeyDown={onNewScreenshotKey}
                aria-invalid={newScreenshotError || screenshotsError ? true : undefined}
                aria-describedby={
                  newScreenshotError
                    ? 'app-new-screenshot-error'
                    : screenshotsError
                      ? 'app-screenshots-error'
                      : undefined
                }
              />
              <Button variant="secondary" onClick={addScreenshot}>
                <Plus aria-hidden="true" />
                Add
              </Button>
            </div>
            <FieldError id="app-new-screenshot-error" message={newScreenshotError} />
            <FieldError id="app-screenshots-error" message={screenshotsError} />
          </div>
          {screenshots.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Screenshots">
              {screenshots.map((src, i) => (
                <li
                  key={`${i}-${src}`}
                  className="overflow-hidden rounded-lg border bg-card"
                  data-testid="screenshot-item"
                >
                  <img
                    src={src}
                    alt={`Screenshot ${i + 1}`}
                    loading="lazy"
                    className="aspect-video w-full bg-muted object-cover"
                  />
                  <div className="flex flex-col gap-1 p-2 lg:flex-row lg:items-center lg:justify-between lg:gap-2">
                    <span className="min-w-0 truncate px-1 text-xs text-muted-foreground" title={src}>
                      {src}
                    </span>
                    <Button
                      ref={(el) => {
                        removeRefs.current[i] = el;
                      }}
                      variant="ghost"
                      size="sm"
                      className="h-8 w-full shrink-0 px-2 lg:w-auto"
                      aria-label={`Remove screenshot ${i + 1}`}
                      onClick={() => removeScreenshot(i)}
                    >
                      <X aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No screenshots yet.</p>
          )}
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

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={paths.admin.apps} className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
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
  const onSave = async (data: AppData) => {
    try {
      const app = await create.mutateAsync(data);
      toast({ title: 'App created', description: `"${app.title}" has been added.` });
      navigate(paths.admin.apps);
    } catch (error) {
      toast({ title: 'Error', description: 'Failed to create app: ' + errorMessage(error), variant: 'destructive' });
      throw error;
    }
  };
  return (
    <AdminPage title="Add New App" description="Add a game or app to the site.">
      <AppForm initial={emptyValues()} submitLabel="Create App" onSave={onSave} />
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

  if (app.isError) return <AppNotFound />;

  const onSave = async (data: AppData) => {
    try {
      const saved = await update.mutateAsync(data);
      toast({ title: 'App Updated', description: `"${saved.title}" has been saved.`, duration: 3000 });
      navigate(paths.admin.apps);
    } catch (error) {
      toast({
        title: 'Update Failed',
        description: (error instanceof Error && errorMessage(error)) || 'An unknown error occurred',
        variant: 'destructive',
      });
      throw error;
    }
  };

  return (
    <AdminPage
      title="Edit App"
      description={app.data ? <>Editing &ldquo;{app.data.title}&rdquo;.</> : 'Loading the app...'}
    >
      {app.isPending ? (
        <EditorSkeleton />
      ) : (
        <AppForm initial={valuesOf(app.data)} submitLabel="Save Changes" onSave={onSave} />
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
