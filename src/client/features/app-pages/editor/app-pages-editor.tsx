// The app editor's account deletion and support block (issue 14): Account deletion (accounts on or
// off, what is deleted and kept, the days a request has) and Support (email, intro, FAQ). Its own
// form, its own Save (PUT /api/admin/apps/{id}/pages with the version it was opened at) and its own
// conflict view. Next to each public address: the store field it is pasted into.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { paths } from '../../../../shared/paths';
import {
  AppPagesInputSchema,
  DELETION_DAYS_MAX,
  FAQ_MAX,
  type AppPages,
  type AppPagesData,
  type AppPagesInput,
} from '../../../../shared/schemas/app-pages';
import { useSaveConflict } from '../../../components/drafts/conflict';
import { OrderedRows } from '../../../components/forms/ordered-rows';
import { RichTextField } from '../../../components/forms/rich-text-field';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/controls';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAdminAppPages, useSaveAppPages } from '../admin-api';

type PagesForm = UseFormReturn<AppPagesInput, unknown, AppPagesData>;

const valuesOf = (pages: AppPages): AppPagesInput => ({
  accountDeletion: pages.accountDeletion,
  deletionDeleted: pages.deletionDeleted,
  deletionKept: pages.deletionKept,
  deletionDays: pages.deletionDays,
  supportEmail: pages.supportEmail ?? '',
  supportIntro: pages.supportIntro,
  faq: pages.faq,
});

/** The order errors are focused in. */
const FIELDS = ['deletionDays', 'supportEmail', 'faq'] as const;

const CONFLICT_LABELS: Record<string, string> = {
  accountDeletion: 'This app has user accounts',
  deletionDeleted: 'What is deleted',
  deletionKept: 'What is kept, and for how long',
  deletionDays: 'Days to complete a request',
  supportEmail: 'Support email',
  supportIntro: 'Introduction',
  faq: 'Frequently asked questions',
};

function focusFirstError(errors: FieldErrors<AppPagesInput>) {
  const first = FIELDS.find((name) => errors[name]);
  if (first === 'faq') {
    const index = Array.isArray(errors.faq) ? errors.faq.findIndex(Boolean) : -1;
    const item = index >= 0 ? errors.faq?.[index] : undefined;
    const field = item?.question ? 'question' : 'answer';
    document.getElementById(`faq-${Math.max(0, index)}-${field}`)?.focus();
  } else if (first) document.getElementById(`pages-${first}`)?.focus();
}

