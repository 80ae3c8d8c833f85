// The Analytics screen's range and filters: the last 7, 30 or 90 days or a custom range, one app, one
// language. The screen keeps them in its address; this only asks for changes.
import { CalendarRange } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ANALYTICS_MAX_DAYS, daysBetween } from '../../../shared/schemas/analytics-reports';
import { Button } from '../../components/ui/button';
import { Select, type SelectOption } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/utils';
import { RANGE_PRESETS, type AnalyticsView } from './api';

const ALL = '*all*';

export type ViewChange = Record<'days' | 'from' | 'to' | 'app' | 'locale', string | null>;

export function AnalyticsFilters({
  view,
  apps,
  locales,
  onChange,
}: {
  view: AnalyticsView;
  apps: SelectOption[];
  locales: SelectOption[];
  onChange: (changes: Partial<ViewChange>) => void;
}) {
  const [custom, setCustom] = useState(view.days === null);
  const [from, setFrom] = useState(view.from);
  const [to, setTo] = useState(view.to);
  const [error, setError] = useState<string>();

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError('Choose both days');
    if (from > to) return setError('To must not be before From');
    if (daysBetween(from, to) > ANALYTICS_MAX_DAYS)
      return setError(`The range must be at most ${ANALYTICS_MAX_DAYS} days`);
    setError(undefined);
    onChange({ days: null, from, to });
  };

  return (
    <div className="mb-6 space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Range" className="flex flex-wrap gap-1 rounded-lg border bg-card p-1">
          {RANGE_PRESETS.map((days) => (
            <Button
              key={days}
              size="sm"
              variant={view.days === days && !custom ? 'default' : 'ghost'}
              aria-pressed={view.days === days && !custom}
              onClick={() => {
                setCustom(false);
                onChange({ days: days === 30 ? null : String(days), from: null, to: null });
              }}
            >
              {days} days
            </Button>
          ))}
          <Button
            size="sm"
            variant={custom ? 'default' : 'ghost'}
            aria-pressed={custom}
            aria-expanded={custom}
            aria-controls="analytics-custom-range"
            onClick={() => setCustom(true)}
          >
            <CalendarRange aria-hidden="true" />
            Custom
          </Button>
        </div>
        <div className="w-full sm:w-56">
          <label htmlFor="analytics-app" className="sr-only">
            App
          </label>
          <Select
            id="analytics-app"
            value={view.app ?? ALL}
            onValueChange={(v) => onChange({ app: v === ALL ? null : v })}
            options={[{ value: ALL, label: 'All apps' }, ...apps]}
          />
        </div>
        <div className="w-full sm:w-48">
          <label htmlFor="analytics-locale" className="sr-only">
            Language
          </label>
          <Select
            id="analytics-locale"
            value={view.locale ?? ALL}
            onValueChange={(v) => onChange({ locale: v === ALL ? null : v })}
            options={[{ value: ALL, label: 'All languages' }, ...locales]}
          />
        </div>
      </div>
      {custom && (
        <form
          id="analytics-custom-range"
          onSubmit={applyCustom}
          noValidate
          className={cn('flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-start')}
        >
          <FormField id="analytics-from" label="From" error={error} className="sm:w-44">
            <Input
              id="analytics-from"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              {...fieldAria('analytics-from', error)}
            />
          </FormField>
          <FormField id="analytics-to" label="To" className="sm:w-44">
            <Input
              id="analytics-to"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </FormField>
          <Button type="submit" className="sm:mt-7">
            Show range
          </Button>
        </form>
      )}
    </div>
  );
}
