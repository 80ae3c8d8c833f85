// "Forgot password?" (issue 23): the username or email of the account; the same answer whatever it
// matched. On a site that cannot send mail, the page says to ask an administrator instead.
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import {
  PasswordResetRequestSchema,
  RESET_UNAVAILABLE,
  type PasswordResetRequest,
} from '../../../shared/schemas/password-reset';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useRequestReset, useResetAvailability } from '../../features/admin/password-reset-api';
import { applyServerErrors } from '../../lib/form-errors';
import { ApiError } from '../../lib/http';
import { useSite } from '../../page-kit/site-context';
import { useDocumentTitle } from './use-document-title';

/** The signed-out pages' frame: the studio's name, then one card. */
export function SignedOutCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const site = useSite();
  return (
    <main className="grid min-h-screen place-items-center bg-muted/40 px-4 py-12">
      <div className="w-full max-w-sm">
        <Link to={paths.home} className="mb-6 flex items-center justify-center gap-2 text-lg font-bold">
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground"
          >
            {site.name.charAt(0)}
          </span>
          {site.name}
        </Link>
        <Card>
          <CardHeader className="items-center text-center">
            <span
              aria-hidden="true"
              className="grid size-10 place-items-center rounded-full bg-accent text-accent-foreground"
            >
              <KeyRound className="size-5" />
            </span>
            <h1 className="text-2xl font-bold">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

export const BackToSignIn = () => (
  <p className="mt-4 text-center text-sm">
    <Link to={paths.admin.auth} className="underline underline-offset-4">
      Back to sign in
    </Link>
  </p>
);

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const availability = useResetAvailability();
  const request = useRequestReset();
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { login: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    await request
      .mutateAsync(values)
      .catch((error: unknown) => applyServerErrors(form.setError, error, { fields: ['login'] }));
  });

  if (availability.isPending) {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner label="Loading" />
      </div>
    );
  }
  const unavailable =
    availability.data?.available === false || (request.error instanceof ApiError && request.error.status === 404);
  if (unavailable) {
    return (
      <SignedOutCard title="Forgot your password?" description="Password reset by email is not available.">
        <p role="status">{RESET_UNAVAILABLE}</p>
        <BackToSignIn />
      </SignedOutCard>
    );
  }
  if (request.isSuccess) {
    return (
      <SignedOutCard title="Check your email" description="A link may be on its way.">
        <p role="status">{request.data.message}</p>
        <BackToSignIn />
      </SignedOutCard>
    );
  }
  const failure = request.error instanceof ApiError && !request.error.body?.issues ? request.error.serverMessage : null;
  return (
    <SignedOutCard
      title="Forgot your password?"
      description="Enter your username or email address. If the account has an email address, we send it a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField id="login" label="Username or email" error={errors.login?.message}>
          <Input
            id="login"
            autoComplete="username"
            autoFocus
            {...form.register('login')}
            {...fieldAria('login', errors.login?.message)}
          />
        </FormField>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      <BackToSignIn />
    </SignedOutCard>
  );
}
