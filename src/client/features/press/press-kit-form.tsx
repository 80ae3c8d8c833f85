// The press kit's editor (issue 14, issue 22): the fields shared by the studio's Press Kit screen and
// an app's Press kit card (facts, rich texts, lists edited as rows, logos through the media picker,
// the monetization choice), checked with the shared schema, saved on its own with the version it
// was opened at, and the conflict view when someone saved the kit meanwhile.
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { trailerPage } from '../../../shared/schemas/apps';
import {
  MONETIZATION,
  MONETIZATION_LABELS,
  PRESS_LIMITS,
  PressKitInputSchema,
  type Monetization,
  type PressKit,
  type PressKitInput,
} from '../../../shared/schemas/press';
import { useSaveConflict } from '../../components/drafts/conflict';
import { UnsavedChangesGuard } from '../../components/drafts/unsaved-changes';
import { OrderedRows } from '../../components/forms/ordered-rows';
import { RichTextField } from '../../components/forms/rich-text-field';
import { ImageListField, type ImageListTexts } from '../../components/media/image-list-field';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { applyServerErrors } from '../../lib/form-errors';
import { useSavePressKit } from './api';

export interface PressKitFormValues {
  basedIn: string;
  foundedOn: string;
  website: string;
  pressContact: string;
  description: string;
  history: string;
  features: { value: string }[];
  releaseDates: { platform: string; date: string }[];
  trailers: { video: string; title: string }[];
  logos: string[];
  awards: { title: string; detail: string }[];
  quotes: { quote: string; source: string; url: string }[];
  credits: { name: string; role: string }[];
  monetization: Monetization;
}

export const toFormValues = (kit: PressKit): PressKitFormValues => ({
  basedIn: kit.basedIn,
  foundedOn: kit.foundedOn,
  website: kit.website ?? '',
  pressContact: kit.pressContact,
  description: kit.description,
  history: kit.history,
  features: kit.features.map((value) => ({ value })),
  releaseDates: kit.releaseDates.map((r) => ({ ...r })),
  trailers: kit.trailers.map((t) => ({ video: trailerPage(t), title: t.title })),
  logos: [...kit.logos],
  awards: kit.awards.map((a) => ({ ...a })),
  quotes: kit.quotes.map((q) => ({ ...q, url: q.url ?? '' })),
  credits: kit.credits.map((c) => ({ ...c })),
  monetization: kit.monetization,
});

export const toPayload = (v: PressKitFormValues): PressKitInput => ({
  ...v,
  features: v.features.map((f) => f.value),
  quotes: v.quotes.map((q) => ({ ...q, url: q.url || null })),
});

const checkPayload = zodResolver(PressKitInputSchema, undefined, { raw: true });

/**
 * The shared schema checks the form as the payload it sends (features are rows of one input here,
 * plain strings there); an error on `features.2` lands on its input, `features.2.value`.
 */
const pressKitResolver: Resolver<PressKitFormValues, unknown, PressKitInput> = async (values, context, options) => {
  const result = await checkPayload(toPayload(values), context, options as never);
  if (Object.keys(result.errors).length === 0) return { values: toPayload(values), errors: {} };
  const errors = { ...result.errors } as Record<string, unknown>;
  if (Array.isArray(errors.features)) {
    errors.features = (errors.features as unknown[]).map((error) => (error ? { value: error } : error));
  }
  return { values: {}, errors: errors as FieldErrors<PressKitFormValues> };
};

/** The fields the server may name in its issues, and their names in the conflict view. */
const LABELS: Record<keyof PressKitFormValues, string> = {
  basedIn: 'Based in',
  foundedOn: 'Founded',
  website: 'Website',
  pressContact: 'Press contact',
  description: 'Description',
  history: 'History',
  features: 'Features',
  releaseDates: 'Release dates',
  trailers: 'Trailers',
  logos: 'Logos',
  awards: 'Awards and recognition',
  quotes: 'Quotes',
  credits: 'Credits',
  monetization: 'Videos and streams',
};
const FIELDS = Object.keys(LABELS) as (keyof PressKitFormValues)[];

/** A server issue's path ('features.2') as the form names it ('features.2.value'). */
const fieldOfIssue = (path: string) => (/^features\.\d+$/.test(path) ? `${path}.value` : path);

// ── Fields ───────────────────────────────────────────────────────────────────────────────────

