// Edit Privacy Policy (SPEC §2): the last-updated date typed as DD/MM/YYYY and the policy text.
// The date is sent as an ISO string; the shown policy becomes the server's reply (SPEC §4).
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { Card, CardContent } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { SaveRow, useDraftEditor } from '../../components/drafts/draft-editor';
import { useUpdatePrivacyPolicy } from '../../features/pages/admin-api';
import { usePrivacyPolicy } from '../../features/pages/api';
import { HistoryButton } from '../../components/revisions/history-panel';
import { applyServerErrors } from '../../lib/form-errors';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const toValues = (policy: PrivacyPolicy | null | undefined): PrivacyPolicyForm => ({
  content: policy?.content ?? '',
  lastUpdated: policy?.lastUpdated ? formatDayMonthYear(policy.lastUpdated) : '',
});

const FIELDS = ['content', 'lastUpdated'] as const;

function PrivacyForm({ policy }: { policy: PrivacyPolicy | null }) {
  // Images pasted or dropped into the editor are still uploading: saving now would leave them out.
  const [editorUploading, setEditorUploading] = useState(false);
  const update = useUpdatePrivacyPolicy();
  const form = useForm<PrivacyPolicyForm>({
    resolver: zodResolver(PrivacyPolicyFormSchema),
    defaultValues: toValues(policy),
  });
  const { errors, isSubmitting } = form.formState;
  const session = useDraftEditor({
    form,
    draft: { kind: 'privacy', itemKey: 'main' },
    item: policy,
    toValues,
    labels: { lastUpdated: 'Last Updated Date', content: 'Privacy Policy Content' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const date = parseDayMonthYear(values.lastUpdated);
    if (!date) {
      form.setError('lastUpdated', { message: INVALID_DATE }, { shouldFocus: true });
      return;
    }
    // The toasts come with the mutation; the shown policy becomes the server's reply.
    const payload = { content: values.content, lastUpdated: date.toISOString(), version: session.version };
    await update.mutateAsync(payload).then(
      (saved) => {
        session.saved();
        form.reset(toValues(saved));
      },
      (error: unknown) => session.onSaveError(error) || applyServerErrors(form.setError, error, { fields: FIELDS }),
    );
  });

  const dateError = errors.lastUpdated?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {session.banner}
      {session.dialogs}
      <Card>
        <CardContent className="space-y-5 pt-6">
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
            onBusyChange={setEditorUploading}
          />
          <SaveRow
            aside={
              <Link to={paths.privacy} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                View the Privacy Policy page
              </Link>
            }
            status={session.status}
            saving={isSubmitting}
            disabled={isSubmitting || editorUploading}
            label="Save Privacy Policy"
          />
        </CardContent>
      </Card>
    </form>
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

  // A failed load is announced once per failure (SPEC §8).
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!policy.error || announced.current === policy.error) return;
    announced.current = policy.error;
    toast({ title: 'Error', description: 'Failed to load privacy policy', variant: 'destructive' });
  }, [policy.error]);
  // A restore replaces the saved text: the form starts again from it.
  const [restores, setRestores] = useState(0);

  return (
    <AdminPage
      title="Edit Privacy Policy"
      description="Update your privacy policy content and last updated date."
      actions={
        policy.isSuccess && (
          <HistoryButton kind="privacy" current={policy.data ?? {}} onRestored={() => setRestores((n) => n + 1)} />
        )
      }
    >
      <QueryState query={policy} loading={SKELETON} error="Failed to load privacy policy" errorStyle="inline">
        {(data) => <PrivacyForm key={restores} policy={data} />}
      </QueryState>
    </AdminPage>
  );
}
