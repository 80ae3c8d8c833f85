// Create New User (SPEC §2 Users): username, password, confirm, 'Admin User', and an optional email
// (issue 23). confirmPassword is not sent.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { CreateUserFormSchema, type CreateUserForm as CreateUserValues } from '../../../shared/schemas/users';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Label } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';
import { ApiError } from '../../lib/http';
import { useCreateUser } from './admin-api';

const EMPTY: CreateUserValues = { username: '', password: '', confirmPassword: '', isAdmin: false, email: '' };

export function CreateUserForm() {
  const createUser = useCreateUser();
  const form = useForm<CreateUserValues>({ resolver: zodResolver(CreateUserFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, email, ...fields }) => {
    // The spec's body (username, password, isAdmin), with the email only when one was given.
    const input = email ? { ...fields, email } : fields;
    // A taken username (409) or the server's field errors belong next to the field.
    await createUser.mutateAsync(input).then(
      () => form.reset(EMPTY),
      (error: unknown) =>
        applyServerErrors(form.setError, error, {
          fields: ['username', 'password', 'email'],
          // A 409 that names its field (a taken email) goes there; one that does not is the username's.
          conflict: error instanceof ApiError && error.body?.issues?.length ? undefined : 'username',
        }),
    );
  });

  const err = {
    username: errors.username?.message,
    password: errors.password?.message,
    confirmPassword: errors.confirmPassword?.message,
    email: errors.email?.message,
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        id="new-username"
        label="Username"
        hint="Letters, numbers, dots, dashes and underscores."
        error={err.username}
      >
        <Input
          id="new-username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register('username')}
          {...fieldAria('new-username', err.username, true)}
        />
      </FormField>
      <FormField
        id="new-email"
        label="Email (optional)"
        hint="For password reset links and sign-in notices."
        error={err.email}
      >
        <Input
          id="new-email"
          type="email"
          autoComplete="off"
          {...form.register('email')}
          {...fieldAria('new-email', err.email, true)}
        />
      </FormField>
      <FormField
        id="new-password"
        label="Password"
        hint="At least 4 characters, at most 128; not a common password."
        error={err.password}
      >
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          {...fieldAria('new-password', err.password, true)}
        />
      </FormField>
      <FormField id="new-confirmPassword" label="Confirm Password" error={err.confirmPassword}>
        <Input
          id="new-confirmPassword"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          {...fieldAria('new-confirmPassword', err.confirmPassword)}
        />
      </FormField>
      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name="isAdmin"
          render={({ field }) => (
            <Checkbox
              id="new-isAdmin"
              className="mt-0.5"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-describedby="new-isAdmin-hint"
            />
          )}
        />
        <div className="space-y-1">
          <Label htmlFor="new-isAdmin">Admin User</Label>
          <p id="new-isAdmin-hint" className="text-sm text-muted-foreground">
            Grant administrative privileges to this user
          </p>
        </div>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating...' : 'Create User'}
      </Button>
    </form>
  );
}
