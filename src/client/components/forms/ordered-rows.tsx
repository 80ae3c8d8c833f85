// The admin's one list editor for a form's array field (issue 22): rows in order, each with Move up /
// Move down and a Remove that asks first, and an Add below (FAQ questions, press kit lists, privacy
// data rows). The caller draws a row's inputs; the list keeps the order, the focus and the limit.
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import {
  useFieldArray,
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldArrayWithId,
  type FieldValues,
} from 'react-hook-form';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { FieldError } from '../ui/input';

const capital = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

export interface OrderedRowsProps<V extends FieldValues, N extends ArrayPath<V>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's transformed output type
  control: Control<V, any, any>;
  name: N;
  legend: ReactNode;
  hint?: ReactNode;
  /** What one row is, in lower case: "question" makes "Question 2", "Move question 2 up", "Add question". */
  noun: string;
  /** Ids of the row buttons: `${idPrefix}-${index}-up` / `-down` (the focus follows a moved row). */
  idPrefix: string;
  /** A new row's values. */
  blank: () => FieldArray<V, N>;
  /** At most this many rows (Add is disabled at the limit). */
  max?: number;
  /** What shows while there is no row. */
  empty?: ReactNode;
  /** The id of the element that takes the focus in a row just added (its first input). */
  focusAfterAdd?: (index: number) => string;
  /** What the removal confirmation says about the row (it leaves the list when the form is saved). */
  removeDescription?: (index: number) => ReactNode;
  /** False: no Move up / Move down (a list whose order means nothing). */
  movable?: boolean;
  /** The list's own error (e.g. too many rows). */
  error?: string;
  /** data-testid of each row. */
  rowTestId?: string;
  /** The list's accessible name (e.g. "Questions"). */
  listLabel?: string;
  /** A row's inputs. */
  children: (index: number, row: FieldArrayWithId<V, N>) => ReactNode;
}

export function OrderedRows<V extends FieldValues, N extends ArrayPath<V>>({
  control,
  name,
  legend,
  hint,
  noun,
  idPrefix,
  blank,
  max = Infinity,
  empty,
  focusAfterAdd,
  removeDescription,
  movable = true,
  error,
  rowTestId,
  listLabel,
  children,
}: OrderedRowsProps<V, N>) {
  const rows = useFieldArray({ control, name });
  const [removing, setRemoving] = useState<number | null>(null);
  const hintId = hint ? `${idPrefix}-hint` : undefined;

  const add = () => {
    const index = rows.fields.length;
    rows.append(blank(), { shouldFocus: false });
    if (focusAfterAdd) requestAnimationFrame(() => document.getElementById(focusAfterAdd(index))?.focus());
  };
  const move = (from: number, to: number) => {
    rows.move(from, to);
    // The focus stays with the row's button as it moves (at the ends, the other arrow).
    const last = rows.fields.length - 1;
    const direction = to === 0 ? 'down' : to === last ? 'up' : to < from ? 'up' : 'down';
    requestAnimationFrame(() => document.getElementById(`${idPrefix}-${to}-${direction}`)?.focus());
  };

  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {rows.fields.length === 0 && empty && (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{empty}</p>
      )}
      <ol className="space-y-3" aria-label={listLabel}>
        {rows.fields.map((row, i) => {
          const label = `${noun} ${i + 1}`;
          return (
            <li key={row.id} className="min-w-0 space-y-3 rounded-lg border bg-muted/20 p-4" data-testid={rowTestId}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-semibold">{capital(label)}</span>
                <div className="flex gap-1">
                  {movable && (
                    <>
                      <Button
                        id={`${idPrefix}-${i}-up`}
                        type="button"
                        variant="ghost"
                        size="iconSm"
                        aria-label={`Move ${label} up`}
                        disabled={i === 0}
                        onClick={() => move(i, i - 1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        id={`${idPrefix}-${i}-down`}
                        type="button"
                        variant="ghost"
                        size="iconSm"
                        aria-label={`Move ${label} down`}
                        disabled={i === rows.fields.length - 1}
                        onClick={() => move(i, i + 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                    </>
                  )}
                  <Button
                    type="button"
                    variant="ghost"
                    size="iconSm"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Remove ${label}`}
                    onClick={() => setRemoving(i)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
              {children(i, row)}
            </li>
          );
        })}
      </ol>
      <FieldError id={`${idPrefix}-error`} message={error} />
      <Button type="button" variant="outline" onClick={add} disabled={rows.fields.length >= max}>
        <Plus aria-hidden="true" />
        Add {noun}
      </Button>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove this ${noun}?`}
        description={
          removing === null
            ? ''
            : (removeDescription?.(removing) ?? `${capital(noun)} ${removing + 1} leaves the list when you save.`)
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() => {
          if (removing !== null) rows.remove(removing);
          setRemoving(null);
        }}
      />
    </fieldset>
  );
}
