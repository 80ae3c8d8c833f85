// Home Content editor (SPEC §2 "Home Content"): the hero, the featured-apps heading and the
// call to action. introTitle and introContent are not edited here but are sent as loaded.
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { HomeContentInputSchema, type HomeContent } from '../../../shared/schemas/site-content';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useDraftForm } from '../../components/drafts/draft-editor';
import { useUpdateHomeContent } from '../../features/pages/admin-api';
import { useHomeContent } from '../../features/pages/api';
import { useItemHistory } from '../../components/revisions/history-panel';
import { Translatable } from '../../features/translations/translatable';
import { useEditorLanguage } from '../../features/translations/language-switcher';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const FormSchema = HomeContentInputSchema.omit({ introTitle: true, introContent: true });
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

interface FormValues {
  heroTitle: string;
  heroSubtitle: string;
  heroContent: string;
  featuredAppTitle: string;
  ctaText: string;
}

const FIELDS = ['heroTitle', 'heroSubtitle', 'heroContent', 'featuredAppTitle', 'ctaText'] as const;

const toValues = (content: HomeContent | null | undefined): FormValues => ({
  heroTitle: content?.heroTitle ?? '',
  heroSubtitle: content?.heroSubtitle ?? '',
  heroContent: content?.heroContent ?? '',
  featuredAppTitle: content?.featuredAppTitle ?? '',
  ctaText: content?.ctaText ?? '',
});

function HomeContentForm({ content }: { content: HomeContent | null }) {
  const update = useUpdateHomeContent();
  const { form, session } = useDraftForm<FormInput, FormOutput>({
    resolver: zodResolver(FormSchema),
    item: content,
    toValues,
    draft: { kind: 'home', itemKey: 'main' },
    labels: {
      heroTitle: 'Hero Title',
      heroSubtitle: 'Hero Subtitle',
      heroContent: 'Hero Content',
      featuredAppTitle: 'Featured Apps Title',
      ctaText: 'Call To Action Text',
    },
  });
  const { errors, isSubmitting } = form.formState;

  // The toasts come with the mutation; a refused field gets the server's message.
  const onSubmit = form.handleSubmit(async (values) => {
    const input = {
      ...values,
      introTitle: content?.introTitle ?? '',
      introContent: content?.introContent ?? '',
      version: session.version,
    };
    await session.save(update.mutateAsync(input), FIELDS);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {session.banner}
      {session.dialogs}
      <Card>
        <CardHeader>
          <CardTitle>Hero</CardTitle>
          <CardDescription>The large block at the top of the home page.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <FormField id="heroTitle" label="Hero Title" error={errors.heroTitle?.message}>
            <Input
              id="heroTitle"
              {...form.register('heroTitle')}
              {...fieldAria('heroTitle', errors.heroTitle?.message)}
            />
          </FormField>
          <FormField id="heroSubtitle" label="Hero Subtitle" hint="Optional." error={errors.heroSubtitle?.message}>
            <Input
              id="heroSubtitle"
              {...form.register('heroSubtitle')}
              {...fieldAria('heroSubtitle', errors.heroSubtitle?.message, true)}
            />
          </FormField>
          <FormField
            id="heroContent"
            label="Hero Content"
            hint="Optional. A short paragraph under the subtitle."
            error={errors.heroContent?.message}
          >
            <Textarea
              id="heroContent"
              rows={5}
              {...form.register('heroContent')}
              {...fieldAria('heroContent', errors.heroContent?.message, true)}
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Featured Apps</CardTitle>
          <CardDescription>The heading above the grid of apps.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormField id="featuredAppTitle" label="Featured Apps Title" error={errors.featuredAppTitle?.message}>
            <Input
              id="featuredAppTitle"
              {...form.register('featuredAppTitle')}
              {...fieldAria('featuredAppTitle', errors.featuredAppTitle?.message)}
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Call To Action</CardTitle>
          <CardDescription>A line under the featured apps heading.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormField id="ctaText" label="Call To Action Text" hint="Optional." error={errors.ctaText?.message}>
            <Input
              id="ctaText"
              {...form.register('ctaText')}
              {...fieldAria('ctaText', errors.ctaText?.message, true)}
            />
          </FormField>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse items-end gap-2 sm:flex-row sm:items-center sm:justify-end">
        {session.status}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Home Content'}
        </Button>
      </div>
    </form>
  );
}

function FormSkeleton() {
  return (
    <div
      role="status"
      className="space-y-6"
      aria-busy="true"
      aria-label="Loading home page content"
      data-testid="home-content-skeleton"
    >
      {[3, 1, 1].map((fields, i) => (
        <div key={i} className="space-y-4 rounded-xl border p-6">
          <Skeleton className="h-5 w-40" />
          {Array.from({ length: fields }, (_, j) => (
            <div key={j} className="space-y-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

export default function HomeContentEditor() {
  useDocumentTitle('Home Content');
  const home = useHomeContent();
  // A restore replaces the saved text: the form starts again from it.
  const history = useItemHistory('home', home);
  const language = useEditorLanguage();
  return (
    <AdminPage
      title="Home Content"
      description="Edit the texts of the home page: the hero, the featured apps heading and the call to action."
      actions={language.lang ? undefined : history.button}
    >
      <Translatable type="page" id="home" language={language}>
        <QueryState
          query={home}
          loading={<FormSkeleton />}
          error="Failed to load home page content"
          errorStyle="inline"
        >
          {(data) => <HomeContentForm key={history.restores} content={data} />}
        </QueryState>
      </Translatable>
    </AdminPage>
  );
}
