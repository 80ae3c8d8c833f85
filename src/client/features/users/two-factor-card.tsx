// My Profile's two-factor card (issue 23): the status; setting up an authenticator app (QR code, the
// secret to type in, a code to confirm); the recovery codes shown once (Download, Copy, "I have
// saved them"); new recovery codes and turning it off, each proven with a current code or the password.
import { Download, ShieldCheck, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { TotpEnrolment, TwoFactorProof } from '../../../shared/schemas/two-factor';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/http';
import {
  useConfirmTotp,
  useNewRecoveryCodes,
  useStartTotp,
  useTurnOffTotp,
  useTwoFactorStatus,
} from './two-factor-api';

export const TWO_FACTOR_CARD_ID = 'two-factor';

const failure = (error: unknown) => (error instanceof ApiError ? error.serverMessage : 'Something went wrong');
const localDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The codes, shown once: download as a .txt, copy, and an explicit "I have saved them". */
function RecoveryCodesView({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const text = `Recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4" role="region" aria-label="Your recovery codes">
      <p className="text-sm">
        Keep these codes somewhere safe. If you lose your phone, each one signs you in once instead of a code. They are
        shown only now.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-4 font-mono text-sm"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <CopyButton variant="outline" text={codes.join('\n')} label="Copy" about="the recovery codes" />
        <Button onClick={onClose}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Enrolment: scan (or type the secret), then a code from the app turns it on. */
function SetUp({ enrolment, onCodes }: { enrolment: TotpEnrolment; onCodes: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setError('Enter the 6-digit code from your authenticator app');
    setError(undefined);
    confirm.mutate(code, {
      onSuccess: (reply) => onCodes(reply.recoveryCodes),
      onError: (e) => {
        setCode('');
        setError(failure(e));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Set up two-factor">
      <p className="text-sm">
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or enter the secret by
        hand.
      </p>
      {enrolment.qr && (
        <img src={enrolment.qr} alt="QR code for your authenticator app" className="size-48 rounded-md bg-white p-2" />
      )}
      <FormField id="totp-secret" label="Secret (for manual entry)">
        <div className="flex gap-2">
          <Input id="totp-secret" readOnly value={enrolment.secret} className="font-mono" />
          <CopyButton variant="outline" text={enrolment.secret} label="Copy" about="the secret" fieldId="totp-secret" />
        </div>
      </FormField>
      <FormField id="totp-confirm-code" label="Code from the app" error={error}>
        <Input
          id="totp-confirm-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(undefined);
          }}
          {...fieldAria('totp-confirm-code', error)}
        />
      </FormField>
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Turning on...' : 'Turn on two-factor'}
      </Button>
    </form>
  );
}

/** A current code or the password, for new recovery codes or turning it off. */
function ProveIt({
  action,
  pending,
  onProof,
  onCancel,
  error,
}: {
  action: string;
  pending: boolean;
  onProof: (proof: TwoFactorProof) => void;
  onCancel: () => void;
  error?: string;
}) {
  const [value, setValue] = useState('');
  const [shownError, setShownError] = useState<string>();
  const message = shownError ?? error;
  return (
    <form
      noValidate
      className="space-y-3"
      aria-label={action}
      onSubmit={(event) => {
        event.preventDefault();
        const entered = value.trim();
        if (!entered) return setShownError('Enter a current code or your password');
        setShownError(undefined);
        onProof(/^\d{3}\s?\d{3}$/.test(entered) ? { code: entered } : { password: value });
        setValue('');
      }}
    >
      <FormField id="two-factor-proof" label="A current code or your password" error={message}>
        <Input
          id="two-factor-proof"
          type="password"
          autoComplete="current-password"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setShownError(undefined);
          }}
          {...fieldAria('two-factor-proof', message)}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {action}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTotp();
  const renew = useNewRecoveryCodes();
  const turnOff = useTurnOffTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'renew' | 'off' | null>(null);
  const [offProof, setOffProof] = useState<TwoFactorProof | null>(null);
  const [proofError, setProofError] = useState<string>();
  const data = status.data;

  const ask = (what: 'renew' | 'off' | null) => {
    setAsking(what);
    setProofError(undefined);
  };

  let body: React.ReactNode;
  if (codes) {
    body = <RecoveryCodesView codes={codes} onClose={() => setCodes(null)} />;
  } else if (!data) {
    body = (
      <p className="text-sm text-muted-foreground">{status.isError ? 'Failed to load two-factor' : 'Loading...'}</p>
    );
  } else if (!data.totp && enrolment) {
    body = (
      <SetUp
        enrolment={enrolment}
        onCodes={(next) => {
          setEnrolment(null);
          setCodes(next);
        }}
      />
    );
  } else if (!data.totp) {
    body = (
      <Button disabled={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}>
        <ShieldCheck aria-hidden="true" />
        Set up two-factor
      </Button>
    );
  } else if (asking) {
    body = (
      <ProveIt
        action={asking === 'renew' ? 'Get new recovery codes' : 'Turn off two-factor'}
        pending={renew.isPending || turnOff.isPending}
        error={proofError}
        onCancel={() => ask(null)}
        onProof={(proof) => {
          if (asking === 'off') return setOffProof(proof);
          renew.mutate(proof, {
            onSuccess: (reply) => {
              ask(null);
              setCodes(reply.recoveryCodes);
            },
            onError: (e) => setProofError(failure(e)),
          });
        }}
      />
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm">
          Signing in asks for a code from your authenticator app
          {data.totpEnabledAt && <> (on since {localDate(data.totpEnabledAt)})</>}. Recovery codes left:{' '}
          <strong>{data.recoveryCodesLeft}</strong>.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => ask('renew')}>
            New recovery codes
          </Button>
          <Button variant="outline" tone="destructive" onClick={() => ask('off')}>
            Turn off
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card className="mt-6 max-w-xl" id={TWO_FACTOR_CARD_ID} role="region" aria-labelledby="two-factor-heading">
      <CardHeader>
        <CardTitle id="two-factor-heading" className="flex items-center gap-2">
          Two-factor authentication
          {data && <Badge variant={data.totp ? 'green' : 'outline'}>{data.totp ? 'On' : 'Off'}</Badge>}
        </CardTitle>
        <CardDescription>A code from an app on your phone, asked after your password.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {data?.required && !data.enabled && (
          <p role="alert" className="flex gap-2 rounded-md border border-destructive/50 p-3 text-sm">
            <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-destructive" />
            <span>
              This site requires two-factor for your account.
              {data.graceEndsAt && (
                <> Set it up before {localDate(data.graceEndsAt)}, or you will not be able to sign in.</>
              )}
            </span>
          </p>
        )}
        {body}
      </CardContent>
      <ConfirmDialog
        open={offProof !== null}
        onOpenChange={(open) => !open && !turnOff.isPending && setOffProof(null)}
        title="Turn off two-factor?"
        description="Your password alone will sign you in, and your recovery codes stop working."
        confirmLabel="Turn off"
        pendingLabel="Turning off..."
        pending={turnOff.isPending}
        onConfirm={() =>
          turnOff.mutate(offProof!, {
            onSuccess: () => ask(null),
            onError: (e) => setProofError(failure(e)),
            onSettled: () => setOffProof(null),
          })
        }
      />
    </Card>
  );
}
