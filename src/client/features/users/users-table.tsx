// The users of the admin (administrators only): username, role, delete (not yourself) with confirmation.
import { LoaderCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { User } from '../../../shared/schemas/users';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/http';
import { useReturnFocus } from '../../lib/use-return-focus';
import { useDeleteUser, useUsers } from './admin-api';

export const roleLabel = (isAdmin: boolean) => (isAdmin ? 'Administrator' : 'User');

export function UsersTable({ currentUserId }: { currentUserId: number | undefined }) {
  const users = useUsers(true);
  const deleteUser = useDeleteUser();
  const [deleting, setDeleting] = useState<User | null>(null);
  useReturnFocus(deleting !== null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser.mutateAsync(deleting.id);
      toast({ title: 'User deleted', description: `The user "${deleting.username}" has been deleted.` });
    } catch (error) {
      toast({ title: 'Failed to delete user', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  };

  if (users.isPending) {
    return (
      <div className="flex items-center justify-center gap-3 py-8 text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        <p role="status">Loading users...</p>
      </div>
    );
  }
  if (users.isError) {
    return (
      <div className="py-8 text-center">
        <p role="alert" className="font-medium">
          Failed to load users
        </p>
        <p className="mt-1 text-sm text-muted-foreground">{errorMessage(users.error)}</p>
        <Button variant="outline" className="mt-4" onClick={() => void users.refetch()} disabled={users.isFetching}>
          {users.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  }
  if (users.data.length === 0) return <p className="py-8 text-center text-muted-foreground">No users found</p>;

  return (
    <>
      <Table aria-label="Users">
        <TableHeader>
          <TableRow>
            <TableHead>Username</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.data.map((user) => (
            <TableRow key={user.id}>
              <TableCell className="font-medium break-all">{user.username}</TableCell>
              <TableCell>
                <Badge variant={user.isAdmin ? 'default' : 'secondary'}>{roleLabel(user.isAdmin)}</Badge>
              </TableCell>
              <TableCell className="text-right">
                {user.id === currentUserId ? (
                  <span className="text-sm text-muted-foreground">You</span>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Delete user ${user.username}`}
                    onClick={() => setDeleting(user)}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !deleteUser.isPending && setDeleting(null)}
        description={
          deleting ? `This will permanently delete the user "${deleting.username}". This action cannot be undone.` : ''
        }
        pending={deleteUser.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
