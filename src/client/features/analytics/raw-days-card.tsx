// The Analytics screen's setting: how many days raw events are kept (their daily totals stay).
import { zodResolver } from '@hookform/resolvers/zod';
import { History } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  ANALYTICS_RAW_DAYS_MAX,
  ANALYTICS_RAW_DAYS_MIN,
  AnalyticsSettingsSchema,
  type AnalyticsSettings,
} from '../../../shared/schemas/analytics-reports';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';
import { useAnalyticsSettings, useSaveAnalyticsSettings } from './api';

function RawDaysForm({ saved }: { saved: AnalyticsSettings }) {
  const save = useSaveAnalyticsSettings();
  const form = useForm<{ rawDays: unknown }, unknown, AnalyticsSettings>({
    resolver: zodResolver(AnalyticsSettingsSchema),
    defaultValues: saved,
  });
  const error = form.formState.errors.rawDays?.message;
  const submit = form.handleSubmit((input) =>
    save.mutateAsync(input).then(
      (next) => form.reset(next),
      (failure: unknown) => void applyServerErrors(form.setError, failure, { fields: ['rawDays'] }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        id="analytics-raw-days"
        label="Keep raw events for (days)"
        hint={`Between ${ANALYTICS_RAW_DAYS_MIN} and ${ANALYTICS_RAW_DAYS_MAX} days.`}
        error={error}
        className="sm:w-64"
      >
        <Input
          id="analytics-raw-days"
          type="number"
          inputMode="numeric"
          min={ANALYTICS_RAW_DAYS_MIN}
          max={ANALYTICS_RAW_DAYS_MAX}
          {...form.register('rawDays')}
          {...fieldAria('analytics-raw-days', error, true)}
        />
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

export function RawDaysCard() {
  const settings = useAnalyticsSettings();
  if (!settings.data) return null;
  return (
    <Card aria-labelledby="analytics-raw-days-heading" role="region">
      <CardHeader>
        <CardTitle id="analytics-raw-days-heading" className="flex items-center gap-2 text-base">
          <History aria-hidden="true" className="size-5 text-muted-foreground" />
          Retention
        </CardTitle>
        <CardDescription>
          Each counted visit is kept this long, then removed; the daily totals the charts read are kept as long as the
          site.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <RawDaysForm saved={settings.data} />
      </CardContent>
    </Card>
  );
}
