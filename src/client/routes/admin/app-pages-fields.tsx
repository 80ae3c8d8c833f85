// The app form's issue-14 cards: Account deletion (accounts on or off, what is deleted and kept, the
// days a request has) and Support (email, intro, FAQ). They are their own form, saved after the app
// through PUT /api/admin/apps/{id}/pages, so the spec's app payload is unchanged. Next to each public
// address: the store field it is pasted into.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import { paths } from '../../../shared/paths';
import {
  AppPagesInputSchema,
  DELETION_DAYS_MAX,
  FAQ_MAX,
  type AppPages,
  type AppPagesData,
  type AppPagesInput,
} from '../../../shared/schemas/app-pages';
import { useSite } from '../../page-kit/site-context';
import { RichTextEditor } from '../../components/rich-text-editor';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Switch } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Label, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../lib/toast';
import { adminAppPagesQuery, saveAppPages, useAdminAppPages } from '../../features/app-pages/admin-api';
import { ApiError, errorMessage } from '../../lib/http';

type PagesForm = ReturnType<typeof useForm<AppPagesInput, unknown, AppPagesData>>;

const valuesOf = (pages: AppPages | undefined): AppPagesInput => ({
  accountDeletion: pages?.accountDeletion ?? false,
  deletionDeleted: pages?.deletionDeleted ?? '',
  deletionKept: pages?.deletionKept ?? '',
  deletionDays: pages?.deletionDays ?? 30,
  supportEmail: pages?.supportEmail ?? '',
  supportIntro: pages?.supportIntro ?? '',
  faq: pages?.faq ?? [],
});

/** The order errors are focused in. */
const FOCUS_ORDER = ['deletionDays', 'supportEmail', 'faq'] as const;

/**
 * The cards' own form for an app (null: a new app, saved once it has an id). `save` writes the texts
 * if they changed and says whether they are safe (a failure is told in a toast).
 */
