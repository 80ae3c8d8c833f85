// The sign-in page's second step (issue 23): the code from the authenticator app, or one of the
// recovery codes instead. A code that is refused clears, ready for the next one.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/http';
import { useLoginTwoFactor } from './two-factor-login-api';

export function TwoFactorStep({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useLoginTwoFactor();
  const id = recovery ? 'recovery-code' : 'two-factor-code';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const entered = value.trim();
    if (!entered) {
      setError(recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(undefined);
    verify.mutate(recovery ? { recoveryCode: entered } : { code: entered }, {
      onSuccess: onDone,
      onError: (failure) => {
        setValue('');
        // An expired step (401) starts over at the password.
        if (failure instanceof ApiError && failure.status === 401) onRestart();
        else setError(failure instanceof ApiError ? failure.serverMessage : 'Sign-in failed');
      },
    });
  };

  const switchTo = (next: boolean) => {
    setRecovery(next);
    setValue('');
    setError(undefined);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Two-factor sign-in">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this site.'}
      </p>
      <FormField id={id} label={recovery ? 'Recovery code' : 'Authentication code'} error={error}>
        <Input
          key={id}
          id={id}
          autoFocus
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(undefined);
          }}
          {...(recovery
            ? { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, placeholder: 'abcd-efgh-ijkl' }
            : { inputMode: 'numeric' as const, autoComplete: 'one-time-code', pattern: '[0-9 ]*', maxLength: 7 })}
          {...fieldAria(id, error)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-col items-center gap-1">
        <Button type="button" variant="link" onClick={() => switchTo(!recovery)}>
          {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <Button type="button" variant="link" className="text-muted-foreground" onClick={onRestart}>
          Start over
        </Button>
      </div>
    </form>
  );
}
