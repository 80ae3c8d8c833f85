// One staff email field with Save (issue 23): the user's own in My Profile, anyone's for an
// administrator in Users. Empty removes it. A taken address is told next to the field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { EmailFormSchema, type EmailForm as EmailValues } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';

export function EmailForm({
  id,
  current,
  onSave,
}: {
  /** The field's id (two forms may be on one page). */
  id: string;
  current: string | null;
  /** Saves the address (null removes it); rejects with the server's error. */
  onSave: (email: string | null) => Promise<unknown>;
}) {
  const form = useForm<EmailValues>({
    resolver: zodResolver(EmailFormSchema),
    defaultValues: { email: current ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.email?.message;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    await onSave(email.trim() || null).then(
      () => form.reset({ email: email.trim() }),
      (failure: unknown) => applyServerErrors(form.setError, failure, { fields: ['email'], conflict: 'email' }),
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        id={id}
        label="Email"
        hint="Optional. Password reset links and new sign-in notices go here."
        error={error}
      >
        <Input id={id} type="email" autoComplete="email" {...form.register('email')} {...fieldAria(id, error, true)} />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save Email'}
      </Button>
    </form>
  );
}
