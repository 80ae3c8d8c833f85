// The app form's issue-25 cards: "Age ratings" (a rating per system with its content descriptors
// and interactive-element notices, from the shared lists) and "Accessibility" (the Accessible Games
// Initiative's 24 tags as a checklist in the initiative's groups, each with its name and criterion,
// and a free text). Part of the app's one form: their values go out with the app (values.ts).
import { Controller, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import { en } from '../../../../shared/messages/en';
import {
  ACCESSIBILITY_GROUPS,
  ACCESSIBILITY_TAGS,
  type AccessibilityGroup,
} from '../../../../shared/schemas/app-accessibility';
import {
  RATING_NOTICES,
  RATING_NOTICE_NAMES,
  RATING_SYSTEMS,
  RATING_SYSTEM_LISTS,
  type RatingSystem,
} from '../../../../shared/schemas/app-ratings';
import type { AppData, AppInput } from '../../../../shared/schemas/apps';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox, Select } from '../../../components/ui/controls';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { FieldError as FieldMessage, Input, Label, Textarea } from '../../../components/ui/input';

type Form = UseFormReturn<AppInput, unknown, AppData>;
type RatingValue = NonNullable<AppInput['ratings']>[number];

const GROUP_NAMES: Record<AccessibilityGroup, string> = {
  auditory: 'Auditory features',
  gameplay: 'Gameplay features',
  input: 'Input features',
  visual: 'Visual features',
};

const systemName = (system: string) => RATING_SYSTEM_LISTS[system as RatingSystem]?.name ?? system;

/** Ticks `value` in or out of `list`, keeping the order of `order`. */
const toggled = (order: readonly string[], list: readonly string[], value: string, on: boolean) =>
  order.filter((v) => (v === value ? on : list.includes(v)));

