// An app's privacy policy (issue 14), at /admin-page/apps/privacy?id=N, reached from the app form:
// its own text or the studio's, the "Data we collect" table (App Store label and Play Data safety
// answers), the day the saved version takes effect (today, or a later day announced until then:
// issue 21), the public address with where to paste it in each store's console, and the versions.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { formatLongGb, formatSavedAtGb } from '../../../shared/dates';
import { paths } from '../../../shared/paths';
import {
  AppPrivacyInputSchema,
  DATA_CATEGORIES,
  DATA_CATEGORY_NAMES,
  DATA_PURPOSES,
  PRIVACY_URL_FIELDS,
  STUDIO_PLACEHOLDER,
  type AppPrivacyAdmin,
  type AppPrivacyInput,
  type AppPrivacyVersionSummary,
  type DataCategory,
  type DataRowInput,
} from '../../../shared/schemas/app-privacy';
import type { App } from '../../../shared/schemas/apps';
import { QueryState } from '../../components/query-state';
import { RichTextEditor } from '../../components/rich-text-editor';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox, Select, Switch } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { FieldError, Input, Label } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useAdminAppPrivacy, useAppPrivacyVersions, useSaveAppPrivacy } from '../../features/app-privacy/api';
import { useApp } from '../../features/apps/api';
import { UnsavedChangesGuard } from '../../components/drafts/unsaved-changes';
import { applyServerErrors } from '../../lib/form-errors';
import { parseId } from '../../lib/params';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

type FormValues = {
  usesStudioPolicy: boolean;
  content: string;
  dataCollected: DataRowInput[];
  noDataCollected: boolean;
  /** Empty: today (the server's day). Each save starts from empty again. */
  effectiveOn: string;
};

const toValues = (policy: AppPrivacyAdmin | null): FormValues => ({
  usesStudioPolicy: policy?.usesStudioPolicy ?? false,
  content: policy?.ownContent ?? '',
  dataCollected: (policy?.dataCollected ?? []) as DataRowInput[],
  noDataCollected: policy?.noDataCollected ?? false,
  effectiveOn: '',
});

/** The yes/no answers of a row, as the stores word them. */
const ANSWERS: { key: keyof DataRowInput & string; label: string; store: string }[] = [
  { key: 'linkedToUser', label: 'Linked to the user’s identity', store: 'App Store' },
  { key: 'usedForTracking', label: 'Used for tracking', store: 'App Store' },
  { key: 'sharedWithThirdParties', label: 'Shared with third parties', store: 'Play' },
  { key: 'optional', label: 'Optional (users can choose not to give it)', store: 'Play' },
  { key: 'encryptedInTransit', label: 'Encrypted in transit', store: 'Play' },
  { key: 'canBeDeleted', label: 'Users can ask for it to be deleted', store: 'Play' },
];

function newRow(category: DataCategory, dataType: string): DataRowInput {
  return {
    category,
    dataType,
    linkedToUser: false,
    usedForTracking: false,
    purposes: ['App Functionality'],
    sharedWithThirdParties: false,
    optional: false,
    encryptedInTransit: true,
    canBeDeleted: true,
  };
}

