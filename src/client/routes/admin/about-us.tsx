// About Us editor (SPEC §2 "About Us editor"): the title and the rich-text content.
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { formatLongUs } from '../../../shared/dates';
import { paths } from '../../../shared/paths';
import { AboutUsInputSchema, type AboutUs, type AboutUsInput } from '../../../shared/schemas/site-content';
import { QueryState } from '../../components/query-state';
import { FormSkeleton } from '../../components/forms/form-skeleton';
import { RichTextField } from '../../components/forms/rich-text-field';
import { Card, CardContent } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { SaveRow, useDraftEditor } from '../../components/drafts/draft-editor';
import { useUpdateAboutUs } from '../../features/pages/admin-api';
import { useAboutUs } from '../../features/pages/api';
import { HistoryButton } from '../../components/revisions/history-panel';
import { applyServerErrors } from '../../lib/form-errors';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

interface FormValues {
  title: string;
  content: string;
}

const FIELDS = ['title', 'content'] as const;

const toValues = (about: AboutUs | null | undefined): FormValues => ({
  title: about?.title ?? '',
  content: about?.content ?? '',
});

function AboutUsForm({ about }: { about: AboutUs | null }) {
  // Images pasted or dropped into the editor are still uploading: saving now would leave them out.
  const [editorUploading, setEditorUploading] = useState(false);
  const update = useUpdateAboutUs();
  const form = useForm<AboutUsInput, unknown, FormValues>({
    resolver: zodResolver(AboutUsInputSchema),
    defaultValues: toValues(about),
  });
  const { errors, isSubmitting } = form.formState;
  const session = useDraftEditor({
    form,
    draft: { kind: 'about', itemKey: 'main' },
    item: about,
    toValues,
    labels: { title: 'Title', content: 'Content' },
  });

  // The toasts come with the mutation; a refused field gets the server's message.
  const onSubmit = form.handleSubmit(async (values) => {
    await update.mutateAsync({ ...values, version: session.version }).then(
      (saved) => {
        session.saved();
        form.reset(toValues(saved));
      },
      (error: unknown) => session.onSaveError(error) || applyServerErrors(form.setError, error, { fields: FIELDS }),
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {session.banner}
      {session.dialogs}
      <Card>
        <CardContent className="space-y-5 pt-6">
          <FormField id="about-title" label="Title" error={errors.title?.message}>
            <Input id="about-title" {...form.register('title')} {...fieldAria('about-title', errors.title?.message)} />
          </FormField>
          <RichTextField
            control={form.control}
            name="content"
            id="about-content"
            label="Content"
            height={500}
            onBusyChange={setEditorUploading}
          />
          <SaveRow
            aside={
              <p className="text-sm text-muted-foreground">
                Last updated: {formatLongUs(about?.lastUpdated)}.{' '}
                <Link to={paths.about} className="font-medium text-primary underline-offset-4 hover:underline">
                  View the page
                </Link>
              </p>
            }
            status={session.status}
            saving={isSubmitting}
            disabled={isSubmitting || editorUploading}
            label="Save About Us Page"
          />
        </CardContent>
      </Card>
    </form>
  );
}

const SKELETON = (
  <FormSkeleton
    label="Loading About Us page content"
    testId="about-us-skeleton"
    fields={[{ label: 'w-16' }, { label: 'w-20', height: 'h-[544px]' }]}
  />
);

export default function AboutUsEditor() {
  useDocumentTitle('About Us');
  const about = useAboutUs();
  // A restore replaces the saved text: the form starts again from it.
  const [restores, setRestores] = useState(0);
  return (
    <AdminPage
      title="About Us"
      description="Edit the title and the text of the About Us page."
      actions={
        about.isSuccess && (
          <HistoryButton kind="about" current={about.data ?? {}} onRestored={() => setRestores((n) => n + 1)} />
        )
      }
    >
      <QueryState query={about} loading={SKELETON} error="Failed to load About Us page content" errorStyle="inline">
        {(data) => <AboutUsForm key={restores} about={data} />}
      </QueryState>
    </AdminPage>
  );
}