const LOGO_TEXTS: ImageListTexts = {
  urlLabel: 'Logo URL',
  showUrlLabel: true,
  placeholder: 'https://example.com/logo.png',
  hint: 'PNG with a transparent background works best. Images uploaded here go into the logos ZIP; linked ones are only listed.',
  itemName: (n) => `Logo ${n}`,
  noun: 'logo',
  listLabel: 'Logos',
  empty: 'No logos yet.',
  tooMany: `At most ${PRESS_LIMITS.logos} logos`,
  duplicate: 'This logo is already in the list',
  addLabel: 'Add logo',
  upload: 'Upload logos',
  uploadAlt: 'Logo alt text',
};

interface RowField<T> {
  name: keyof T & string;
  label: string;
  placeholder?: string;
  type?: 'text' | 'url' | 'date' | 'textarea';
  /** Grid column span on wide screens. */
  wide?: boolean;
}

type ListName = 'features' | 'releaseDates' | 'trailers' | 'awards' | 'quotes' | 'credits';

/** The press kit's lists of rows: each one's heading, hint, noun and columns (its limit is PRESS_LIMITS'). */
const ROW_LISTS: {
  [N in ListName]: { title: string; hint?: string; noun: string; fields: RowField<PressKitFormValues[N][number]>[] };
} = {
  features: {
    title: 'Features',
    noun: 'feature',
    fields: [{ name: 'value', label: 'Feature', placeholder: 'Hand-drawn worlds', wide: true }],
  },
  releaseDates: {
    title: 'Release dates',
    hint: "One per platform, as YYYY-MM-DD. Empty: the app's release date.",
    noun: 'release date',
    fields: [
      { name: 'platform', label: 'Platform', placeholder: 'iOS' },
      { name: 'date', label: 'Date', placeholder: 'YYYY-MM-DD', type: 'date' },
    ],
  },
  trailers: {
    title: 'Trailers',
    hint: 'YouTube or Vimeo links. Visitors load nothing from them until they press play.',
    noun: 'trailer',
    fields: [
      { name: 'video', label: 'Video link', placeholder: 'https://www.youtube.com/watch?v=…', type: 'url' },
      { name: 'title', label: 'Title', placeholder: 'Launch trailer' },
    ],
  },
  awards: {
    title: 'Awards and recognition',
    noun: 'award',
    fields: [
      { name: 'title', label: 'Award', placeholder: 'Best Indie Game' },
      { name: 'detail', label: 'Detail', placeholder: 'Some Awards 2025' },
    ],
  },
  quotes: {
    title: 'Quotes',
    noun: 'quote',
    fields: [
      { name: 'quote', label: 'Quote', type: 'textarea', wide: true },
      { name: 'source', label: 'Source', placeholder: 'A Magazine' },
      { name: 'url', label: 'Link', placeholder: 'https://', type: 'url' },
    ],
  },
  credits: {
    title: 'Credits',
    noun: 'credit',
    fields: [
      { name: 'name', label: 'Name', placeholder: 'Ada Lovelace' },
      { name: 'role', label: 'Role', placeholder: 'Design' },
    ],
  },
};

/** One list of the kit as ordered rows of inputs (the admin's one list editor). */
function RowList<N extends ListName>({ form, name, idPrefix }: { form: PressKitForm; name: N; idPrefix: string }) {
  const { title, hint, noun, fields: columns } = ROW_LISTS[name] as (typeof ROW_LISTS)[ListName];
  const max = PRESS_LIMITS[name];
  const blank = Object.fromEntries(columns.map((col) => [col.name, '']));
  const errors = form.formState.errors[name] as
    | (Record<string, { message?: string }> & { message?: string; root?: { message?: string } })[]
    | { message?: string }
    | undefined;
  const listError = errors && !Array.isArray(errors) ? errors.message : undefined;
  return (
    <OrderedRows
      control={form.control}
      name={name}
      legend={title}
      hint={hint}
      noun={noun}
      idPrefix={`${idPrefix}-${name}`}
      blank={() => ({ ...blank }) as never}
      max={max}
      empty="None yet."
      focusAfterAdd={(index) => `${idPrefix}-${name}-${index}-${columns[0]!.name}`}
      removeDescription={(index) =>
        `${noun[0]!.toUpperCase()}${noun.slice(1)} ${index + 1} will be removed from the press kit when you save.`
      }
      error={listError}
      rowTestId={`${name}-row`}
    >
      {(index) => (
        <div className="grid gap-3 sm:grid-cols-2">
          {columns.map((col) => {
            const id = `${idPrefix}-${name}-${index}-${col.name}`;
            const path = `${name}.${index}.${col.name}` as FieldPath<PressKitFormValues>;
            const message = Array.isArray(errors) ? errors[index]?.[col.name]?.message : undefined;
            const label = `${col.label} (${noun} ${index + 1})`;
            return (
              <div key={col.name} className={col.wide ? 'min-w-0 space-y-1 sm:col-span-2' : 'min-w-0 space-y-1'}>
                <Label htmlFor={id} className="text-xs text-muted-foreground">
                  <span aria-hidden="true">{col.label}</span>
                  <span className="sr-only">{label}</span>
                </Label>
                {col.type === 'textarea' ? (
                  <Textarea
                    id={id}
                    rows={2}
                    placeholder={col.placeholder}
                    {...form.register(path)}
                    {...fieldAria(id, message)}
                  />
                ) : (
                  <Input
                    id={id}
                    type={col.type === 'url' ? 'url' : 'text'}
                    inputMode={col.type === 'url' ? 'url' : col.type === 'date' ? 'numeric' : undefined}
                    placeholder={col.placeholder}
                    autoComplete="off"
                    {...form.register(path)}
                    {...fieldAria(id, message)}
                  />
                )}
                <FieldError id={`${id}-error`} message={message} />
              </div>
            );
          })}
        </div>
      )}
    </OrderedRows>
  );
}

