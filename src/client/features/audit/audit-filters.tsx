// The audit log's filters (issue 23): who, what, on what, and which days. The screen keeps the applied
// filters in its address; this form edits a copy and applies it, checked with the API's own schema.
import { Filter, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AuditFilterSchema, type AuditFilterInput } from '../../../shared/schemas/audit-log';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { actionInWords } from './action-words';
import { useAuditFilterOptions } from './api';

const ANY = '*any*';
type Field = keyof AuditFilterInput;

/** 'post.' for every action of posts, beside each recorded action. */
function actionOptions(actions: string[]) {
  const groups = [...new Set(actions.filter((a) => a.includes('.')).map((a) => a.slice(0, a.lastIndexOf('.') + 1)))];
  return [
    { value: ANY, label: 'Any action' },
    ...groups.map((g) => ({ value: g, label: `${actionInWords(g.slice(0, -1))}: any` })),
    ...actions.map((a) => ({ value: a, label: actionInWords(a) })),
  ];
}

export function AuditFilters({
  filter,
  onApply,
}: {
  filter: AuditFilterInput;
  onApply: (filter: AuditFilterInput) => void;
}) {
  const options = useAuditFilterOptions();
  const [draft, setDraft] = useState<AuditFilterInput>(filter);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field, value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const filtered = Object.values(filter).some(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = AuditFilterSchema.safeParse(draft);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    onApply(checked.data);
  };

  const actors = [
    { value: ANY, label: 'Anyone' },
    ...(options.data?.actors ?? []).map((a) => ({
      value: a.id === null ? a.name : String(a.id),
      label: a.id === null ? `${a.name} (deleted)` : a.name,
    })),
  ];
  // A value typed into the address (or no longer in the log) still shows as chosen.
  const withCurrent = (list: { value: string; label: string }[], value?: string) =>
    value && !list.some((o) => o.value === value) ? [...list, { value, label: value }] : list;

  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-start"
    >
      <FormField id="audit-actor" label="Who" error={errors.actor}>
        <Select
          id="audit-actor"
          value={draft.actor || ANY}
          onValueChange={(v) => set('actor', v === ANY ? '' : v)}
          options={withCurrent(actors, draft.actor)}
          invalid={Boolean(errors.actor)}
        />
      </FormField>
      <FormField id="audit-action" label="Action" error={errors.action}>
        <Select
          id="audit-action"
          value={draft.action || ANY}
          onValueChange={(v) => set('action', v === ANY ? '' : v)}
          options={withCurrent(actionOptions(options.data?.actions ?? []), draft.action)}
          invalid={Boolean(errors.action)}
        />
      </FormField>
      <FormField id="audit-target" label="Target" error={errors.target}>
        <Input
          id="audit-target"
          value={draft.target ?? ''}
          onChange={(e) => set('target', e.target.value)}
          placeholder="app or app:12"
          {...fieldAria('audit-target', errors.target)}
        />
      </FormField>
      <FormField id="audit-from" label="From" error={errors.from}>
        <Input
          id="audit-from"
          type="date"
          value={draft.from ?? ''}
          onChange={(e) => set('from', e.target.value)}
          {...fieldAria('audit-from', errors.from)}
        />
      </FormField>
      <FormField id="audit-to" label="To" error={errors.to}>
        <Input
          id="audit-to"
          type="date"
          value={draft.to ?? ''}
          onChange={(e) => set('to', e.target.value)}
          {...fieldAria('audit-to', errors.to)}
        />
      </FormField>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1 lg:pt-7">
        <Button type="submit">
          <Filter aria-hidden="true" />
          Filter
        </Button>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft({});
              setErrors({});
              onApply({});
            }}
          >
            <X aria-hidden="true" />
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