export function useAppPagesEditor(appId: number | null) {
  const query = useAdminAppPages(appId);
  const queryClient = useQueryClient();
  const ready = appId === null || query.isSuccess;
  const form = useForm<AppPagesInput, unknown, AppPagesData>({
    resolver: zodResolver(AppPagesInputSchema),
    values: ready ? valuesOf(query.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    shouldFocusError: false,
  });
  const dirty = ready && form.formState.isDirty;

  /** Checks the cards before the app is saved; focuses the first field with an error. */
  const validate = async (): Promise<boolean> => {
    if (!dirty) return true;
    const valid = await form.trigger();
    if (!valid) focusFirstError(form.formState.errors);
    return valid;
  };

  const save = async (savedAppId: number): Promise<boolean> => {
    if (!dirty) return true;
    let data: AppPagesData;
    try {
      data = AppPagesInputSchema.parse(form.getValues());
    } catch {
      return false;
    }
    try {
      const saved = await saveAppPages(savedAppId, data, query.data?.version);
      // The form's values follow the read: it now holds what was saved, and its version.
      queryClient.setQueryData(adminAppPagesQuery(savedAppId).queryKey, saved);
      form.reset(valuesOf(saved));
      return true;
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 409;
      toast({
        title: 'Account deletion and support texts not saved',
        description: conflict
          ? 'Someone else changed them since you opened this app. Reload the page to see their version, then make your changes again.'
          : errorMessage(error),
        variant: 'destructive',
      });
      return false;
    }
  };

  return { form, query, ready, dirty, validate, save };
}

function focusFirstError(errors: FieldErrors<AppPagesInput>) {
  const first = FOCUS_ORDER.find((name) => errors[name]);
  if (first === 'faq') {
    const index = Array.isArray(errors.faq) ? errors.faq.findIndex(Boolean) : -1;
    const item = index >= 0 ? errors.faq?.[index] : undefined;
    const field = item?.question ? 'question' : 'answer';
    document.getElementById(`faq-${Math.max(0, index)}-${field}`)?.focus();
  } else if (first) document.getElementById(`pages-${first}`)?.focus();
}

/** A public address of the app and the store field it goes in. */
function StoreAddress({ path, store, testId }: { path: string | null; store: React.ReactNode; testId: string }) {
  const site = useSite();
  return (
    <div className="rounded-md border border-dashed bg-muted/40 p-3 text-sm" data-testid={testId}>
      {path ? (
        <p className="break-all">
          <code className="font-mono text-foreground">{`${site.url}${path}`}</code>
        </p>
      ) : (
        <p className="text-muted-foreground">The address appears here once the app is saved.</p>
      )}
      <p className="mt-1 text-muted-foreground">Paste it in {store}.</p>
    </div>
  );
}

export function AppPagesCards({
  editor,
  slug,
  onEditorBusyChange,
}: {
  editor: ReturnType<typeof useAppPagesEditor>;
  /** The app's saved slug (null for a new app: its addresses are not known yet). */
  slug: string | null;
  onEditorBusyChange: (busy: boolean) => void;
}) {
  const { form, query, ready } = editor;
  if (!ready) {
    if (query.isError) {
      return (
        <Card role="alert" className="p-6 text-center">
          <p className="font-medium">Failed to load the account deletion and support texts</p>
          <Button variant="link" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </Card>
      );
    }
    return (
      <Card className="space-y-4 p-6" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the account deletion and support texts
        </p>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }
  return (
    <>
      <DeletionCard form={form} slug={slug} onEditorBusyChange={onEditorBusyChange} />
      <SupportCard form={form} slug={slug} onEditorBusyChange={onEditorBusyChange} />
    </>
  );
}

function DeletionCard({
  form,
  slug,
  onEditorBusyChange,
}: {
  form: PagesForm;
  slug: string | null;
  onEditorBusyChange: (busy: boolean) => void;
}) {
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
          path={slug ? paths.appDeleteAccount(slug) : null}
          store={
            <>
              Google Play Console › <strong>Data safety</strong> › <strong>Delete account URL</strong>
            </>
          }
        />
        <FormField
          id="pages-deletionDeleted"
          label="What is deleted"
          hint="The account and every kind of data that goes with it."
        >
          <Controller
            control={control}
            name="deletionDeleted"
            render={({ field }) => (
              <RichTextEditor
                id="pages-deletionDeleted"
                label="What is deleted"
                toolbar="page"
                minHeight={140}
                value={field.value ?? ''}
                onChange={field.onChange}
                describedBy="pages-deletionDeleted-hint"
                onBusyChange={onEditorBusyChange}
              />
            )}
          />
        </FormField>
        <FormField
          id="pages-deletionKept"
          label="What is kept, and for how long"
          hint="Data you must keep (purchase records, legal holds) and for how long."
        >
          <Controller
            control={control}
            name="deletionKept"
            render={({ field }) => (
              <RichTextEditor
                id="pages-deletionKept"
                label="What is kept, and for how long"
                toolbar="page"
                minHeight={140}
                value={field.value ?? ''}
                onChange={field.onChange}
                describedBy="pages-deletionKept-hint"
                onBusyChange={onEditorBusyChange}
              />
            )}
          />
        </FormField>
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

function SupportCard({
  form,
  slug,
  onEditorBusyChange,
}: {
  form: PagesForm;
  slug: string | null;
  onEditorBusyChange: (busy: boolean) => void;
}) {
  const { control, register, formState } = form;
  const errors = formState.errors;
  const faq = useFieldArray({ control, name: 'faq' });
  const [removing, setRemoving] = useState<number | null>(null);

  const add = () => {
    faq.append({ question: '', answer: '' }, { shouldFocus: false });
    requestAnimationFrame(() => document.getElementById(`faq-${faq.fields.length}-question`)?.focus());
  };
  const move = (from: number, to: number) => {
    faq.move(from, to);
    // The focus stays with the question's button as it moves.
    requestAnimationFrame(() => document.getElementById(`faq-${to}-${to < from ? 'up' : 'down'}`)?.focus());
  };

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
          path={slug ? paths.appSupport(slug) : null}
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
        <FormField id="pages-supportIntro" label="Introduction" hint="A few words at the top of the support page.">
          <Controller
            control={control}
            name="supportIntro"
            render={({ field }) => (
              <RichTextEditor
                id="pages-supportIntro"
                label="Introduction"
                toolbar="page"
                minHeight={120}
                value={field.value ?? ''}
                onChange={field.onChange}
                describedBy="pages-supportIntro-hint"
                onBusyChange={onEditorBusyChange}
              />
            )}
          />
        </FormField>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Frequently asked questions</legend>
          {faq.fields.length === 0 && (
            <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
              No questions yet. Add the ones players ask most.
            </p>
          )}
          <ol className="space-y-3" aria-label="Questions">
            {faq.fields.map((item, i) => {
              const itemErrors = Array.isArray(errors.faq) ? errors.faq[i] : undefined;
              const label = `Question ${i + 1}`;
              return (
                <li key={item.id} className="space-y-3 rounded-lg border bg-muted/20 p-4" data-testid="faq-item">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-semibold">{label}</span>
                    <div className="flex gap-1">
                      <Button
                        id={`faq-${i}-up`}
                        type="button"
                        variant="ghost"
                        size="iconSm"
                        aria-label={`Move ${label.toLowerCase()} up`}
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        id={`faq-${i}-down`}
                        type="button"
                        variant="ghost"
                        size="iconSm"
                        aria-label={`Move ${label.toLowerCase()} down`}
                        disabled={i === faq.fields.length - 1}
                        onClick={() => move(i, i + 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="iconSm"
                        className="text-destructive hover:text-destructive"
                        aria-label={`Remove ${label.toLowerCase()}`}
                        onClick={() => setRemoving(i)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </div>
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
                </li>
              );
            })}
          </ol>
          <Button type="button" variant="outline" onClick={add} disabled={faq.fields.length >= FAQ_MAX}>
            <Plus aria-hidden="true" />
            Add question
          </Button>
        </fieldset>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this question?"
        description={
          removing !== null
            ? `“${form.getValues(`faq.${removing}.question`) || `Question ${removing + 1}`}” and its answer leave the list when you save.`
            : ''
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() => {
          if (removing !== null) faq.remove(removing);
          setRemoving(null);
        }}
      />
    </Card>
  );
}