/** The block for a saved app: loads the texts, then their form. */
export function AppPagesEditor({
  appId,
  slug,
  siteUrl,
  onDirtyChange,
}: {
  appId: number;
  /** The app's saved slug: its public addresses. */
  slug: string;
  /** The site's address, before the paths. */
  siteUrl: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const query = useAdminAppPages(appId);
  return (
    <QueryState
      query={query}
      errorStyle="inline"
      error="Failed to load the account deletion and support texts"
      loading={
        <Card className="space-y-4 p-6" aria-busy="true">
          <p role="status" className="sr-only">
            Loading the account deletion and support texts
          </p>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-24 w-full" />
        </Card>
      }
    >
      {(pages) => (
        <AppPagesForm appId={appId} pages={pages} slug={slug} siteUrl={siteUrl} onDirtyChange={onDirtyChange} />
      )}
    </QueryState>
  );
}

function AppPagesForm({
  appId,
  pages,
  slug,
  siteUrl,
  onDirtyChange,
}: {
  appId: number;
  pages: AppPages;
  slug: string;
  siteUrl: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useForm<AppPagesInput, unknown, AppPagesData>({
    resolver: zodResolver(AppPagesInputSchema),
    defaultValues: valuesOf(pages),
    shouldFocusError: false,
  });
  const save = useSaveAppPages(appId);
  const conflict = useSaveConflict({
    form,
    version: pages.version,
    toValues: valuesOf as (item: never) => AppPagesInput,
    labels: CONFLICT_LABELS,
  });
  const [uploading, setUploading] = useState(false);
  const { isDirty, isSubmitting } = form.formState;
  const dirty = isDirty || uploading;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const onSubmit = form.handleSubmit(async (data) => {
    await save.mutateAsync({ ...data, version: conflict.version }).then(
      (saved) => form.reset(valuesOf(saved)),
      (error: unknown) => {
        if (!conflict.onSaveError(error)) applyServerErrors(form.setError, error, { fields: FIELDS });
      },
    );
  }, focusFirstError);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Account deletion and support">
      <DeletionCard form={form} slug={slug} siteUrl={siteUrl} onEditorBusyChange={setUploading} />
      <SupportCard form={form} slug={slug} siteUrl={siteUrl} onEditorBusyChange={setUploading} />
      <div className="flex flex-col sm:flex-row sm:justify-end">
        <Button type="submit" disabled={isSubmitting || uploading}>
          {isSubmitting ? 'Saving...' : 'Save account deletion and support'}
        </Button>
      </div>
      {conflict.dialog}
    </form>
  );
}

/** A public address of the app and the store field it goes in. */
function StoreAddress({ address, store, testId }: { address: string; store: ReactNode; testId: string }) {
  return (
    <div className="rounded-md border border-dashed bg-muted/40 p-3 text-sm" data-testid={testId}>
      <p className="break-all">
        <code className="font-mono text-foreground">{address}</code>
      </p>
      <p className="mt-1 text-muted-foreground">Paste it in {store}.</p>
    </div>
  );
}

interface CardProps {
  form: PagesForm;
  slug: string;
  siteUrl: string;
  onEditorBusyChange: (busy: boolean) => void;
}

function DeletionCard({ form, slug, siteUrl, onEditorBusyChange }: CardProps) {
  const { control, register, formState } = form;
  const errors = formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account deletion</CardTitle>
        <CardDescription>
          Google Play requires a web page where users of an app with accounts can ask to delete their account and data
          without the app. Requests land in Deletion Requests.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex items-start justify-between gap-4">
          <div className="space-y-1">
            <Label htmlFor="pages-accountDeletion">This app has user accounts</Label>
            <p id="pages-accountDeletion-hint" className="text-sm text-muted-foreground">
              Turns on the app&rsquo;s Delete account page and its request form.
            </p>
          </div>
          <Controller
            control={control}
            name="accountDeletion"
            render={({ field }) => (
              <Switch
                id="pages-accountDeletion"
                checked={Boolean(field.value)}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby="pages-accountDeletion-hint"
              />
            )}
          />
        </div>
        <StoreAddress
          testId="deletion-url"
          address={`${siteUrl}${paths.appDeleteAccount(slug)}`}
          store={
            <>
              Google Play Console › <strong>Data safety</strong> › <strong>Delete account URL</strong>
            </>
          }
        />
        <RichTextField
          control={control}
          name="deletionDeleted"
          id="pages-deletionDeleted"
          label="What is deleted"
          hint="The account and every kind of data that goes with it."
          minHeight={140}
          onBusyChange={onEditorBusyChange}
        />
        <RichTextField
          control={control}
          name="deletionKept"
          id="pages-deletionKept"
          label="What is kept, and for how long"
          hint="Data you must keep (purchase records, legal holds) and for how long."
          minHeight={140}
          onBusyChange={onEditorBusyChange}
        />
        <FormField
          id="pages-deletionDays"
          label="Days to complete a request"
          hint={`Requests are marked overdue after this many days (1 to ${DELETION_DAYS_MAX}; 30 is usual).`}
          error={errors.deletionDays?.message}
          className="sm:max-w-xs"
        >
          <Input
            id="pages-deletionDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={DELETION_DAYS_MAX}
            {...register('deletionDays')}
            {...fieldAria('pages-deletionDays', errors.deletionDays?.message, true)}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}

function SupportCard({ form, slug, siteUrl, onEditorBusyChange }: CardProps) {
  const { control, register, formState } = form;
  const errors = formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Support</CardTitle>
        <CardDescription>
          The app&rsquo;s support page: how to reach you and answers to common questions. Apple asks every app for one.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <StoreAddress
          testId="support-url"
          address={`${siteUrl}${paths.appSupport(slug)}`}
          store={
            <>
              App Store Connect › <strong>Support URL</strong>
            </>
          }
        />
        <FormField
          id="pages-supportEmail"
          label="Support email"
          hint="Optional. Without it, the page points to the site's contact form."
          error={errors.supportEmail?.message}
          className="sm:max-w-md"
        >
          <Input
            id="pages-supportEmail"
            type="email"
            autoComplete="off"
            placeholder="support@example.com"
            {...register('supportEmail')}
            {...fieldAria('pages-supportEmail', errors.supportEmail?.message, true)}
          />
        </FormField>
        <RichTextField
          control={control}
          name="supportIntro"
          id="pages-supportIntro"
          label="Introduction"
          hint="A few words at the top of the support page."
          minHeight={120}
          onBusyChange={onEditorBusyChange}
        />
        <OrderedRows
          control={control}
          name="faq"
          legend="Frequently asked questions"
          noun="question"
          idPrefix="faq"
          listLabel="Questions"
          blank={() => ({ question: '', answer: '' })}
          max={FAQ_MAX}
          empty="No questions yet. Add the ones players ask most."
          focusAfterAdd={(i) => `faq-${i}-question`}
          removeDescription={(i) =>
            `“${form.getValues(`faq.${i}.question`) || `Question ${i + 1}`}” and its answer leave the list when you save.`
          }
          error={errors.faq?.message ?? errors.faq?.root?.message}
          rowTestId="faq-item"
        >
          {(i) => {
            const itemErrors = Array.isArray(errors.faq) ? errors.faq[i] : undefined;
            return (
              <>
                <FormField id={`faq-${i}-question`} label="Question" error={itemErrors?.question?.message}>
                  <Input
                    id={`faq-${i}-question`}
                    autoComplete="off"
                    {...register(`faq.${i}.question`)}
                    {...fieldAria(`faq-${i}-question`, itemErrors?.question?.message)}
                  />
                </FormField>
                <FormField id={`faq-${i}-answer`} label="Answer" error={itemErrors?.answer?.message}>
                  <Textarea
                    id={`faq-${i}-answer`}
                    rows={3}
                    {...register(`faq.${i}.answer`)}
                    {...fieldAria(`faq-${i}-answer`, itemErrors?.answer?.message)}
                  />
                </FormField>
              </>
            );
          }}
        </OrderedRows>
      </CardContent>
    </Card>
  );
}
