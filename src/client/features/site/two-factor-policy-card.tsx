// Site Settings' two-factor policy (issue 23): who must use two-factor (off, administrators,
// everyone) and the grace period in days during which someone without it is sent to set it up.
// Administrators change it; everyone else sees it.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../shared/paths';
import { GRACE_DAYS_MAX, type TwoFactorPolicy, type TwoFactorPolicyName } from '../../../shared/schemas/two-factor';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { errorMessage, http } from '../../lib/http';

const policyKey = [api.twoFactorPolicy] as const;
const OPTIONS: { value: TwoFactorPolicyName; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'admins', label: 'Administrators' },
  { value: 'everyone', label: 'Everyone' },
];

function PolicyForm({ policy, canEdit }: { policy: TwoFactorPolicy; canEdit: boolean }) {
  const save = useMutation({
    mutationFn: (input: { twoFactorPolicy: TwoFactorPolicyName; twoFactorGraceDays: number }) =>
      http.put<TwoFactorPolicy>(api.twoFactorPolicy, input),
    meta: {
      invalidates: [policyKey, [api.twoFactorStatus]],
      success: { title: 'Two-factor policy saved', description: 'It applies from the next sign-in.' },
      error: (error) => ({ title: 'Failed to save the policy', description: errorMessage(error) }),
    },
  });
  const [name, setName] = useState<TwoFactorPolicyName>(policy.twoFactorPolicy);
  const [days, setDays] = useState(String(policy.twoFactorGraceDays));
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Two-factor policy"
      onSubmit={(event) => {
        event.preventDefault();
        const graceDays = Number(days);
        if (!/^\d+$/.test(days.trim()) || graceDays > GRACE_DAYS_MAX)
          return setError(`Enter a whole number of days from 0 to ${GRACE_DAYS_MAX}`);
        setError(undefined);
        save.mutate({ twoFactorPolicy: name, twoFactorGraceDays: graceDays });
      }}
    >
      <FormField id="two-factor-policy" label="Require two-factor">
        {canEdit ? (
          <Select
            id="two-factor-policy"
            value={name}
            onValueChange={(value) => setName(value as TwoFactorPolicyName)}
            options={OPTIONS}
          />
        ) : (
          <p id="two-factor-policy">{OPTIONS.find((o) => o.value === policy.twoFactorPolicy)?.label}</p>
        )}
      </FormField>
      <FormField
        id="two-factor-grace"
        label="Grace period (days)"
        hint="Someone without two-factor is sent to set it up after signing in; after this many days a password alone no longer signs them in."
        error={error}
      >
        <Input
          id="two-factor-grace"
          inputMode="numeric"
          disabled={!canEdit}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          {...fieldAria('two-factor-grace', error, true)}
        />
      </FormField>
      {canEdit && (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save policy'}
        </Button>
      )}
    </form>
  );
}

export function TwoFactorPolicyCard({ canEdit }: { canEdit: boolean }) {
  const policy = useQuery<TwoFactorPolicy>({ queryKey: policyKey });
  return (
    <Card role="region" aria-labelledby="two-factor-policy-heading">
      <CardHeader>
        <CardTitle id="two-factor-policy-heading">Two-factor sign-in</CardTitle>
        <CardDescription>
          Require an authenticator app or a passkey of administrators, or of everyone who signs in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policy.data ? (
          <PolicyForm key={JSON.stringify(policy.data)} policy={policy.data} canEdit={canEdit} />
        ) : (
          <p className="text-sm text-muted-foreground">{policy.isError ? 'Failed to load the policy' : 'Loading...'}</p>
        )}
      </CardContent>
    </Card>
  );
}
