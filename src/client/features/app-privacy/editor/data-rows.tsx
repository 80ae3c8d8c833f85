// "Data we collect" rows: adding one (category, then data type) and each row's answers and purposes.
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import {
  DATA_CATEGORIES,
  DATA_CATEGORY_NAMES,
  DATA_PURPOSES,
  type AppPrivacyInput,
  type DataCategory,
  type DataRowInput,
} from '../../../../shared/schemas/app-privacy';
import { Button } from '../../../components/ui/button';
import { Checkbox, Select } from '../../../components/ui/controls';
import { FieldError, Label } from '../../../components/ui/input';
import { ANSWERS, newRow, type FormValues } from './values';

export function AddRow({ onAdd, taken }: { onAdd: (row: DataRowInput) => void; taken: Set<string> }) {
  const [category, setCategory] = useState<DataCategory | ''>('');
  const [dataType, setDataType] = useState('');
  const types = category ? (DATA_CATEGORIES[category] as readonly string[]) : [];
  return (
    <div className="grid gap-3 rounded-lg border border-dashed p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div className="space-y-2">
        <Label htmlFor="add-category">Category</Label>
        <Select
          id="add-category"
          value={category}
          placeholder="Choose a category"
          options={DATA_CATEGORY_NAMES.map((c) => ({ value: c, label: c }))}
          onValueChange={(value) => {
            setCategory(value as DataCategory);
            const only = DATA_CATEGORIES[value as DataCategory] as readonly string[];
            setDataType(only.length === 1 ? only[0]! : '');
          }}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="add-type">Data type</Label>
        <Select
          id="add-type"
          value={dataType}
          placeholder={category ? 'Choose a data type' : 'Choose a category first'}
          options={types.map((t) => ({
            value: t,
            label: taken.has(`${category}|${t}`) ? `${t} (in the table)` : t,
          }))}
          onValueChange={setDataType}
        />
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={!category || !dataType || taken.has(`${category}|${dataType}`)}
        onClick={() => {
          if (!category || !dataType) return;
          onAdd(newRow(category, dataType));
          setCategory('');
          setDataType('');
        }}
      >
        <Plus aria-hidden="true" />
        Add row
      </Button>
    </div>
  );
}

export function RowEditor({
  control,
  index,
  row,
  error,
  onRemove,
}: {
  control: Control<FormValues, unknown, AppPrivacyInput>;
  index: number;
  row: DataRowInput;
  error?: string;
  onRemove: () => void;
}) {
  const id = `row-${index}`;
  return (
    <li className="space-y-4 rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="font-semibold">
            {row.dataType}
          </h3>
          <p className="text-sm text-muted-foreground">{row.category}</p>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove<span className="sr-only"> {row.dataType}</span>
        </Button>
      </div>
      <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {ANSWERS.map((answer) => (
          <Controller
            key={answer.key}
            control={control}
            name={`dataCollected.${index}.${answer.key}` as `dataCollected.${number}.linkedToUser`}
            render={({ field }) => (
              <div className="flex items-start gap-2">
                <Checkbox
                  id={`${id}-${answer.key}`}
                  checked={Boolean(field.value)}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor={`${id}-${answer.key}`} className="leading-snug font-normal">
                  {answer.label} <span className="text-xs text-muted-foreground">({answer.store})</span>
                </Label>
              </div>
            )}
          />
        ))}
      </div>
      <Controller
        control={control}
        name={`dataCollected.${index}.purposes`}
        render={({ field }) => {
          const chosen = (field.value ?? []) as string[];
          return (
            <fieldset aria-describedby={error ? `${id}-error` : undefined}>
              <legend className="text-sm font-medium">Purposes</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {DATA_PURPOSES.map((purpose) => {
                  const on = chosen.includes(purpose);
                  return (
                    <label
                      key={purpose}
                      className="flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-[var(--primary)]"
                        checked={on}
                        onChange={() => field.onChange(on ? chosen.filter((p) => p !== purpose) : [...chosen, purpose])}
                      />
                      {purpose}
                    </label>
                  );
                })}
              </div>
              <FieldError id={`${id}-error`} message={error} />
            </fieldset>
          );
        }}
      />
    </li>
  );
}
