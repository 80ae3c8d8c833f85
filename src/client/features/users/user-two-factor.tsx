// The Users table's two-factor column (issue 23): each user's authenticator app and passkeys, and
// for an administrator, removing another user's authenticator app (a lost phone), after confirming.
import { useState } from 'react';
import type { User } from '../../../shared/schemas/users';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useRemoveUserTwoFactor, useUsersTwoFactor } from './two-factor-api';

export function UserTwoFactorCell({ user, isSelf }: { user: User; isSelf: boolean }) {
  const statuses = useUsersTwoFactor(true);
  const remove = useRemoveUserTwoFactor();
  const [confirming, setConfirming] = useState(false);
  const status = statuses.data?.find((s) => s.userId === user.id);
  if (!status) return <span className="text-sm text-muted-foreground">—</span>;
  const parts = [
    status.totp && 'App',
    status.passkeys > 0 && `${status.passkeys} passkey${status.passkeys === 1 ? '' : 's'}`,
  ];
  const label = parts.filter(Boolean).join(' + ');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant={label ? 'green' : 'outline'}>{label || 'Off'}</Badge>
      {status.totp && !isSelf && (
        <Button
          variant="ghost"
          size="sm"
          tone="destructive"
          aria-label={`Remove two-factor of ${user.username}`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && !remove.isPending && setConfirming(false)}
        title="Remove two-factor?"
        description={`${user.username}'s authenticator app and recovery codes stop working; their password alone signs them in until they set it up again. This is recorded in the audit log.`}
        confirmLabel="Remove two-factor"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate(user, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}
