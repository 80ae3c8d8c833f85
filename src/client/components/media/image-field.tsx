// One image from the media library as a form field: its preview, "Choose image" (upload or pick in
// the library dialog) and Remove. Site Settings' logo and share image and an app's share image use it.
import { ImageIcon, Library, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormField, fieldAria } from '../ui/form-field';
import { ImageDialogContent } from './image-dialog';

export function MediaImageField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
  className,
  empty = 'None chosen',
}: {
  id: string;
  label: string;
  hint: ReactNode;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  className?: string;
  /** What the field says when nothing is chosen. */
  empty?: string;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <div
        id={id}
        tabIndex={-1}
        className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center"
        {...fieldAria(id, error, true)}
      >
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-md bg-muted">
          {value ? (
            <img src={value} alt={`Current ${label.toLowerCase()}`} className="size-full object-contain" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <p className="truncate text-sm text-muted-foreground">{value || empty}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
              <Library aria-hidden="true" />
              Choose image
              <span className="sr-only"> for the {label.toLowerCase()}</span>
            </Button>
            {value && (
              <Button type="button" variant="outline" size="sm" onClick={() => onChange('')}>
                <Trash2 aria-hidden="true" />
                Remove
                <span className="sr-only"> {label.toLowerCase()}</span>
              </Button>
            )}
          </div>
        </div>
      </div>
      <Dialog open={picking} onOpenChange={setPicking}>
        {picking && (
          <ImageDialogContent
            current={null}
            onSubmit={(choice) => {
              onChange(choice.src);
              setPicking(false);
            }}
          />
        )}
      </Dialog>
    </FormField>
  );
}
