// Sign-in (SPEC §2): username and password; a signed-in visitor goes straight to the Dashboard.
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { LoginInputSchema, type LoginInput } from '../../../shared/schemas/users';
import { useSite } from '../../page-kit/site-context';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useAuthCheck, useLogin } from '../../features/admin/auth-api';
import { PasskeySignInButton } from '../../features/admin/passkey-sign-in';
import { TwoFactorStep } from '../../features/admin/two-factor-step';
import { applyServerErrors } from '../../lib/form-errors';
import { useDocumentTitle } from './use-document-title';

export default function AuthPage() {
  const site = useSite();
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const check = useAuthCheck();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The password was right and the account has two-factor: the code step replaces the form.
  const [codeDue, setCodeDue] = useState(false);

  if (check.isPending) {
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (check.data?.isAuthenticated) return <Navigate to={paths.admin.root} replace />;

  // The toasts come with the mutation; a refused field gets the server's message.
  const onSubmit = form.handleSubmit(async (values) => {
    await login.mutateAsync(values).then(
      (reply) => ('twoFactorRequired' in reply ? setCodeDue(true) : navigate(paths.admin.root, { replace: true })),
      (error: unknown) => applyServerErrors(form.setError, error, { fields: ['username', 'password'] }),
    );
  });

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
              <Lock className="size-5" />
            </span>
            <h1 className="text-2xl font-bold">Admin sign in</h1>
            <CardDescription>This area is restricted to administrators only.</CardDescription>
          </CardHeader>
          <CardContent>
            {codeDue ? (
              <TwoFactorStep
                onDone={() => navigate(paths.admin.root, { replace: true })}
                onRestart={() => {
                  setCodeDue(false);
                  form.resetField('password');
                }}
              />
            ) : (
              <form onSubmit={onSubmit} noValidate className="space-y-4">
                <FormField id="username" label="Username" error={errors.username?.message}>
                  <Input
                    id="username"
                    autoComplete="username"
                    autoFocus
                    {...form.register('username')}
                    {...fieldAria('username', errors.username?.message)}
                  />
                </FormField>
                <FormField id="password" label="Password" error={errors.password?.message}>
                  <Input
                    id="password"
                    type="password"
                    autoComplete="current-password"
                    {...form.register('password')}
                    {...fieldAria('password', errors.password?.message)}
                  />
                </FormField>
                <Button type="submit" className="w-full" disabled={isSubmitting}>
                  {isSubmitting ? 'Signing in...' : 'Sign in'}
                </Button>
              </form>
            )}
            {!codeDue && (
              <>
                <PasskeySignInButton onSignedIn={() => navigate(paths.admin.root, { replace: true })} />
                <p className="mt-4 text-center text-sm">
                  <Link to={paths.admin.forgotPassword} className="underline underline-offset-4">
                    Forgot password?
                  </Link>
                </p>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