/** One checkbox with its label (and an optional line under it, read with it by screen readers). */
function Tick({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5"
      />
      <div className="min-w-0 space-y-0.5">
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** One system's rating: its rating, descriptors and notices, and a button that removes it. */
function RatingEntry({
  index,
  value,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  value: RatingValue;
  errors: { rating?: FieldError; system?: FieldError; descriptors?: unknown; notices?: unknown } | undefined;
  onChange: (next: RatingValue) => void;
  onRemove: () => void;
}) {
  const list = RATING_SYSTEM_LISTS[value.system as RatingSystem];
  const name = systemName(value.system);
  const id = `app-rating-${index}`;
  const descriptors = value.descriptors ?? [];
  const notices = value.notices ?? [];
  const firstOf = (items: unknown) =>
    Array.isArray(items) ? (items as (FieldError | undefined)[]).find((e) => e?.message)?.message : undefined;
  const descriptorsError = firstOf(errors?.descriptors) ?? (errors?.descriptors as FieldError | undefined)?.message;
  const noticesError = firstOf(errors?.notices) ?? (errors?.notices as FieldError | undefined)?.message;
  return (
    <fieldset className="space-y-4 rounded-lg border p-4" data-testid={`rating-${value.system}`}>
      <legend className="px-1 text-sm font-semibold">{name}</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField
          id={id}
          label={`${name} rating`}
          error={errors?.rating?.message ?? errors?.system?.message}
          className="sm:w-56"
        >
          <Select
            id={id}
            value={value.rating}
            onValueChange={(rating) => onChange({ ...value, rating })}
            options={(list?.ratings ?? []).map((r) => ({ value: r, label: `${name} ${r}` }))}
            placeholder="Choose a rating"
            invalid={Boolean(errors?.rating)}
            describedBy={fieldAria(id, errors?.rating?.message)['aria-describedby']}
          />
        </FormField>
        <Button type="button" variant="outline" onClick={onRemove} className="sm:ml-auto">
          Remove {name}
        </Button>
      </div>
      {list && list.descriptors.length > 0 && (
        <fieldset className="space-y-2" aria-describedby={descriptorsError ? `${id}-descriptors-error` : undefined}>
          <legend className="text-sm font-medium">Content descriptors (as {name} writes them)</legend>
          <div className="grid gap-x-4 gap-y-2 pt-1 sm:grid-cols-2 lg:grid-cols-3">
            {list.descriptors.map((d, i) => (
              <Tick
                key={d}
                id={`${id}-descriptor-${i}`}
                label={d}
                checked={descriptors.includes(d)}
                onChange={(on) => onChange({ ...value, descriptors: toggled(list.descriptors, descriptors, d, on) })}
              />
            ))}
          </div>
          <FieldMessage id={`${id}-descriptors-error`} message={descriptorsError} />
        </fieldset>
      )}
      <fieldset className="space-y-2" aria-describedby={noticesError ? `${id}-notices-error` : undefined}>
        <legend className="text-sm font-medium">Interactive elements</legend>
        <div className="grid gap-x-4 gap-y-2 pt-1 sm:grid-cols-2">
          {RATING_NOTICES.map((n) => (
            <Tick
              key={n}
              id={`${id}-notice-${n}`}
              label={RATING_NOTICE_NAMES[n]}
              checked={notices.includes(n)}
              onChange={(on) =>
                onChange({ ...value, notices: toggled(RATING_NOTICES, notices, n, on) as RatingValue['notices'] })
              }
            />
          ))}
        </div>
        <FieldMessage id={`${id}-notices-error`} message={noticesError} />
      </fieldset>
    </fieldset>
  );
}

export function AgeRatingsCard({ form }: { form: Form }) {
  const { control } = form;
  const ageRating = useWatch({ control, name: 'ageRating' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Age ratings</CardTitle>
        <CardDescription>
          The ratings the app was given (IARC&rsquo;s questionnaire in the stores gives most of them at once). The page
          shows each as the rating board writes it, e.g. &ldquo;PEGI 7 &mdash; Violence&rdquo;.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <Controller
          control={control}
          name="ratings"
          render={({ field, fieldState }) => {
            const ratings = field.value ?? [];
            const missing = RATING_SYSTEMS.filter((s) => !ratings.some((r) => r.system === s));
            const itemErrors = (Array.isArray(fieldState.error) ? fieldState.error : []) as (
              { rating?: FieldError; system?: FieldError } | undefined
            )[];
            const add = (system: RatingSystem) => {
              // Kept in the systems' order; the new rating's choice gets the focus.
              const next = [...ratings, { system, rating: '', descriptors: [], notices: [] }].sort(
                (a, b) =>
                  RATING_SYSTEMS.indexOf(a.system as RatingSystem) - RATING_SYSTEMS.indexOf(b.system as RatingSystem),
              );
              field.onChange(next);
              const at = next.findIndex((r) => r.system === system);
              setTimeout(() => document.getElementById(`app-rating-${at}`)?.focus());
            };
            return (
              <div className="space-y-4">
                {ratings.length === 0 && (
                  <p className="text-sm text-muted-foreground">No rating yet. Add the systems the app was rated in.</p>
                )}
                {ratings.map((rating, i) => (
                  <RatingEntry
                    key={rating.system}
                    index={i}
                    value={rating}
                    errors={itemErrors[i]}
                    onChange={(next) => field.onChange(ratings.map((r, j) => (j === i ? next : r)))}
                    onRemove={() => {
                      field.onChange(ratings.filter((_, j) => j !== i));
                      setTimeout(() => document.getElementById('app-ratings-add')?.focus());
                    }}
                  />
                ))}
                <FieldMessage id="app-ratings-error" message={fieldState.error?.message} />
                {missing.length > 0 && (
                  <div className="space-y-2" role="group" aria-labelledby="app-ratings-add">
                    <p id="app-ratings-add" tabIndex={-1} className="text-sm font-medium">
                      Add a rating system
                    </p>
                    <div className="flex flex-wrap gap-2">
                      {missing.map((system) => (
                        <Button key={system} type="button" variant="outline" size="sm" onClick={() => add(system)}>
                          Add {systemName(system)}
                        </Button>
                      ))}
                    </div>
                  </div>
                )}
              </div>
            );
          }}
        />
        <FormField
          id="app-ageRating"
          label="Other age rating (free text)"
          hint={
            ageRating
              ? 'Kept for API clients and stores without a rating system above (e.g. the App Store’s 4+). Shown on the page only when no system’s rating is given.'
              : 'Optional: a rating from elsewhere, e.g. the App Store’s 4+. Shown on the page only when no system’s rating is given.'
          }
          error={form.formState.errors.ageRating?.message}
        >
          <Input
            id="app-ageRating"
            autoComplete="off"
            maxLength={50}
            className="block sm:max-w-xs"
            {...form.register('ageRating')}
            {...fieldAria('app-ageRating', form.formState.errors.ageRating?.message, true)}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}

export function AccessibilityCard({ form }: { form: Form }) {
  const { control } = form;
  const noteError = form.formState.errors.accessibilityNote?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Accessibility</CardTitle>
        <CardDescription>
          Tick each Accessible Games Initiative tag the app meets in full (its criterion is under its name). The app
          page lists them, explained in the visitor&rsquo;s language.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <Controller
          control={control}
          name="accessibilityTags"
          render={({ field, fieldState }) => {
            const tags = field.value ?? [];
            const itemError = Array.isArray(fieldState.error)
              ? (fieldState.error as (FieldError | undefined)[]).find((e) => e?.message)?.message
              : undefined;
            return (
              <div className="space-y-5">
                {ACCESSIBILITY_GROUPS.map((group) => (
                  <fieldset key={group} className="space-y-2">
                    <legend className="text-sm font-semibold">{GROUP_NAMES[group]}</legend>
                    <div className="grid gap-x-6 gap-y-3 pt-1 md:grid-cols-2">
                      {ACCESSIBILITY_TAGS.filter((t) => t.group === group).map((tag) => (
                        <Tick
                          key={tag.key}
                          id={`app-a11y-${tag.key}`}
                          label={tag.name}
                          hint={en[`a11yTag.${tag.key}.text`]}
                          checked={tags.includes(tag.key)}
                          onChange={(on) =>
                            field.onChange(
                              toggled(
                                ACCESSIBILITY_TAGS.map((t) => t.key),
                                tags,
                                tag.key,
                                on,
                              ),
                            )
                          }
                        />
                      ))}
                    </div>
                  </fieldset>
                ))}
                <FieldMessage id="app-accessibilityTags-error" message={fieldState.error?.message ?? itemError} />
              </div>
            );
          }}
        />
        <FormField
          id="app-accessibilityNote"
          label="More about accessibility"
          hint="Plain text, at most 2000 characters: anything the tags do not say (translatable like the app's texts)."
          error={noteError}
        >
          <Textarea
            id="app-accessibilityNote"
            rows={4}
            maxLength={2000}
            {...form.register('accessibilityNote')}
            {...fieldAria('app-accessibilityNote', noteError, true)}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
