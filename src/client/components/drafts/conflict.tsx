// The conflict view of the writing work (issue 12, issue 22): when a save is refused because someone
// saved the item since the edit started (409 with the saved item as `current`), both versions of
// each field that differs are shown and the user chooses: "Keep my version" (the next save goes on
// top of theirs) or "Use the saved version" (the form takes theirs). Nothing typed is lost.
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { htmlToText } from '../../../shared/text';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { ApiError } from '../../lib/http';

/** The saved item a 409 carries (null when it was deleted), or undefined when the error is not a conflict. */
export function conflictOf(error: unknown): Record<string, unknown> | null | undefined {
  if (error instanceof ApiError && error.status === 409 && error.body && 'current' in error.body) {
    return (error.body.current as Record<string, unknown> | null) ?? null;
  }
  return undefined;
}

/**
 * A field's value as a person reads it: rich text as plain text, yes or no, a list one item a line
 * (an item with several parts, such as a row of a list editor, as its filled parts joined by " · ").
 */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(readableItem).join('\n') : '—';
  if (typeof value === 'object') return readableItem(value);
  const text = String(value);
  return /<[a-z][\s\S]*>/i.test(text) ? htmlToText(text) : text;
}

function readableItem(item: unknown): string {
  if (item === null || typeof item !== 'object') return readable(item);
  const parts = Object.values(item as Record<string, unknown>)
    .filter((part) => part !== '' && part !== null && part !== undefined && typeof part !== 'boolean')
    .map((part) => (Array.isArray(part) ? part.join(', ') : readable(part)));
  return parts.join(' · ') || '—';
}

/** Both versions of the fields that differ, side by side (stacked on a phone). */
export function ConflictDialog({
  open,
  mine,
  theirs,
  labels,
  onKeepMine,
  onUseTheirs,
}: {
  open: boolean;
  mine: Record<string, unknown>;
  theirs: Record<string, unknown> | null;
  labels: Record<string, string>;
  onKeepMine: () => void;
  onUseTheirs: () => void;
}) {
  const fields = Object.keys(labels).filter((key) => readable(mine[key]) !== readable(theirs?.[key]));
  return (
    <Dialog open={open}>
      <DialogContent
        title="Changed elsewhere"
        description="Someone saved this since you started editing. Compare both versions and choose which to keep."
        className="max-w-4xl"
        hideClose
      >
        <div className="max-h-[60vh] space-y-4 overflow-y-auto">
          {fields.length === 0 && <p className="text-sm">The texts are the same; only the version moved on.</p>}
          {fields.map((key) => (
            <section key={key} aria-label={labels[key]} className="space-y-2">
              <h3 className="text-sm font-semibold">{labels[key]}</h3>
              <div className="grid gap-3 md:grid-cols-2">
                <div className="rounded-md border p-3">
                  <p className="mb-1 text-xs font-medium text-muted-foreground">Your version</p>
                  <p className="text-sm break-words whitespace-pre-wrap" data-testid={`mine-${key}`}>
                    {readable(mine[key])}
                  </p>
                </div>
                <div className="rounded-md border p-3">
                  <p className="mb-1 text-xs font-medium text-muted-foreground">Saved version</p>
                  <p className="text-sm break-words whitespace-pre-wrap" data-testid={`theirs-${key}`}>
                    {readable(theirs?.[key])}
                  </p>
                </div>
              </div>
            </section>
          ))}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onUseTheirs}>
            Use the saved version
          </Button>
          <Button onClick={onKeepMine}>Keep my version</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The conflict view for an editor saved by hand (no autosave): hand a failed save to `onSaveError`;
 * send `version` with the next save. "Keep my version" keeps the form as typed and bases the next
 * save on the saved item; "Use the saved version" resets the form to it.
 */
export function useSaveConflict<V extends FieldValues>({
  form,
  version: savedVersion,
  toValues,
  labels,
  versionField = 'version',
}: {
  form: UseFormReturn<V, unknown, unknown>;
  /** The saved item's field holding its version (an app release's is `revision`). */
  versionField?: string;
  /** The version of the item the form was filled from. */
  version: number | undefined;
  toValues: (item: never) => V;
  labels: Record<string, string>;
}) {
  const values = useWatch({ control: form.control }) as Record<string, unknown>;
  const [base, setBase] = useState(savedVersion);
  const [seen, setSeen] = useState(savedVersion);
  if (seen !== savedVersion) {
    setSeen(savedVersion);
    setBase(savedVersion);
  }
  const [conflict, setConflict] = useState<Record<string, unknown> | null | undefined>(undefined);
  const versionOf = (item: Record<string, unknown> | null | undefined) =>
    typeof item?.[versionField] === 'number' ? (item[versionField] as number) : undefined;

  return {
    /** The version to send with the next save. */
    version: base,
    /** True when the error was a conflict (the view is open); false for any other error. */
    onSaveError(error: unknown): boolean {
      const current = conflictOf(error);
      if (current === undefined) return false;
      setConflict(current);
      return true;
    },
    dialog: (
      <ConflictDialog
        open={conflict !== undefined}
        mine={values}
        theirs={conflict ? (toValues(conflict as never) as Record<string, unknown>) : null}
        labels={labels}
        onKeepMine={() => {
          setBase(versionOf(conflict));
          setConflict(undefined);
        }}
        onUseTheirs={() => {
          if (conflict) form.reset(toValues(conflict as never));
          setBase(versionOf(conflict));
          setConflict(undefined);
        }}
      />
    ),
  };
}
