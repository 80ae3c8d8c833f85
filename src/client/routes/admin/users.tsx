// Users (SPEC §2): My Profile, Change Password and, for administrators, Manage Users.
import { KeyRound, LogOut, MonitorSmartphone, ShieldCheck, User as UserIcon, Users } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/controls';
import { Skeleton } from '../../components/ui/skeleton';
import { Button } from '../../components/ui/button';
import { useMe } from '../../features/admin/auth-api';
import { ChangePasswordForm } from '../../features/users/change-password-form';
import { PasskeysCard } from '../../features/users/passkeys-card';
import { CreateUserForm } from '../../features/users/create-user-form';
import {
  useEndOtherSessions,
  useEndSession,
  useMyAccount,
  useSessions,
  useSetMyEmail,
} from '../../features/users/admin-api';
import { EmailForm } from '../../features/users/email-form';
import { roleLabel, UsersTable } from '../../features/users/users-table';
import { TwoFactorCard } from '../../features/users/two-factor-card';
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
        <QueryState
          query={me}
          loading={
            <div className="space-y-3" role="status" aria-label="Loading your profile">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-5 w-32" />
            </div>
          }
          error="Failed to load your profile"
          errorStyle="inline"
        >
          {(data) => (
            <dl className="grid grid-cols-[6rem_minmax(0,1fr)] items-baseline gap-x-4 gap-y-3">
              <dt className="text-sm font-medium text-muted-foreground">Username</dt>
              <dd className="font-medium break-all">{data.username}</dd>
              <dt className="text-sm font-medium text-muted-foreground">Role</dt>
              <dd>{roleLabel(data.isAdmin)}</dd>
            </dl>
          )}
        </QueryState>
        <MyEmail />
      </CardContent>
    </Card>
  );
}

/** The user's own email (issue 23), where reset links and new sign-in notices go. */
function MyEmail() {
  const account = useMyAccount();
  const save = useSetMyEmail();
  if (!account.data) return null;
  return (
    <div className="mt-6 border-t pt-6">
      <EmailForm id="my-email" current={account.data.email} onSave={(email) => save.mutateAsync({ email })} />
    </div>
  );
}

/** Where you are signed in: each device with its last use; end one, or all but this one. */
function Sessions() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="mt-6 max-w-xl">
      <CardHeader>
        <CardTitle>Your sessions</CardTitle>
        <CardDescription>Where your account is signed in. Sign out a device you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={sessions} loading="Loading your sessions..." error="Failed to load your sessions">
          {(data) => (
            <>
              <ul className="divide-y" aria-label="Your sessions">
                {data.map((session) => (
                  <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="flex min-w-0 items-center gap-3">
                      <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                      <div className="min-w-0">
                        <p className="font-medium">
                          {session.device}
                          {session.current && (
                            <Badge variant="green" className="ml-2 align-middle">
                              This device
                            </Badge>
                          )}
                        </p>
                        <p className="text-sm text-muted-foreground">
                          Last active <LocalDateTime value={session.lastSeenAt} />
                        </p>
                      </div>
                    </div>
                    {!session.current && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={endOne.isPending && endOne.variables === session.id}
                        aria-label={`Sign out ${session.device}, last active ${new Date(session.lastSeenAt).toLocaleString()}`}
                        onClick={() => endOne.mutate(session.id)}
                      >
                        <LogOut aria-hidden="true" />
                        Sign out
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              {data.length > 1 && (
                <Button variant="outline" className="mt-4" onClick={() => setConfirming(true)}>
                  Sign out all other sessions
                </Button>
              )}
            </>
          )}
        </QueryState>
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => !open && !endOthers.isPending && setConfirming(false)}
          title="Sign out everywhere else?"
          description="Every other device signed in to your account is signed out. This one stays signed in."
          confirmLabel="Sign out others"
          pendingLabel="Signing out..."
          pending={endOthers.isPending}
          onConfirm={() => endOthers.mutate(undefined, { onSettled: () => setConfirming(false) })}
        />
      </CardContent>
    </Card>
  );
}

function LocalDateTime({ value }: { value: string }) {
  return (
    <time dateTime={value}>
      {new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
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
          <TwoFactorCard />
          <Sessions />
          <PasskeysCard />
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
