// The press kit's fields (issue 14), shared by the studio's Press Kit screen and the app form's
// "Press kit" card: facts, rich texts, lists edited as rows (add, remove with a question), logos
// through the media picker, and the monetization choice. Checked with the shared schema before a save.
import { api } from '../../../shared/paths';
import { trailerPage } from '../../../shared/schemas/apps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type ArrayPath,
  type FieldPath,
  type UseFormReturn,
} from 'react-hook-form';
import {
  emptyPressKit,
  MONETIZATION,
  MONETIZATION_LABELS,
  PRESS_LIMITS,
  PressKitInputSchema,
  type Monetization,
  type PressKit,
  type PressKitInput,
} from '../../../shared/schemas/press';
import { ImageListField, type ImageListTexts } from '../../components/media/image-list-field';
import { RichTextEditor } from '../../components/rich-text-editor';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { ApiError, errorMessage, http } from '../../lib/http';

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

/** A schema or server issue path ('features.2') → the form's field ('features.2.value'). */
const fieldOf = (path: string) => (/^features\.\d+$/.test(path) ? `${path}.value` : path);

/** Puts issues on the form's fields (the first gets the focus); true when any did. */
function setIssues(form: UseFormReturn<PressKitFormValues>, issues: { path: string; message: string }[]): boolean {
  issues.forEach((issue, i) =>
    form.setError(
      fieldOf(issue.path) as FieldPath<PressKitFormValues>,
      { type: 'validate', message: issue.message },
      {
        shouldFocus: i === 0,
      },
    ),
  );
  return issues.length > 0;
}

/** Checks the form with the shared schema; false (errors shown) when it is not valid. */
export function checkPressKit(form: UseFormReturn<PressKitFormValues>): boolean {
  form.clearErrors();
  const parsed = PressKitInputSchema.safeParse(toPayload(form.getValues()));
  if (parsed.success) return true;
  setIssues(
    form,
    parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  );
  return false;
}

/** A failed save's field errors on the form; true when any field got one. */
export function applyPressKitErrors(form: UseFormReturn<PressKitFormValues>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return setIssues(form, error.body?.issues ?? []);
}

// ── Reads and writes ─────────────────────────────────────────────────────────────────────────

/** Where a kit is edited: the studio's (null) or an app's. */
const adminPath = (appId: number | null) => (appId === null ? api.adminPressKitStudio : api.adminPressKitApp(appId));

export const usePressKit = (appId: number | null, enabled = true) =>
  useQuery<PressKit>({ queryKey: [adminPath(appId)], enabled });

/** Saves a whole kit on top of `version` (If-Match): a 409 means someone saved meanwhile. */
export function useSavePressKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, values, version }: { appId: number | null; values: PressKitFormValues; version: number }) =>
      http.putVersion<PressKit>(adminPath(appId), toPayload(values), version || undefined),
    onSuccess: (saved, { appId }) => queryClient.setQueryData([adminPath(appId)], saved),
  });
}

export const saveErrorText = (error: unknown) =>
  error instanceof ApiError && error.status === 409
    ? 'Someone else saved this press kit since you opened it. Reload to see their version (your changes here will be lost).'
    : errorMessage(error);

export function usePressKitForm(kit: PressKit | undefined) {
  return useForm<PressKitFormValues>({
    defaultValues: toFormValues(kit ?? emptyPressKit(null)),
    values: kit ? toFormValues(kit) : undefined,
    resetOptions: { keepDirtyValues: false },
  });
}

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

