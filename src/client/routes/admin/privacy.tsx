// Edit Privacy Policy (SPEC §2): the last-updated date typed as DD/MM/YYYY and the policy text.
// The date is sent as an ISO string; the shown policy becomes the server's reply (SPEC §4).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDayMonthYear, parseDayMonthYear } from '../../../shared/dates';
import { paths } from '../../../shared/paths';
import {
  INVALID_DATE,
  PrivacyPolicyFormSchema,
  type PrivacyPolicy,
  type PrivacyPolicyForm,
} from '../../../shared/schemas/site-content';
import { QueryState } from '../../components/query-state';
import { FormSkeleton } from '../../components/forms/form-skeleton';
import { RichTextField } from '../../components/forms/rich-text-field';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { PageEditorForm, SaveRow, useDraftForm } from '../../components/drafts/draft-editor';
import { useUpdatePrivacyPolicy, useWhatWeMeasure } from '../../features/pages/admin-api';
import { usePrivacyPolicy } from '../../features/pages/api';
import { placeWhatWeMeasure } from '../../features/pages/what-we-measure';
import { useItemHistory } from '../../components/revisions/history-panel';
import { Translatable } from '../../features/translations/translatable';
import { useEditorLanguage } from '../../features/translations/language-switcher';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const toValues = (policy: PrivacyPolicy | null | undefined): PrivacyPolicyForm => ({
  content: policy?.content ?? '',
  lastUpdated: policy?.lastUpdated ? formatDayMonthYear(policy.lastUpdated) : '',
});

const FIELDS = ['content', 'lastUpdated'] as const;

function PrivacyForm({ policy }: { policy: PrivacyPolicy | null }) {
  const update = useUpdatePrivacyPolicy();
  const { form, session } = useDraftForm<PrivacyPolicyForm>({
    resolver: zodResolver(PrivacyPolicyFormSchema),
    item: policy,
    toValues,
    draft: { kind: 'privacy', itemKey: 'main' },
    labels: { lastUpdated: 'Last Updated Date', content: 'Privacy Policy Content' },
  });
  const { errors } = form.formState;
  const whatWeMeasure = useWhatWeMeasure();
  // The text goes at the end of the policy (or where it was inserted before), to be edited there.
  const insertWhatWeMeasure = () =>
    whatWeMeasure.mutate(undefined, {
      onSuccess: ({ html }) =>
        form.setValue('content', placeWhatWeMeasure(form.getValues('content'), html), { shouldDirty: true }),
    });

  const onSubmit = form.handleSubmit(async (values) => {
    const date = parseDayMonthYear(values.lastUpdated);
    if (!date) {
      form.setError('lastUpdated', { message: INVALID_DATE }, { shouldFocus: true });
      return;
    }
    // The toasts come with the mutation; the shown policy becomes the server's reply.
    const payload = { content: values.content, lastUpdated: date.toISOString(), version: session.version };
    await session.save(update.mutateAsync(payload), FIELDS);
  });

  const dateError = errors.lastUpdated?.message;
  return (
    <PageEditorForm session={session} onSubmit={onSubmit}>
      <FormField
        id="privacy-date"
        label="Last Updated Date"
        hint="Example: 14/05/2025"
        error={dateError}
        className="max-w-xs"
      >
        <Input
          id="privacy-date"
          inputMode="numeric"
          placeholder="DD/MM/YYYY"
          autoComplete="off"
          {...form.register('lastUpdated')}
          {...fieldAria('privacy-date', dateError, true)}
        />
      </FormField>
      <RichTextField
        control={form.control}
        name="content"
        id="privacy-content"
        label="Privacy Policy Content"
        height={500}
        onBusyChange={session.onEditorBusyChange}
      />
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={insertWhatWeMeasure}
          disabled={whatWeMeasure.isPending}
          aria-describedby="privacy-what-we-measure-hint"
        >
          {"Insert 'What we measure'"}
        </Button>
        <p id="privacy-what-we-measure-hint" className="text-sm text-muted-foreground">
          Adds to the end of the policy what the site’s visitor analytics count, for how long, and how visitors opt out;
          pressed again, it updates the text it added.
        </p>
      </div>
      <SaveRow
        aside={
          <Link to={paths.privacy} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            View the Privacy Policy page
          </Link>
        }
        session={session}
        label="Save Privacy Policy"
      />
    </PageEditorForm>
  );
}

const SKELETON = (
  <FormSkeleton
    label="Loading privacy policy"
    testId="admin-privacy-skeleton"
    fields={[
      { label: 'w-32', className: 'max-w-xs' },
      { label: 'w-44', height: 'h-[544px]' },
    ]}
  />
);

export default function PrivacyEditor() {
  useDocumentTitle('Privacy Policy');
  const policy = usePrivacyPolicy();
  // A restore replaces the saved text: the form starts again from it.
  const history = useItemHistory('privacy', policy);
  const language = useEditorLanguage();

  // A failed load is announced once per failure (SPEC §8).
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!policy.error || announced.current === policy.error) return;
    announced.current = policy.error;
    toast({ title: 'Error', description: 'Failed to load privacy policy', variant: 'destructive' });
  }, [policy.error]);

  return (
    <AdminPage
      title="Edit Privacy Policy"
      description="Update your privacy policy content and last updated date."
      actions={language.lang ? undefined : history.button}
    >
      <Translatable type="page" id="privacy" language={language}>
        <QueryState query={policy} loading={SKELETON} error="Failed to load privacy policy" errorStyle="inline">
          {(data) => <PrivacyForm key={history.restores} policy={data} />}
        </QueryState>
      </Translatable>
    </AdminPage>
  );
}
