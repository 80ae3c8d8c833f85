// Edit Contact Information (SPEC §2): email, location and three social links. The id is not sent.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ContactInfoInputSchema, type ContactInfo } from '../../../shared/schemas/site-content';
import { FormSkeleton } from '../../components/forms/form-skeleton';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useUpdateContactInfo } from '../../features/pages/admin-api';
import { useContactInfo } from '../../features/pages/api';
import { UnsavedChangesGuard } from '../../components/drafts/unsaved-changes';
import { applyServerErrors } from '../../lib/form-errors';
import { Translatable } from '../../features/translations/translatable';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

type FormInput = z.input<typeof ContactInfoInputSchema>;
type FormOutput = z.output<typeof ContactInfoInputSchema>;

interface FormValues {
  email: string;
  location: string;
  twitterLink: string;
  linkedinLink: string;
  githubLink: string;
}

const FIELDS = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', hint: undefined },
  {
    name: 'location',
    label: 'Location',
    type: 'text',
    autoComplete: 'off',
    hint: 'Optional, e.g. a city and country.',
  },
  {
    name: 'twitterLink',
    label: 'X (Twitter) URL',
    type: 'url',
    autoComplete: 'url',
    hint: 'Optional. A full address starting with https://',
  },
  {
    name: 'linkedinLink',
    label: 'LinkedIn URL',
    type: 'url',
    autoComplete: 'url',
    hint: 'Optional. A full address starting with https://',
  },
  {
    name: 'githubLink',
    label: 'GitHub URL',
    type: 'url',
    autoComplete: 'url',
    hint: 'Optional. A full address starting with https://',
  },
] as const satisfies readonly {
  name: keyof FormValues;
  label: string;
  type: string;
  autoComplete: string;
  hint: string | undefined;
}[];

const FIELD_NAMES = FIELDS.map(({ name }) => name);

const toValues = (info: ContactInfo | null | undefined): FormValues => ({
  email: info?.email ?? '',
  location: info?.location ?? '',
  twitterLink: info?.twitterLink ?? '',
  linkedinLink: info?.linkedinLink ?? '',
  githubLink: info?.githubLink ?? '',
});

function ContactInfoForm({ info }: { info: ContactInfo | null }) {
  const update = useUpdateContactInfo();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ContactInfoInputSchema),
    defaultValues: toValues(info),
  });
  const { errors, isSubmitting } = form.formState;

  // The toasts come with the mutation; a refused field gets the server's message.
  const onSubmit = form.handleSubmit(async (values) => {
    await update.mutateAsync(values).then(
      (saved) => form.reset(toValues(saved)),
      (error: unknown) => applyServerErrors(form.setError, error, { fields: FIELD_NAMES }),
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <UnsavedChangesGuard dirty={form.formState.isDirty} />
      <Card>
        <CardContent className="space-y-5 pt-6">
          {FIELDS.map(({ name, label, type, autoComplete, hint }) => {
            const id = `contact-${name}`;
            const error = errors[name]?.message;
            return (
              <FormField key={name} id={id} label={label} hint={hint} error={error}>
                <Input
                  id={id}
                  type={type}
                  autoComplete={autoComplete}
                  {...form.register(name)}
                  {...fieldAria(id, error, Boolean(hint))}
                />
              </FormField>
            );
          })}
          <div className="flex justify-end">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Contact Information'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}

const SKELETON = (
  <FormSkeleton
    label="Loading contact information"
    testId="contact-info-skeleton"
    fields={FIELDS.map(() => ({ label: 'w-28' }))}
  >
    <div className="flex justify-end">
      <Skeleton className="h-10 w-48" />
    </div>
  </FormSkeleton>
);

export default function ContactInfoEditor() {
  useDocumentTitle('Contact Information');
  const contact = useContactInfo();
  return (
    <AdminPage
      title="Edit Contact Information"
      description="The email address, location and social links shown on the Contact page and in the footer."
    >
      <Translatable type="page" id="contact">
        <QueryState query={contact} loading={SKELETON} error="Failed to load contact information" errorStyle="inline">
          {(data) => <ContactInfoForm info={data} />}
        </QueryState>
      </Translatable>
    </AdminPage>
  );
}
