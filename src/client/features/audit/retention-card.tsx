// Site Settings' "Audit log" card (issue 23): how many days entries are kept (administrators only;
// older entries are removed daily, and at once when the setting is shortened).
import { zodResolver } from '@hookform/resolvers/zod';
import { History } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import {
  AUDIT_RETENTION_MAX,
  AUDIT_RETENTION_MIN,
  AuditRetentionSchema,
  type AuditRetention,
} from '../../../shared/schemas/audit-log';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';
import { useAuditRetention, useSaveAuditRetention } from './api';

function RetentionForm({ saved }: { saved: AuditRetention }) {
  const save = useSaveAuditRetention();
  const form = useForm<{ retentionDays: unknown }, unknown, AuditRetention>({
    resolver: zodResolver(AuditRetentionSchema),
    defaultValues: saved,
  });
  const error = form.formState.errors.retentionDays?.message;
  const submit = form.handleSubmit((input) =>
    save.mutateAsync(input).then(
      (next) => form.reset(next),
      (failure: unknown) => void applyServerErrors(form.setError, failure, { fields: ['retentionDays'] }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        id="audit-retention"
        label="Keep entries for (days)"
        hint={`Between ${AUDIT_RETENTION_MIN} and ${AUDIT_RETENTION_MAX} days.`}
        error={error}
        className="sm:w-64"
      >
        <Input
          id="audit-retention"
          type="number"
          inputMode="numeric"
          min={AUDIT_RETENTION_MIN}
          max={AUDIT_RETENTION_MAX}
          {...form.register('retentionDays')}
          {...fieldAria('audit-retention', error, true)}
        />
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving...' : 'Save retention'}
      </Button>
    </form>
  );
}

export function AuditRetentionCard({ enabled }: { enabled: boolean }) {
  const retention = useAuditRetention(enabled);
  if (!enabled || !retention.data) return null;
  return (
    <Card aria-labelledby="audit-retention-heading" role="region">
      <CardHeader>
        <CardTitle id="audit-retention-heading" className="flex items-center gap-2">
          <History aria-hidden="true" className="size-5 text-muted-foreground" />
          Audit log
        </CardTitle>
        <CardDescription>
          Entries of the{' '}
          <Link to={paths.admin.auditLog} className="text-primary underline underline-offset-4">
            Audit Log
          </Link>{' '}
          older than this are removed every day, and at once when you shorten it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RetentionForm saved={retention.data} />
      </CardContent>
    </Card>
  );
}
