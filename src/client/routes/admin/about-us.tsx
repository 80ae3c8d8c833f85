// About Us editor (SPEC §2 "About Us editor"): the title and the rich-text content.
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { formatLongUs } from '../../../shared/dates';
import { paths } from '../../../shared/paths';
import { AboutUsInputSchema, type AboutUs, type AboutUsInput } from '../../../shared/schemas/site-content';
import { QueryState } from '../../components/query-state';
import { FormSkeleton } from '../../components/forms/form-skeleton';
import { RichTextField } from '../../components/forms/rich-text-field';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { PageEditorForm, SaveRow, useDraftForm } from '../../components/drafts/draft-editor';
import { useUpdateAboutUs } from '../../features/pages/admin-api';
import { useAboutUs } from '../../features/pages/api';
import { useItemHistory } from '../../components/revisions/history-panel';
import { Translatable } from '../../features/translations/translatable';
import { useEditorLanguage } from '../../features/translations/language-switcher';
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
  const update = useUpdateAboutUs();
  const { form, session } = useDraftForm<AboutUsInput, FormValues>({
    resolver: zodResolver(AboutUsInputSchema),
    item: about,
    toValues,
    draft: { kind: 'about', itemKey: 'main' },
    labels: { title: 'Title', content: 'Content' },
  });
  const { errors } = form.formState;

  // The toasts come with the mutation; a refused field gets the server's message.
  const onSubmit = form.handleSubmit((values) =>
    session.save(update.mutateAsync({ ...values, version: session.version }), FIELDS),
  );

  return (
    <PageEditorForm session={session} onSubmit={onSubmit}>
      <FormField id="about-title" label="Title" error={errors.title?.message}>
        <Input id="about-title" {...form.register('title')} {...fieldAria('about-title', errors.title?.message)} />
      </FormField>
      <RichTextField
        control={form.control}
        name="content"
        id="about-content"
        label="Content"
        height={500}
        onBusyChange={session.onEditorBusyChange}
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
        session={session}
        label="Save About Us Page"
      />
    </PageEditorForm>
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
  const history = useItemHistory('about', about);
  const language = useEditorLanguage();
  return (
    <AdminPage
      title="About Us"
      description="Edit the title and the text of the About Us page."
      actions={language.lang ? undefined : history.button}
    >
      <Translatable type="page" id="about" language={language}>
        <QueryState query={about} loading={SKELETON} error="Failed to load About Us page content" errorStyle="inline">
          {(data) => <AboutUsForm key={history.restores} about={data} />}
        </QueryState>
      </Translatable>
    </AdminPage>
  );
}