const MONETIZATION_OPTIONS = MONETIZATION.map((value) => ({ value, label: MONETIZATION_LABELS[value] }));

/** Every field of a kit. `kind` decides the few that differ (the studio has a founding year). */
export function PressKitFields({
  form,
  kind,
  idPrefix,
  onBusyChange,
}: {
  form: PressKitForm;
  kind: 'studio' | 'app';
  idPrefix: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const { errors } = form.formState;
  const logos = useWatch({ control: form.control, name: 'logos' });
  // Uploads running in the rich texts or the logos: the save waits for them.
  const [busy, setBusyParts] = useState({ description: false, history: false, logos: false });
  const anyBusy = busy.description || busy.history || busy.logos;
  useEffect(() => onBusyChange(anyBusy), [anyBusy, onBusyChange]);
  const setBusy = (part: keyof typeof busy) => (value: boolean) =>
    setBusyParts((prev) => (prev[part] === value ? prev : { ...prev, [part]: value }));
  const text = (
    name: 'basedIn' | 'foundedOn' | 'website' | 'pressContact',
    label: string,
    hint: string,
    placeholder: string,
  ) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={label} hint={hint} error={error}>
        <Input
          id={id}
          placeholder={placeholder}
          autoComplete="off"
          inputMode={name === 'website' ? 'url' : undefined}
          {...form.register(name)}
          {...fieldAria(id, error, true)}
        />
      </FormField>
    );
  };
  const monetizationId = `${idPrefix}-monetization`;
  return (
    <div className="space-y-8">
      <div className="grid gap-5 sm:grid-cols-2">
        {text(
          'basedIn',
          'Based in',
          kind === 'app' ? "Leave empty to use the studio's." : 'City and country.',
          'Lisbon, Portugal',
        )}
        {kind === 'studio' && text('foundedOn', 'Founded', 'A year or a date.', '2019')}
        {text(
          'website',
          'Website',
          kind === 'app' ? "Leave empty to use the app's web link or the studio's." : 'Leave empty to use this site.',
          'https://',
        )}
        {text(
          'pressContact',
          'Press contact',
          kind === 'app'
            ? "An email or a link. Empty: the studio kit's."
            : 'An email or a link. Empty: the contact email.',
          'press@studio.com',
        )}
      </div>
      <RichTextField
        control={form.control}
        name="description"
        id={`${idPrefix}-description`}
        label={kind === 'app' ? 'About it, for the press' : 'Description'}
        hint={kind === 'app' ? "Empty: the app's long description." : 'What the studio makes, in a paragraph or two.'}
        height={220}
        onBusyChange={setBusy('description')}
      />
      <RichTextField
        control={form.control}
        name="history"
        id={`${idPrefix}-history`}
        label={kind === 'app' ? 'Press kit history' : 'History'}
        hint="How it started, milestones. Optional."
        height={220}
        onBusyChange={setBusy('history')}
      />
      <RowList form={form} name="features" idPrefix={idPrefix} />
      {kind === 'app' && <RowList form={form} name="releaseDates" idPrefix={idPrefix} />}
      <RowList form={form} name="trailers" idPrefix={idPrefix} />
      <div className="space-y-2">
        <ImageListField
          id={`${idPrefix}-logos`}
          inputId={`${idPrefix}-new-logo`}
          value={logos}
          onChange={(next) => form.setValue('logos', next, { shouldDirty: true })}
          texts={LOGO_TEXTS}
          error={
            errors.logos?.message ?? (Array.isArray(errors.logos) ? errors.logos.find(Boolean)?.message : undefined)
          }
          onBusyChange={setBusy('logos')}
          itemTestId="press-logo-item"
          max={PRESS_LIMITS.logos}
        />
      </div>
      <RowList form={form} name="awards" idPrefix={idPrefix} />
      <RowList form={form} name="quotes" idPrefix={idPrefix} />
      <RowList form={form} name="credits" idPrefix={idPrefix} />
      <FormField
        id={monetizationId}
        label="Videos and streams"
        hint="May creators monetize videos and streams of your games? Shown on the press page in plain words."
        error={errors.monetization?.message}
        className="max-w-sm"
      >
        <Controller
          control={form.control}
          name="monetization"
          render={({ field }) => (
            <Select
              id={monetizationId}
              value={field.value}
              onValueChange={field.onChange}
              options={MONETIZATION_OPTIONS}
              describedBy={`${monetizationId}-hint`}
            />
          )}
        />
      </FormField>
    </div>
  );
}

