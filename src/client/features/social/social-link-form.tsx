// The Add / Edit Social Media Link form: name, URL, icon (14 options), Visible switch, order.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SOCIAL_ICON_OPTIONS } from '../../../shared/constants';
import { SocialLinkInputSchema, type SocialLinkInput } from '../../../shared/schemas/social-links';
import { Button } from '../../components/ui/button';
import { Select, Switch } from '../../components/ui/controls';
import { DialogClose, DialogFooter } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Label } from '../../components/ui/input';
import { SocialIconWithLabel } from './social-icon';

export type SocialLinkValues = z.output<typeof SocialLinkInputSchema>;

const ICON_OPTIONS = SOCIAL_ICON_OPTIONS.map((o) => ({
  value: o.value,
  label: <SocialIconWithLabel icon={o.value} />,
}));

const EMPTY: Partial<SocialLinkInput> = { name: '', url: '', isVisible: true, order: 0 };

export function SocialLinkForm({
  initial,
  submitLabel,
  onSubmit,
  onDirtyChange,
}: {
  /** The link being edited; empty for a new link. */
  initial?: SocialLinkInput;
  submitLabel: string;
  /** Resolves when the save settles (the form stays, with its values, if it failed). */
  onSubmit: (values: SocialLinkValues) => Promise<void>;
  /** Told whether the form has unsaved changes (its dialog asks before closing then). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const form = useForm<SocialLinkInput, unknown, SocialLinkValues>({
    resolver: zodResolver(SocialLinkInputSchema),
    defaultValues: initial ?? EMPTY,
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const err = {
    name: errors.name?.message,
    url: errors.url?.message,
    icon: errors.icon?.message,
    order: errors.order?.message,
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormField id="social-name" label="Name" error={err.name}>
        <Input
          id="social-name"
          autoComplete="off"
          placeholder="e.g. Twitter"
          {...form.register('name')}
          {...fieldAria('social-name', err.name)}
        />
      </FormField>
      <FormField id="social-url" label="URL" error={err.url}>
        <Input
          id="social-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://twitter.com/yourstudio"
          {...form.register('url')}
          {...fieldAria('social-url', err.url)}
        />
      </FormField>
      <FormField id="social-icon" label="Icon" error={err.icon}>
        <Controller
          control={form.control}
          name="icon"
          render={({ field }) => (
            <Select
              id="social-icon"
              value={field.value}
              onValueChange={(value) => field.onChange(value)}
              options={ICON_OPTIONS}
              placeholder="Select an icon"
              invalid={Boolean(err.icon)}
              describedBy={err.icon ? 'social-icon-error' : undefined}
            />
          )}
        />
      </FormField>
      <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
        <div className="space-y-1">
          <Label htmlFor="social-visible">Visible</Label>
          <p id="social-visible-hint" className="text-xs text-muted-foreground">
            Hidden links are kept but not shown on the site.
          </p>
        </div>
        <Controller
          control={form.control}
          name="isVisible"
          render={({ field }) => (
            <Switch
              id="social-visible"
              checked={field.value ?? true}
              onCheckedChange={field.onChange}
              aria-describedby="social-visible-hint"
            />
          )}
        />
      </div>
      <FormField id="social-order" label="Order" hint="Links are shown from the lowest number up." error={err.order}>
        <Input
          id="social-order"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...form.register('order')}
          {...fieldAria('social-order', err.order, true)}
        />
      </FormField>
      <DialogFooter className="pt-2">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