function PublicAddress({ app }: { app: App }) {
  const url = `${window.location.origin}${paths.appPrivacy(app.slug)}`;
  const [copied, setCopied] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Public address</CardTitle>
        <CardDescription>The stores ask for this link. It always shows the current version.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 text-sm break-all"
            data-testid="privacy-url"
          >
            {url}
          </code>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <a
              href={paths.appPrivacy(app.slug)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline' })}
            >
              <ExternalLink aria-hidden="true" />
              Open<span className="sr-only"> the privacy page (opens in a new tab)</span>
            </a>
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {PRIVACY_URL_FIELDS.map((f) => (
            <div key={f.store} className="rounded-lg border p-3">
              <dt className="text-muted-foreground">Paste it in {f.store}</dt>
              <dd className="mt-0.5 font-medium">{f.field}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function AddRow({ onAdd, taken }: { onAdd: (row: DataRowInput) => void; taken: Set<string> }) {
  const [category, setCategory] = useState<DataCategory | ''>('');
  const [dataType, setDataType] = useState('');
  const types = category ? (DATA_CATEGORIES[category] as readonly string[]) : [];
  return (
    <div className="grid gap-3 rounded-lg border border-dashed p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div className="space-y-2">
        <Label htmlFor="add-category">Category</Label>
        <Select
          id="add-category"
          value={category}
          placeholder="Choose a category"
          options={DATA_CATEGORY_NAMES.map((c) => ({ value: c, label: c }))}
          onValueChange={(value) => {
            setCategory(value as DataCategory);
            const only = DATA_CATEGORIES[value as DataCategory] as readonly string[];
            setDataType(only.length === 1 ? only[0]! : '');
          }}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="add-type">Data type</Label>
        <Select
          id="add-type"
          value={dataType}
          placeholder={category ? 'Choose a data type' : 'Choose a category first'}
          options={types.map((t) => ({
            value: t,
            label: taken.has(`${category}|${t}`) ? `${t} (in the table)` : t,
          }))}
          onValueChange={setDataType}
        />
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={!category || !dataType || taken.has(`${category}|${dataType}`)}
        onClick={() => {
          if (!category || !dataType) return;
          onAdd(newRow(category, dataType));
          setCategory('');
          setDataType('');
        }}
      >
        <Plus aria-hidden="true" />
        Add row
      </Button>
    </div>
  );
}

function RowEditor({
  control,
  index,
  row,
  error,
  onRemove,
}: {
  control: Control<FormValues, unknown, AppPrivacyInput>;
  index: number;
  row: DataRowInput;
  error?: string;
  onRemove: () => void;
}) {
  const id = `row-${index}`;
  return (
    <li className="space-y-4 rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="font-semibold">
            {row.dataType}
          </h3>
          <p className="text-sm text-muted-foreground">{row.category}</p>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove<span className="sr-only"> {row.dataType}</span>
        </Button>
      </div>
      <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {ANSWERS.map((answer) => (
          <Controller
            key={answer.key}
            control={control}
            name={`dataCollected.${index}.${answer.key}` as `dataCollected.${number}.linkedToUser`}
            render={({ field }) => (
              <div className="flex items-start gap-2">
                <Checkbox
                  id={`${id}-${answer.key}`}
                  checked={Boolean(field.value)}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor={`${id}-${answer.key}`} className="leading-snug font-normal">
                  {answer.label} <span className="text-xs text-muted-foreground">({answer.store})</span>
                </Label>
              </div>
            )}
          />
        ))}
      </div>
      <Controller
        control={control}
        name={`dataCollected.${index}.purposes`}
        render={({ field }) => {
          const chosen = (field.value ?? []) as string[];
          return (
            <fieldset aria-describedby={error ? `${id}-error` : undefined}>
              <legend className="text-sm font-medium">Purposes</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {DATA_PURPOSES.map((purpose) => {
                  const on = chosen.includes(purpose);
                  return (
                    <label
                      key={purpose}
                      className="flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-[var(--primary)]"
                        checked={on}
                        onChange={() => field.onChange(on ? chosen.filter((p) => p !== purpose) : [...chosen, purpose])}
                      />
                      {purpose}
                    </label>
                  );
                })}
              </div>
              <FieldError id={`${id}-error`} message={error} />
            </fieldset>
          );
        }}
      />
    </li>
  );
}

function PrivacyForm({ app, policy }: { app: App; policy: AppPrivacyAdmin | null }) {
  const save = useSaveAppPrivacy(app.id);
  const [editorUploading, setEditorUploading] = useState(false);
  const [version, setVersion] = useState(policy?.version);
  const [removing, setRemoving] = useState<number | null>(null);
  const form = useForm<FormValues, unknown, AppPrivacyInput>({
    resolver: zodResolver(AppPrivacyInputSchema) as never,
    defaultValues: toValues(policy),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const rows = useFieldArray({ control: form.control, name: 'dataCollected' });
  const usesStudio = useWatch({ control: form.control, name: 'usesStudioPolicy' });
  const noData = useWatch({ control: form.control, name: 'noDataCollected' });
  const watchedRows = useWatch({ control: form.control, name: 'dataCollected' }) ?? [];
  const taken = new Set(watchedRows.map((r) => `${r.category}|${r.dataType}`));

  const onSubmit = form.handleSubmit(async (values) => {
    await save.mutateAsync({ ...values, version }).then(
      (saved) => {
        setVersion(saved.version);
        form.reset(toValues(saved));
      },
      (error: unknown) =>
        applyServerErrors(form.setError, error, {
          fields: ['content', 'usesStudioPolicy', 'noDataCollected', 'effectiveOn'],
        }),
    );
  });

  const rowError = (i: number) => {
    const e = errors.dataCollected?.[i];
    return e?.purposes?.message ?? e?.dataType?.message ?? e?.category?.message;
  };
  const removingRow = removing === null ? undefined : watchedRows[removing];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={`Privacy policy of ${app.title}`}>
      <UnsavedChangesGuard dirty={isDirty && !isSubmitting} />
      <Card>
        <CardHeader>
          <CardTitle>Policy text</CardTitle>
          <CardDescription>
            Write this app’s own policy, or show the studio’s policy under the heading “Privacy Policy for {app.title}”
            with a sentence naming the app. Every {STUDIO_PLACEHOLDER} in the studio’s text becomes the app’s name.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <Controller
            control={form.control}
            name="usesStudioPolicy"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Switch
                  id="uses-studio"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby={errors.usesStudioPolicy ? 'uses-studio-error' : 'uses-studio-hint'}
                />
                <div className="space-y-1">
                  <Label htmlFor="uses-studio">Use the studio’s privacy policy</Label>
                  <p id="uses-studio-hint" className="text-xs text-muted-foreground">
                    The studio’s text is edited under{' '}
                    <Link to={paths.admin.privacy} className="text-primary underline underline-offset-4">
                      Privacy Policy
                    </Link>
                    ; this app’s own text is kept while it is used.
                  </p>
                  <FieldError id="uses-studio-error" message={errors.usesStudioPolicy?.message} />
                </div>
              </div>
            )}
          />
          {!usesStudio && (
            <FormField id="app-privacy-content" label="Privacy policy of this app" error={errors.content?.message}>
              <Controller
                control={form.control}
                name="content"
                render={({ field }) => (
                  <RichTextEditor
                    id="app-privacy-content"
                    label="Privacy policy of this app"
                    toolbar="page"
                    height={400}
                    value={field.value}
                    onChange={field.onChange}
                    invalid={Boolean(errors.content)}
                    describedBy={errors.content ? 'app-privacy-content-error' : undefined}
                    onBusyChange={setEditorUploading}
                  />
                )}
              />
            </FormField>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Data we collect</CardTitle>
          <CardDescription>
            The App Store privacy label’s categories, with the answers Google Play’s Data safety form asks for. Add one
            row per data type the app or its SDKs collect.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {rows.fields.length > 0 ? (
            <ul className="space-y-3" aria-label="Data types collected">
              {rows.fields.map((field, i) => (
                <RowEditor
                  key={field.id}
                  control={form.control}
                  index={i}
                  row={watchedRows[i] ?? field}
                  error={rowError(i)}
                  onRemove={() => setRemoving(i)}
                />
              ))}
            </ul>
          ) : (
            <Controller
              control={form.control}
              name="noDataCollected"
              render={({ field }) => (
                <div className="flex items-start gap-2 rounded-lg border p-4">
                  <Checkbox
                    id="no-data"
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    aria-describedby="no-data-hint"
                  />
                  <div className="space-y-1">
                    <Label htmlFor="no-data">This app collects no data</Label>
                    <p id="no-data-hint" className="text-xs text-muted-foreground">
                      The page then says “This app collects no data.” Left unticked with no rows, the page has no table.
                    </p>
                    <FieldError id="no-data-error" message={errors.noDataCollected?.message} />
                  </div>
                </div>
              )}
            />
          )}
          {!noData && (
            <AddRow
              taken={taken}
              onAdd={(row) => {
                form.setValue('noDataCollected', false);
                rows.append(row);
              }}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>When it takes effect</CardTitle>
          <CardDescription>
            Every save is kept as a version with its own address. A version for a later day is announced on the privacy
            page, with a link to read it, until that day; the current policy stays in force meanwhile.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField
            id="app-privacy-effective"
            label="Takes effect on"
            hint="Leave empty for today: the page shows it as soon as you save. A policy cannot take effect in the past."
            error={errors.effectiveOn?.message}
            className="max-w-sm"
          >
            <Input
              id="app-privacy-effective"
              type="date"
              className="max-w-xs"
              {...form.register('effectiveOn')}
              {...fieldAria('app-privacy-effective', errors.effectiveOn?.message, true)}
            />
          </FormField>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty && <p className="text-sm text-muted-foreground">Unsaved changes</p>}
        <Button type="submit" disabled={isSubmitting || editorUploading}>
          {isSubmitting ? 'Saving...' : 'Save Privacy Policy'}
        </Button>
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removingRow?.dataType ?? 'this row'}?`}
        description="The row leaves the table when you save the policy."
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing !== null) rows.remove(removing);
          setRemoving(null);
        }}
      />
    </form>
  );
}

const STATUS_LABELS: Record<AppPrivacyVersionSummary['status'], string> = {
  current: 'In force',
  upcoming: 'Upcoming',
  earlier: 'Earlier',
  replaced: 'Replaced before it took effect',
};

function Versions({ app }: { app: App }) {
  const versions = useAppPrivacyVersions(app.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Versions</CardTitle>
        <CardDescription>
          Every saved version stays readable at its own address. The privacy page shows the one in force: the latest
          whose day has come, and of one day’s versions the last saved.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={versions}
          loading={<Skeleton className="h-16 w-full" />}
          error="Failed to load the versions"
          errorStyle="inline"
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted-foreground">No versions yet: the first save makes one.</p>}
        >
          {(list) => (
            <ul className="divide-y text-sm" aria-label="Versions">
              {list.map((v) => (
                <li key={v.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0">
                    Effective from {formatLongGb(v.effectiveOn)}
                    <span
                      className={`ml-2 inline-block rounded-full border px-2 py-0.5 text-xs whitespace-nowrap ${
                        v.status === 'current' || v.status === 'upcoming'
                          ? 'border-primary/50 text-foreground'
                          : 'text-muted-foreground'
                      }`}
                    >
                      {STATUS_LABELS[v.status]}
                    </span>
                    <span className="block text-xs text-muted-foreground">Saved {formatSavedAtGb(v.createdAt)}</span>
                  </span>
                  <a
                    href={paths.appPrivacySaved(app.slug, v.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    View
                    <span className="sr-only">
                      {' '}
                      the version saved {formatSavedAtGb(v.createdAt)} (opens in a new tab)
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function FormSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the privacy policy" className="space-y-4">
      <Skeleton className="h-32 w-full rounded-xl" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  );
}

function Screen({ id }: { id: number }) {
  const app = useApp(id);
  const policy = useAdminAppPrivacy(id);
  useDocumentTitle(app.data ? `Privacy Policy: ${app.data.title}` : 'App Privacy Policy');
  return (
    <AdminPage
      title={app.data ? `Privacy Policy: ${app.data.title}` : 'App Privacy Policy'}
      description="The policy the stores link to, with the data the app collects."
      actions={
        <Link to={paths.admin.editApp(id)} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          Back to the app
        </Link>
      }
    >
      <QueryState query={app} loading={<FormSkeleton />} error="Failed to load the app">
        {(loaded) => (
          <div className="space-y-6">
            <PublicAddress app={loaded} />
            <QueryState query={policy} loading={<FormSkeleton />} error="Failed to load the privacy policy">
              {(data) => <PrivacyForm app={loaded} policy={data} />}
            </QueryState>
            <Versions app={loaded} />
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}

export default function AppPrivacyEditor() {
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