/** One list as rows of inputs, with Add and a Remove that asks first. */
function RowList<N extends ListName>({
  form,
  name,
  idPrefix,
  title,
  hint,
  noun,
  fields: columns,
  blank,
  max,
}: {
  form: UseFormReturn<PressKitFormValues>;
  name: N;
  idPrefix: string;
  title: string;
  hint?: string;
  noun: string;
  fields: RowField<PressKitFormValues[N][number]>[];
  blank: PressKitFormValues[N][number];
  max: number;
}) {
  const list = useFieldArray({ control: form.control, name: name as ArrayPath<PressKitFormValues> });
  const [removing, setRemoving] = useState<number | null>(null);
  const errors = form.formState.errors[name] as
    | (Record<string, { message?: string }> & { message?: string; root?: { message?: string } })[]
    | { message?: string }
    | undefined;
  const listError = errors && !Array.isArray(errors) ? errors.message : undefined;
  return (
    <fieldset className="space-y-3" aria-describedby={hint ? `${idPrefix}-${name}-hint` : undefined}>
      <legend className="text-sm font-medium">{title}</legend>
      {hint && (
        <p id={`${idPrefix}-${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {list.fields.length === 0 && <p className="text-sm text-muted-foreground">None yet.</p>}
      <ol className="space-y-3">
        {list.fields.map((row, index) => (
          <li key={row.id} className="flex items-start gap-2 rounded-lg border p-3" data-testid={`${name}-row`}>
            <div className="grid flex-1 gap-3 sm:grid-cols-2">
              {columns.map((col) => {
                const id = `${idPrefix}-${name}-${index}-${col.name}`;
                const path = `${name}.${index}.${col.name}` as FieldPath<PressKitFormValues>;
                const message = Array.isArray(errors) ? errors[index]?.[col.name]?.message : undefined;
                const label = `${col.label} (${noun} ${index + 1})`;
                return (
                  <div key={col.name} className={col.wide ? 'space-y-1 sm:col-span-2' : 'space-y-1'}>
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
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove ${noun} ${index + 1}`}
              onClick={() => setRemoving(index)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      {listError && <FieldError id={`${idPrefix}-${name}-error`} message={listError} />}
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={list.fields.length >= max}
        onClick={() => list.append(blank as never)}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add {noun}
      </Button>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove this ${noun}?`}
        description={`${noun[0]!.toUpperCase()}${noun.slice(1)} ${removing === null ? '' : removing + 1} will be removed from the press kit when you save.`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing !== null) list.remove(removing);
          setRemoving(null);
        }}
      />
    </fieldset>
  );
}

function RichField({
  form,
  name,
  id,
  label,
  hint,
  onBusyChange,
}: {
  form: UseFormReturn<PressKitFormValues>;
  name: 'description' | 'history';
  id: string;
  label: string;
  hint: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            id={id}
            label={label}
            toolbar="page"
            height={220}
            value={field.value}
            onChange={field.onChange}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : `${id}-hint`}
            onBusyChange={onBusyChange}
          />
        )}
      />
    </FormField>
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
  form: UseFormReturn<PressKitFormValues>;
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
      <RichField
        form={form}
        name="description"
        id={`${idPrefix}-description`}
        label={kind === 'app' ? 'About it, for the press' : 'Description'}
        hint={kind === 'app' ? "Empty: the app's long description." : 'What the studio makes, in a paragraph or two.'}
        onBusyChange={setBusy('description')}
      />
      <RichField
        form={form}
        name="history"
        id={`${idPrefix}-history`}
        label={kind === 'app' ? 'Press kit history' : 'History'}
        hint="How it started, milestones. Optional."
        onBusyChange={setBusy('history')}
      />
      <RowList
        form={form}
        name="features"
        idPrefix={idPrefix}
        title="Features"
        noun="feature"
        fields={[{ name: 'value', label: 'Feature', placeholder: 'Hand-drawn worlds', wide: true }]}
        blank={{ value: '' }}
        max={PRESS_LIMITS.features}
      />
      {kind === 'app' && (
        <RowList
          form={form}
          name="releaseDates"
          idPrefix={idPrefix}
          title="Release dates"
          hint="One per platform, as YYYY-MM-DD. Empty: the app's release date."
          noun="release date"
          fields={[
            { name: 'platform', label: 'Platform', placeholder: 'iOS' },
            { name: 'date', label: 'Date', placeholder: 'YYYY-MM-DD', type: 'date' },
          ]}
          blank={{ platform: '', date: '' }}
          max={PRESS_LIMITS.releaseDates}
        />
      )}
      <RowList
        form={form}
        name="trailers"
        idPrefix={idPrefix}
        title="Trailers"
        hint="YouTube or Vimeo links. Visitors load nothing from them until they press play."
        noun="trailer"
        fields={[
          { name: 'video', label: 'Video link', placeholder: 'https://www.youtube.com/watch?v=…', type: 'url' },
          { name: 'title', label: 'Title', placeholder: 'Launch trailer' },
        ]}
        blank={{ video: '', title: '' }}
        max={PRESS_LIMITS.trailers}
      />
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
      <RowList
        form={form}
        name="awards"
        idPrefix={idPrefix}
        title="Awards and recognition"
        noun="award"
        fields={[
          { name: 'title', label: 'Award', placeholder: 'Best Indie Game' },
          { name: 'detail', label: 'Detail', placeholder: 'Some Awards 2025' },
        ]}
        blank={{ title: '', detail: '' }}
        max={PRESS_LIMITS.awards}
      />
      <RowList
        form={form}
        name="quotes"
        idPrefix={idPrefix}
        title="Quotes"
        noun="quote"
        fields={[
          { name: 'quote', label: 'Quote', type: 'textarea', wide: true },
          { name: 'source', label: 'Source', placeholder: 'A Magazine' },
          { name: 'url', label: 'Link', placeholder: 'https://', type: 'url' },
        ]}
        blank={{ quote: '', source: '', url: '' }}
        max={PRESS_LIMITS.quotes}
      />
      <RowList
        form={form}
        name="credits"
        idPrefix={idPrefix}
        title="Credits"
        noun="credit"
        fields={[
          { name: 'name', label: 'Name', placeholder: 'Ada Lovelace' },
          { name: 'role', label: 'Role', placeholder: 'Design' },
        ]}
        blank={{ name: '', role: '' }}
        max={PRESS_LIMITS.credits}
      />
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
