// The users of the admin (administrators only): username, role; for each other user, Reset password,
// Make administrator / Make user and Delete, each asking first.
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Mail, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ResetPasswordInputSchema, type ResetPasswordInput, type User } from '../../../shared/schemas/users';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { applyServerErrors } from '../../lib/form-errors';
import { useReturnFocus } from '../../lib/use-return-focus';
import { useDeleteUser, useResetPassword, useSetRole, useSetUserEmail, useUsers } from './admin-api';
import { EmailForm } from './email-form';
import { UserTwoFactorCell } from './user-two-factor';

export const roleLabel = (isAdmin: boolean) => (isAdmin ? 'Administrator' : 'User');

const EMPTY: ResetPasswordInput = { newPassword: '', confirmPassword: '' };

function ResetPasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(ResetPasswordInputSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    await reset
      .mutateAsync({ user, input })
      .then(onDone, (error: unknown) =>
        applyServerErrors(form.setError, error, { fields: ['newPassword', 'confirmPassword'] }),
      );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="reset-new" label="New password" error={errors.newPassword?.message}>
        <Input
          id="reset-new"
          type="password"
          autoComplete="new-password"
          {...form.register('newPassword')}
          {...fieldAria('reset-new', errors.newPassword?.message)}
        />
      </FormField>
      <FormField id="reset-confirm" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          {...fieldAria('reset-confirm', errors.confirmPassword?.message)}
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Resetting...' : 'Reset Password'}
        </Button>
      </DialogFooter>
    </form>
  );
}

type Pending = { kind: 'delete' | 'role' | 'password' | 'email'; user: User };

export function UsersTable({ currentUserId }: { currentUserId: number | undefined }) {
  const users = useUsers(true);
  const deleteUser = useDeleteUser();
  const setRole = useSetRole();
  const setEmail = useSetUserEmail();
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);
  useReturnFocus(pending?.kind === 'password' || pending?.kind === 'email');

  const adminCount = users.data?.filter((u) => u.isAdmin).length ?? 0;
  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'delete') deleteUser.mutate(pending.user, { onSettled: close });
    if (pending.kind === 'role')
      setRole.mutate({ user: pending.user, isAdmin: !pending.user.isAdmin }, { onSettled: close });
  };

  return (
    <QueryState
      query={users}
      loading="Loading users..."
      error="Failed to load users"
      isEmpty={(data) => data.length === 0}
      empty={<p className="py-8 text-center text-muted-foreground">No users found</p>}
    >
      {(data) => (
        <>
          <Table aria-label="Users">
            <TableHeader>
              <TableRow>
                <TableHead>Username</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Two-factor</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((user) => {
                const lastAdmin = user.isAdmin && adminCount <= 1;
                return (
                  <TableRow key={user.id}>
                    <TableCell className="font-medium break-all">{user.username}</TableCell>
                    <TableCell className="break-all">
                      {user.email ?? <span className="text-muted-foreground">None</span>}
                    </TableCell>
                    <TableCell>
                      <Badge variant={user.isAdmin ? 'default' : 'secondary'}>{roleLabel(user.isAdmin)}</Badge>
                    </TableCell>
                    <TableCell>
                      <UserTwoFactorCell user={user} isSelf={user.id === currentUserId} />
                    </TableCell>
                    <TableCell className="text-right">
                      {user.id === currentUserId ? (
                        <span className="text-sm text-muted-foreground">You</span>
                      ) : (
                        <div className="flex flex-wrap justify-end gap-1">
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Edit email of ${user.username}`}
                            onClick={() => setPending({ kind: 'email', user })}
                          >
                            <Mail aria-hidden="true" />
                            Email
                          </Button>
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Reset password of ${user.username}`}
                            onClick={() => setPending({ kind: 'password', user })}
                          >
                            <KeyRound aria-hidden="true" />
                            Reset password
                          </Button>
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={lastAdmin}
                            title={lastAdmin ? 'The last administrator stays one' : undefined}
                            aria-label={`${user.isAdmin ? 'Make user' : 'Make administrator'}: ${user.username}`}
                            onClick={() => setPending({ kind: 'role', user })}
                          >
                            {user.isAdmin ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
                            {user.isAdmin ? 'Make user' : 'Make administrator'}
                          </Button>
                          <Button
                            variant="outline"
                            size="sm"
                            tone="destructive"
                            aria-label={`Delete user ${user.username}`}
                            onClick={() => setPending({ kind: 'delete', user })}
                          >
                            <Trash2 aria-hidden="true" />
                            Delete
                          </Button>
                        </div>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <ConfirmDialog
            open={pending?.kind === 'delete' || pending?.kind === 'role'}
            onOpenChange={(open) => !open && !deleteUser.isPending && !setRole.isPending && close()}
            title={pending?.kind === 'role' ? 'Change the role?' : undefined}
            confirmLabel={
              pending?.kind === 'role' ? (pending.user.isAdmin ? 'Make user' : 'Make administrator') : 'Delete'
            }
            description={
              pending?.kind === 'delete'
                ? `This will permanently delete the user "${pending.user.username}". This action cannot be undone.`
                : pending?.kind === 'role'
                  ? pending.user.isAdmin
                    ? `${pending.user.username} will no longer be able to manage users or backups.`
                    : `${pending.user.username} will be able to manage users, their passwords and backups.`
                  : ''
            }
            pendingLabel={pending?.kind === 'role' ? 'Saving...' : undefined}
            pending={deleteUser.isPending || setRole.isPending}
            onConfirm={confirm}
          />
          <Dialog open={pending?.kind === 'password'} onOpenChange={(open) => !open && close()}>
            {pending?.kind === 'password' && (
              <DialogContent
                title={`Reset password of ${pending.user.username}`}
                description="They are signed out everywhere and sign in again with the new password."
              >
                <ResetPasswordForm user={pending.user} onDone={close} />
              </DialogContent>
            )}
          </Dialog>
          <Dialog open={pending?.kind === 'email'} onOpenChange={(open) => !open && close()}>
            {pending?.kind === 'email' && (
              <DialogContent
                title={`Email of ${pending.user.username}`}
                description="Where their password reset links and new sign-in notices go."
              >
                <EmailForm
                  id="user-email"
                  current={pending.user.email}
                  onSave={(email) => setEmail.mutateAsync({ user: pending.user, input: { email } }).then(close)}
                />
              </DialogContent>
            )}
          </Dialog>
        </>
      )}
    </QueryState>
  );
}
