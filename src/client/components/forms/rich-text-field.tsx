// A rich-text field of a react-hook-form form: the editor with its label, hint and error, wired to
// the form's value (the one way every editor takes formatted text: issue 22).
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { RichTextEditor, type ToolbarKind } from '../rich-text-editor';
import { FormField } from '../ui/form-field';

export function RichTextField<V extends FieldValues, T = V>({
  control,
  name,
  id,
  label,
  hint,
  toolbar = 'page',
  height,
  minHeight,
  onBusyChange,
  className,
}: {
  /** The form's control (its submitted values may be transformed by a resolver: `T`). */
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
  id: string;
  label: string;
  hint?: ReactNode;
  toolbar?: ToolbarKind;
  height?: number;
  minHeight?: number;
  /** True while an image is uploading into the text (the form waits before saving). */
  onBusyChange?: (busy: boolean) => void;
  className?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <FormField id={id} label={label} hint={hint} error={error} className={className}>
            <RichTextEditor
              id={id}
              label={label}
              toolbar={toolbar}
              height={height}
              minHeight={minHeight}
              value={field.value ?? ''}
              onChange={field.onChange}
              invalid={Boolean(error)}
              describedBy={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
              onBusyChange={onBusyChange}
            />
          </FormField>
        );
      }}
    />
  );
}