export type PressKitForm = UseFormReturn<PressKitFormValues, unknown, PressKitInput>;

/** A kit's form, checked with the shared schema; its submitted values are the payload. */
export const usePressKitForm = (kit: PressKit): PressKitForm =>
  useForm<PressKitFormValues, unknown, PressKitInput>({ resolver: pressKitResolver, defaultValues: toFormValues(kit) });

/** A refused save's field errors on the kit's fields (the one mapper); true when any field got one. */
export const showServerErrors = (form: PressKitForm, error: unknown): boolean =>
  applyServerErrors((path, e, o) => form.setError(fieldOfIssue(path) as never, e, o), error, { fields: FIELDS });

/**
 * A kit's editor: its fields, its Save (one request, on top of the version it was opened at), the
 * server's field errors on their fields, and the conflict view when the kit was saved meanwhile.
 * It is not a <form> of its own, so it can sit inside another screen's form (Enter in a field saves
 * the kit, not that form).
 */
export function PressKitEditor({
  appId,
  kit,
  kind,
  idPrefix,
  label,
  saveLabel,
  publicPath,
  guard = true,
  onDirtyChange,
}: {
  /** Null: the studio's kit. */
  appId: number | null;
  kit: PressKit;
  kind: 'studio' | 'app';
  idPrefix: string;
  /** The editor's accessible name. */
  label: string;
  saveLabel: string;
  /** The kit's public page, linked beside the Save button. */
  publicPath?: string;
  /** Ask before leaving the screen with unsaved changes (off when the screen asks for the editor). */
  guard?: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const save = useSavePressKit();
  const form = usePressKitForm(kit);
  const conflict = useSaveConflict({ form, version: kit.version, toValues: toFormValues, labels: LABELS });
  const [busy, setBusy] = useState(false);
  const { isDirty, isSubmitting } = form.formState;
  const dirty = isDirty || busy;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const onSave = form.handleSubmit(async (input) => {
    await save.mutateAsync({ appId, input, version: conflict.version }).then(
      (saved) => form.reset(toFormValues(saved)),
      (error: unknown) => conflict.onSaveError(error) || showServerErrors(form, error),
    );
  });
  // Enter in a one-line field saves the kit (and never submits a form around the editor).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.defaultPrevented || !(target instanceof HTMLInputElement)) return;
    if (['checkbox', 'radio', 'file', 'button', 'submit'].includes(target.type)) return;
    event.preventDefault();
    void onSave();
  };

  return (
    <div role="form" aria-label={label} className="space-y-4" onKeyDown={onKeyDown}>
      {guard && <UnsavedChangesGuard dirty={dirty && !isSubmitting} />}
      {conflict.dialog}
      <PressKitFields form={form} kind={kind} idPrefix={idPrefix} onBusyChange={setBusy} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm">
          {publicPath && (
            <a
              href={publicPath}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              View the press page
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
          {isDirty && <p className="text-sm text-muted-foreground">Unsaved changes</p>}
          <Button type="button" onClick={() => void onSave()} disabled={isSubmitting || busy}>
            {isSubmitting ? 'Saving...' : saveLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
