// Change Password (SPEC §2 Users): current, new and confirm; 'Update Password' ('Updating...').
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ChangePasswordInputSchema, type ChangePasswordInput } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';
import { useChangePassword } from './admin-api';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = Object.keys(EMPTY) as (keyof ChangePasswordInput)[];

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(ChangePasswordInputSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // The server's field errors (e.g. a wrong current password) go next to their fields too.
    await changePassword.mutateAsync(values).then(
      () => form.reset(EMPTY),
      (error: unknown) => applyServerErrors(form.setError, error, { fields: FIELDS }),
    );
  });

  const err = {
    currentPassword: errors.currentPassword?.message,
    newPassword: errors.newPassword?.message,
    confirmPassword: errors.confirmPassword?.message,
  };

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <FormField id="currentPassword" label="Current Password" error={err.currentPassword}>
        <Input
          id="currentPassword"
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          {...fieldAria('currentPassword', err.currentPassword)}
        />
      </FormField>
      <FormField id="newPassword" label="New Password" hint="At least 4 characters." error={err.newPassword}>
        <Input
          id="newPassword"
          type="password"
          autoComplete="new-password"
          {...form.register('newPassword')}
          {...fieldAria('newPassword', err.newPassword, true)}
        />
      </FormField>
      <FormField id="confirmPassword" label="Confirm New Password" error={err.confirmPassword}>
        <Input
          id="confirmPassword"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          {...fieldAria('confirmPassword', err.confirmPassword)}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
