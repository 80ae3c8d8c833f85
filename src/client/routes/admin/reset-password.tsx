// The page a reset link opens (issue 23): a new password and its confirmation. Done, it says so and
// links to sign in (the reset does not sign in); a dead link is told once, with a link to ask again.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import {
  PasswordResetFormSchema,
  RESET_DONE,
  RESET_LINK_INVALID,
  type PasswordResetForm,
} from '../../../shared/schemas/password-reset';
import { Button, buttonVariants } from '../../components/ui/button';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useConfirmReset } from '../../features/admin/password-reset-api';
import { applyServerErrors } from '../../lib/form-errors';
import { ApiError } from '../../lib/http';
import { cn } from '../../lib/utils';
import { SignedOutCard } from './forgot-password';
import { useDocumentTitle } from './use-document-title';

function DeadLink() {
  return (
    <SignedOutCard title="This link does not work" description="Reset links work once, for 30 minutes.">
      <p role="alert">{RESET_LINK_INVALID}</p>
      <p className="mt-4 text-center text-sm">
        <Link to={paths.admin.forgotPassword} className="underline underline-offset-4">
          Ask for a new link
        </Link>
      </p>
    </SignedOutCard>
  );
}

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useConfirmReset();
  const form = useForm<PasswordResetForm>({
    resolver: zodResolver(PasswordResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    await confirm
      .mutateAsync({ token, password })
      .catch((error: unknown) => applyServerErrors(form.setError, error, { fields: ['password'] }));
  });

  const deadLink =
    !token || (confirm.error instanceof ApiError && confirm.error.body?.issues?.some((i) => i.path === 'token'));
  if (deadLink) return <DeadLink />;
  if (confirm.isSuccess) {
    return (
      <SignedOutCard title="Password changed" description="You were signed out everywhere.">
        <p role="status">{RESET_DONE}</p>
        <Link to={paths.admin.auth} className={cn(buttonVariants(), 'mt-4 w-full')}>
          Sign in
        </Link>
      </SignedOutCard>
    );
  }
  const failure =
    confirm.error instanceof ApiError && !confirm.error.body?.issues?.length ? confirm.error.serverMessage : null;
  return (
    <SignedOutCard
      title="Choose a new password"
      description="At least 4 characters, at most 128; not a common password."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField id="new-password" label="New password" error={errors.password?.message}>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            autoFocus
            {...form.register('password')}
            {...fieldAria('new-password', errors.password?.message)}
          />
        </FormField>
        <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            {...fieldAria('confirm-password', errors.confirmPassword?.message)}
          />
        </FormField>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </SignedOutCard>
  );
}
