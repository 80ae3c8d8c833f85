// Users (SPEC §2): My Profile, Change Password and, for administrators, Manage Users.
import { KeyRound, ShieldCheck, User as UserIcon, Users } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/controls';
import { Skeleton } from '../../components/ui/skeleton';
import { Button } from '../../components/ui/button';
import { useMe } from '../../features/admin/auth-api';
import { ChangePasswordForm } from '../../features/users/change-password-form';
import { CreateUserForm } from '../../features/users/create-user-form';
import { roleLabel, UsersTable } from '../../features/users/users-table';
import { errorMessage } from '../../lib/http';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

function Profile() {
  const me = useMe();
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>My Profile</CardTitle>
        <CardDescription>The account you are signed in with.</CardDescription>
      </CardHeader>
      <CardContent>
        {me.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading your profile">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-32" />
          </div>
        ) : me.isError ? (
          <div>
            <p role="alert" className="font-medium">
              Failed to load your profile
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{errorMessage(me.error)}</p>
            <Button variant="outline" className="mt-4" onClick={() => void me.refetch()} disabled={me.isFetching}>
              {me.isFetching ? 'Trying again...' : 'Try again'}
            </Button>
          </div>
        ) : (
          <dl className="grid grid-cols-[6rem_minmax(0,1fr)] items-baseline gap-x-4 gap-y-3">
            <dt className="text-sm font-medium text-muted-foreground">Username</dt>
            <dd className="font-medium break-all">{me.data.username}</dd>
            <dt className="text-sm font-medium text-muted-foreground">Role</dt>
            <dd>{roleLabel(me.data.isAdmin)}</dd>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

export default function UsersPage() {
  useDocumentTitle('Users');
  const me = useMe();
  const isAdmin = me.data?.isAdmin === true;

  return (
    <AdminPage title="Users" description="Your account, your password and who can sign in to the admin.">
      <Tabs defaultValue="profile">
        <TabsList aria-label="User settings" className="h-auto">
          <TabsTrigger value="profile">
            <UserIcon aria-hidden="true" className="mr-2 size-4" />
            My Profile
          </TabsTrigger>
          <TabsTrigger value="password">
            <KeyRound aria-hidden="true" className="mr-2 size-4" />
            Change Password
          </TabsTrigger>
          {isAdmin && (
            <TabsTrigger value="users">
              <Users aria-hidden="true" className="mr-2 size-4" />
              Manage Users
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="profile">
          <Profile />
        </TabsContent>
        <TabsContent value="password">
          <Card className="max-w-xl">
            <CardHeader>
              <CardTitle>Change Password</CardTitle>
              <CardDescription>Your other signed-in sessions end when the password changes.</CardDescription>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm />
            </CardContent>
          </Card>
        </TabsContent>
        {isAdmin && (
          <TabsContent value="users">
            <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <Card>
                <CardHeader>
                  <CardTitle>Create New User</CardTitle>
                  <CardDescription>
                    <ShieldCheck aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
                    Administrators can also manage users.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <CreateUserForm />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>All Users</CardTitle>
                  <CardDescription>Everyone who can sign in to the admin.</CardDescription>
                </CardHeader>
                <CardContent>
                  <UsersTable currentUserId={me.data?.id} />
                </CardContent>
              </Card>
            </div>
          </TabsContent>
        )}
      </Tabs>
    </AdminPage>
  );
}
