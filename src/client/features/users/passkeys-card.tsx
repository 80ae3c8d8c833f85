// My Profile's passkeys (issue 23): each with its name, when it was added and last used; add one
// (named, by default after this browser and system), rename one, remove one after asking.
import { zodResolver } from '@hookform/resolvers/zod';
import { Fingerprint, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { RenamePasskeyInputSchema, type Passkey, type RenamePasskeyInput } from '../../../shared/schemas/passkeys';
import { describeUserAgent } from '../../../shared/user-agent';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog, Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';
import { useReturnFocus } from '../../lib/use-return-focus';
import { browserSupportsWebAuthn } from '../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './passkeys-api';

const when = (value: string) => new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The name form of both dialogs: a new passkey's and a renamed one's. */
function NameForm({
  initial,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  initial: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const form = useForm<RenamePasskeyInput>({
    resolver: zodResolver(RenamePasskeyInputSchema),
    defaultValues: { name: initial },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    // A refusal by the browser is the toast's; a refused name is the field's.
    await onSubmit(name).catch((error: unknown) => applyServerErrors(form.setError, error, { fields: ['name'] }));
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="passkey-name" label="Name" error={errors.name?.message}>
        <Input
          id="passkey-name"
          autoFocus
          autoComplete="off"
          {...form.register('name')}
          {...fieldAria('passkey-name', errors.name?.message)}
        />
      </FormField>
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

type Pending = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'remove'; passkey: Passkey };

export function PasskeysCard() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);
  useReturnFocus(pending?.kind === 'add' || pending?.kind === 'rename');
  const supported = browserSupportsWebAuthn();

  return (
    <Card className="mt-6 max-w-xl">
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of a password. A passkey stays on your device and
          cannot be phished.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!supported && (
          <p role="note" className="rounded-md border bg-muted/40 p-3 text-sm">
            This browser cannot use passkeys here. Use an up-to-date browser at the site&apos;s own https address to add
            one.
          </p>
        )}
        <QueryState
          query={passkeys}
          loading="Loading your passkeys..."
          error="Failed to load your passkeys"
          isEmpty={(data) => data.length === 0}
          empty={<p className="text-sm text-muted-foreground">You have no passkeys yet.</p>}
        >
          {(data) => (
            <ul className="divide-y" aria-label="Your passkeys">
              {data.map((passkey) => (
                <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <Fingerprint aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                    <div className="min-w-0">
                      <p className="font-medium break-all">{passkey.name}</p>
                      <p className="text-sm text-muted-foreground">
                        Added <time dateTime={passkey.createdAt}>{when(passkey.createdAt)}</time>
                        {' · '}
                        {passkey.lastUsedAt ? (
                          <>
                            Last used <time dateTime={passkey.lastUsedAt}>{when(passkey.lastUsedAt)}</time>
                          </>
                        ) : (
                          'Never used'
                        )}
                      </p>
                    </div>
                  </div>
                  <div className="flex gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Rename passkey ${passkey.name}`}
                      onClick={() => setPending({ kind: 'rename', passkey })}
                    >
                      <Pencil aria-hidden="true" />
                      Rename
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      tone="destructive"
                      aria-label={`Remove passkey ${passkey.name}`}
                      onClick={() => setPending({ kind: 'remove', passkey })}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Button variant="outline" disabled={!supported} onClick={() => setPending({ kind: 'add' })}>
          <Plus aria-hidden="true" />
          Add a passkey
        </Button>

        <Dialog open={pending?.kind === 'add'} onOpenChange={(open) => !open && !add.isPending && close()}>
          {pending?.kind === 'add' && (
            <DialogContent
              title="Add a passkey"
              description="Name it after the device or password manager that keeps it. Your browser asks you to confirm next."
            >
              <NameForm
                initial={describeUserAgent(navigator.userAgent)}
                submitLabel="Continue"
                pendingLabel="Waiting for your device..."
                onSubmit={(name) => add.mutateAsync(name).then(close)}
              />
            </DialogContent>
          )}
        </Dialog>
        <Dialog open={pending?.kind === 'rename'} onOpenChange={(open) => !open && !rename.isPending && close()}>
          {pending?.kind === 'rename' && (
            <DialogContent title="Rename passkey">
              <NameForm
                initial={pending.passkey.name}
                submitLabel="Save"
                pendingLabel="Saving..."
                onSubmit={(name) => rename.mutateAsync({ passkey: pending.passkey, name }).then(close)}
              />
            </DialogContent>
          )}
        </Dialog>
        <ConfirmDialog
          open={pending?.kind === 'remove'}
          onOpenChange={(open) => !open && !remove.isPending && close()}
          title="Remove this passkey?"
          description={
            pending?.kind === 'remove'
              ? `"${pending.passkey.name}" will no longer sign in to your account. Remove it from the device too, in its passkey or password settings.`
              : ''
          }
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={() => pending?.kind === 'remove' && remove.mutate(pending.passkey, { onSettled: close })}
        />
      </CardContent>
    </Card>
  );
}
