// One item's translation into one language, side by side with the default language's text (issue 24):
// the fields of the item's kind (one line, a paragraph, rich text, the FAQ list), the status, "Changed
// since translated", a post's address in the language, "Show the default-language text here", and
// Save draft / Publish / Unpublish / Schedule / Delete. Each language is saved and published on its
// own; a save over someone else's newer one opens the conflict view.
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock, Send, Trash2, TriangleAlert, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { knownLocale } from '../../../shared/locales';
import { translationDraftKey } from '../../../shared/schemas/drafts';
import {
  fieldsKind,
  type ItemTranslations,
  type TranslationFieldsKind,
  type TranslationStatus,
  type TranslationType,
} from '../../../shared/schemas/translations';
import { htmlToText } from '../../../shared/text';
import { useDraftEditor, type SavedItem } from '../../components/drafts/draft-editor';
import { HistoryButton } from '../../components/revisions/history-panel';
import type { RevisionField } from '../../components/revisions/diff';
import { OrderedRows } from '../../components/forms/ordered-rows';
import { RichTextField } from '../../components/forms/rich-text-field';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Label, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { localeLabel, useDeleteTranslation, useItemTranslations, useSaveTranslation, type SaveIntent } from './api';
import { KIND_TITLES, TRANSLATED_FIELDS, type TranslatedField } from './fields';
import { toValues, translationSchema, type Entry, type Values } from './values';

const STATUS: Record<TranslationStatus, { label: string; variant: 'grey' | 'yellow' | 'blue' | 'green' }> = {
  missing: { label: 'Missing', variant: 'grey' },
  draft: { label: 'Draft', variant: 'yellow' },
  scheduled: { label: 'Scheduled', variant: 'blue' },
  published: { label: 'Published', variant: 'green' },
};

export function TranslationStatusBadge({ status }: { status: TranslationStatus }) {
  return <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString([], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The default language's text as a reader sees it: paragraphs of rich text, the FAQ's questions and answers. */
function SourceText({ value, input }: { value: unknown; input: TranslatedField['input'] }) {
  let text: ReactNode;
  if (input === 'faq') {
    const rows = Array.isArray(value) ? (value as { question?: string; answer?: string }[]) : [];
    text = rows.length ? (
      <ol className="list-decimal space-y-2 pl-5">
        {rows.map((row, i) => (
          <li key={i}>
            <span className="font-medium">{row.question}</span>
            <br />
            {row.answer}
          </li>
        ))}
      </ol>
    ) : null;
  } else if (input === 'lines') {
    text = Array.isArray(value) && value.length ? (value as string[]).join('\n') : null;
  } else if (typeof value === 'string' && value) {
    text =
      input === 'rich'
        ? value
            .split(/<\/(?:p|h[1-6]|li|blockquote)>|<br\s*\/?>/i)
            .map(htmlToText)
            .filter(Boolean)
            .join('\n\n')
        : value;
  }
  return (
    // Long texts scroll in their box: it takes the keyboard's focus so they can be read without a mouse.
    <div
      tabIndex={0}
      className="max-h-80 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
    >
      {text || <span className="text-muted-foreground italic">Empty</span>}
    </div>
  );
}

/** One field: the default language's text beside (above, on a phone) its translation. */
function SideBySide({
  label,
  sourceLabel,
  source,
  children,
}: {
  label: string;
  sourceLabel: string;
  source: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-3 border-t pt-5 first:border-t-0 first:pt-0 md:grid-cols-2 md:gap-6">
      <section aria-label={`${label}: ${sourceLabel} text`} className="min-w-0 space-y-2">
        <p className="text-sm font-medium text-muted-foreground">
          {label} <span className="font-normal">({sourceLabel})</span>
        </p>
        {source}
      </section>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function FieldInput({
  form,
  field,
  id,
  locale,
  label,
  onBusyChange,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  field: TranslatedField;
  id: string;
  locale: string;
  label: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const name = `fields.${field.name}` as const;
  const errors = form.formState.errors.fields as Record<string, { message?: string } | undefined> | undefined;
  const error = errors?.[field.name]?.message;
  const lang = { lang: locale, dir: knownLocale(locale)?.dir ?? 'ltr' } as const;
  if (field.input === 'rich') {
    return (
      <div {...lang}>
        <RichTextField
          control={form.control}
          name={name}
          id={id}
          label={label}
          hint={field.hint}
          height={320}
          onBusyChange={onBusyChange}
        />
      </div>
    );
  }
  if (field.input === 'faq') return <FaqInput form={form} id={id} label={label} lang={lang} />;
  if (field.input === 'lines') {
    // A list of short texts (a press kit's features), one a line; blank lines go when the field is left.
    const lines = form.watch(name);
    const set = (list: string[]) => form.setValue(name, list, { shouldDirty: true });
    return (
      <FormField id={id} label={label} hint={field.hint} error={error}>
        <Textarea
          id={id}
          {...lang}
          rows={6}
          value={Array.isArray(lines) ? (lines as string[]).join('\n') : ''}
          onChange={(e) => set(e.target.value.split('\n'))}
          onBlur={(e) =>
            set(
              e.target.value
                .split('\n')
                .map((line) => line.trim())
                .filter(Boolean),
            )
          }
          {...fieldAria(id, error, Boolean(field.hint))}
        />
      </FormField>
    );
  }
  const Control = field.input === 'textarea' ? Textarea : Input;
  return (
    <FormField id={id} label={label} hint={field.hint} error={error}>
      <Control
        id={id}
        {...lang}
        {...(field.input === 'url' ? { type: 'url', inputMode: 'url' as const } : {})}
        {...(field.input === 'textarea' ? { rows: 4 } : {})}
        {...form.register(name)}
        {...fieldAria(id, error, Boolean(field.hint))}
      />
    </FormField>
  );
}

function FaqInput({
  form,
  id,
  label,
  lang,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  id: string;
  label: string;
  lang: { lang: string; dir: 'ltr' | 'rtl' };
}) {
  const faqErrors = (form.formState.errors.fields as Record<string, unknown> | undefined)?.faq as
    | ({ question?: { message?: string }; answer?: { message?: string } } | undefined)[]
    | { message?: string; root?: { message?: string } }
    | undefined;
  const control = form.control as unknown as UseFormReturn<{
    fields: { faq: { question: string; answer: string }[] };
  }>['control'];
  return (
    <OrderedRows
      control={control}
      name="fields.faq"
      legend={label}
      noun="question"
      idPrefix={id}
      listLabel="Questions"
      blank={() => ({ question: '', answer: '' })}
      empty="No questions in this language yet."
      focusAfterAdd={(i) => `${id}-${i}-question`}
      error={Array.isArray(faqErrors) ? undefined : (faqErrors?.message ?? faqErrors?.root?.message)}
    >
      {(i) => {
        const rowErrors = Array.isArray(faqErrors) ? faqErrors[i] : undefined;
        return (
          <>
            <FormField id={`${id}-${i}-question`} label="Question" error={rowErrors?.question?.message}>
              <Input
                id={`${id}-${i}-question`}
                autoComplete="off"
                {...lang}
                {...form.register(`fields.faq.${i}.question` as `fields.${string}`)}
                {...fieldAria(`${id}-${i}-question`, rowErrors?.question?.message)}
              />
            </FormField>
            <FormField id={`${id}-${i}-answer`} label="Answer" error={rowErrors?.answer?.message}>
              <Textarea
                id={`${id}-${i}-answer`}
                rows={3}
                {...lang}
                {...form.register(`fields.faq.${i}.answer` as `fields.${string}`)}
                {...fieldAria(`${id}-${i}-answer`, rowErrors?.answer?.message)}
              />
            </FormField>
          </>
        );
      }}
    </OrderedRows>
  );
}

function TranslationForm({
  type,
  id,
  kind,
  data,
  entry,
  guard,
  onDirtyChange,
  previewLinks,
}: {
  type: TranslationType;
  id: string;
  kind: TranslationFieldsKind;
  data: ItemTranslations;
  entry: Entry;
  guard: boolean;
  onDirtyChange?: (dirty: boolean) => void;
  previewLinks?: ReactNode;
}) {
  const locale = entry.locale;
  const prefix = `tr-${kind}`;
  const fieldList = TRANSLATED_FIELDS[kind];
  const save = useSaveTranslation(type, id, locale);
  const remove = useDeleteTranslation(type, id, locale);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Which button sent the form: a draft is checked as far as it is written, a publication in full.
  const intent = useRef<SaveIntent>('draft');
  const [sending, setSending] = useState<SaveIntent>('draft');
  const resolver: Resolver<Values> = (values, context, options) => {
    const complete = intent.current === 'publish' && !values.useDefault;
    return zodResolver(translationSchema(kind, complete))(values, context, options as never) as never;
  };
  const form = useForm<Values>({ resolver, defaultValues: toValues(kind, entry) });
  // Autosave, kept changes, the conflict view and the leave guard, per item and language.
  const session = useDraftEditor({
    form: form as UseFormReturn<Values, unknown, unknown>,
    draft: { kind: 'translation', itemKey: translationDraftKey(type, id, locale) },
    item: entry.version ? (entry as SavedItem) : null,
    toValues: (item: Partial<Entry> | null) => toValues(kind, item),
    labels: { fields: 'Translated text', slug: 'Slug', useDefault: 'Show the default-language text here' },
    guard,
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  // Gone (another language chosen, or deleted): nothing of it is left unsaved.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const useDefault = useWatch({ control: form.control, name: 'useDefault' });
  const sourceLabel = `${localeLabel(data.defaultLocale)}, default`;
  const languageName = localeLabel(locale);

  const submit = (next: SaveIntent) => {
    intent.current = next;
    setSending(next);
    void form.handleSubmit(async (values) => {
      const publishAt =
        next === 'schedule'
          ? new Date(values.publishAt).toISOString()
          : next === 'draft' && entry.status === 'scheduled'
            ? entry.publishAt
            : null;
      if (next === 'schedule' && !values.publishAt) {
        form.setError(
          'publishAt',
          { type: 'required', message: 'Pick the date and time to publish' },
          { shouldFocus: true },
        );
        return;
      }
      await session.save(
        save.mutateAsync({
          intent: next,
          input: {
            fields: values.fields,
            slug: kind === 'post' ? values.slug : undefined,
            isPublished: next === 'publish',
            publishAt,
            useDefault: values.useDefault,
            version: session.version,
          },
        }),
        ['fields', 'slug', 'publishAt', 'useDefault'],
      );
    })();
  };

  const published = entry.status === 'published';
  const busy = isSubmitting || session.editorBusy;

  return (
    <form
      noValidate
      aria-label={`${KIND_TITLES[kind]} in ${languageName}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit(published ? 'publish' : 'draft');
      }}
      className="space-y-5"
    >
      {session.banner}
      {session.dialogs}
      <div
        role="group"
        aria-label="Translation status"
        className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
      >
        <TranslationStatusBadge status={entry.status} />
        {entry.status === 'scheduled' && entry.publishAt && <span>Publishes {when(entry.publishAt)}</span>}
        {entry.status === 'missing' && <span className="text-muted-foreground">Not translated yet.</span>}
        {entry.outdated && (
          <Badge variant="purple" data-testid="translation-outdated">
            <TriangleAlert aria-hidden="true" className="mr-1 size-3" />
            Changed since translated
          </Badge>
        )}
        {entry.outdated && (
          <span className="text-muted-foreground">
            The {localeLabel(data.defaultLocale)} text changed after this was saved.
          </span>
        )}
      </div>

      <div className="flex items-start gap-3">
        <Controller
          control={form.control}
          name="useDefault"
          render={({ field }) => (
            <Checkbox
              id={`${prefix}-useDefault`}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              aria-describedby={`${prefix}-useDefault-hint`}
            />
          )}
        />
        <div className="space-y-1">
          <Label htmlFor={`${prefix}-useDefault`}>Show the default-language text here</Label>
          <p id={`${prefix}-useDefault-hint`} className="text-xs text-muted-foreground">
            The {languageName} page shows the {localeLabel(data.defaultLocale)} text and says so, until it is
            translated.
          </p>
        </div>
      </div>

      <div className="space-y-5">
        {kind === 'post' && (
          <SideBySide
            label="URL slug"
            sourceLabel={sourceLabel}
            source={<SourceText value={data.sourceSlug} input="text" />}
          >
            <FormField
              id={`${prefix}-slug`}
              label={`URL slug (${languageName})`}
              hint="Empty makes one from the translated title. Unique within this language."
              error={errors.slug?.message}
            >
              <Input
                id={`${prefix}-slug`}
                autoComplete="off"
                {...form.register('slug')}
                {...fieldAria(`${prefix}-slug`, errors.slug?.message, true)}
              />
            </FormField>
          </SideBySide>
        )}
        {fieldList.map((field) => (
          <SideBySide
            key={field.name}
            label={field.label}
            sourceLabel={sourceLabel}
            source={<SourceText value={data.source[field.name]} input={field.input} />}
          >
            <FieldInput
              form={form as UseFormReturn<Values, unknown, unknown>}
              field={withStoreLocale(field, locale)}
              id={`${prefix}-${field.name}`}
              locale={locale}
              label={`${field.label} (${languageName})`}
              onBusyChange={session.onEditorBusyChange}
            />
          </SideBySide>
        ))}
      </div>
      {useDefault && (
        <p className="text-sm text-muted-foreground">
          While this is ticked the page may be published with fields left empty: the {localeLabel(data.defaultLocale)}{' '}
          text shows.
        </p>
      )}

      <div className="flex flex-col gap-4 border-t pt-5 lg:flex-row lg:items-end lg:justify-between">
        {!published && (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <FormField id={`${prefix}-publishAt`} label="Schedule for" error={errors.publishAt?.message}>
              <Input
                id={`${prefix}-publishAt`}
                type="datetime-local"
                className="sm:w-60"
                {...form.register('publishAt')}
                {...fieldAria(`${prefix}-publishAt`, errors.publishAt?.message)}
              />
            </FormField>
            <Button variant="outline" disabled={busy} onClick={() => submit('schedule')}>
              <CalendarClock aria-hidden="true" />
              Schedule
            </Button>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
          {session.status}
          {entry.version !== null && (
            // This language's own history: a restore saves an old text of it as its newest version.
            <HistoryButton
              kind="translation"
              translation={{ type, item: id, locale }}
              fields={historyFields(kind)}
              itemName={`the ${languageName} translation`}
              current={{ ...entry.fields, slug: entry.slug, isPublished: entry.isPublished, version: entry.version }}
            />
          )}
          {entry.status !== 'missing' && (
            <Button variant="outline" tone="destructive" disabled={busy} onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" />
              Delete translation
            </Button>
          )}
          {published ? (
            <>
              <Button variant="outline" disabled={busy} onClick={() => submit('unpublish')}>
                <Undo2 aria-hidden="true" />
                Unpublish
              </Button>
              <Button type="submit" disabled={busy}>
                {isSubmitting ? 'Saving...' : 'Save'}
              </Button>
            </>
          ) : (
            <>
              <Button type="submit" variant="outline" disabled={busy}>
                {isSubmitting && sending === 'draft' ? 'Saving...' : 'Save draft'}
              </Button>
              <Button disabled={busy} onClick={() => submit('publish')}>
                <Send aria-hidden="true" />
                {isSubmitting && sending === 'publish' ? 'Publishing...' : 'Publish'}
              </Button>
            </>
          )}
        </div>
      </div>
      {previewLinks && entry.version !== null && !published && (
        // A preview of this language's saved text, written in it, for anyone with the link.
        <details className="rounded-lg border [&_summary]:cursor-pointer">
          <summary className="px-4 py-3 text-sm font-medium">Share a preview link in {languageName}</summary>
          <div className="px-4 pb-4">{previewLinks}</div>
        </details>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={(open) => !open && !remove.isPending && setConfirmDelete(false)}
        title={`Delete the ${languageName} translation?`}
        description={`Its ${languageName} text is deleted and its page leaves the site. The other languages are unchanged.`}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            // Its kept changes go with it.
            onSuccess: () => void session.forget(),
            onSettled: () => setConfirmDelete(false),
          })
        }
      />
    </form>
  );
}

/** A store link's hint names the store locale it is for (issue 24, item 8: `de` ↔ App Store `de-DE`). */
function withStoreLocale(field: TranslatedField, locale: string): TranslatedField {
  const known = knownLocale(locale);
  const store =
    field.name === 'appStoreLink'
      ? `App Store locale ${known?.appStore ?? locale}`
      : field.name === 'googlePlayLink'
        ? `Google Play language ${known?.play ?? locale}`
        : undefined;
  return store ? { ...field, hint: `For the ${store} listing. ${field.hint ?? ''}`.trim() } : field;
}

/** What a translation's history compares: a post's address in the language, then its kind's fields. */
function historyFields(kind: TranslationFieldsKind): RevisionField[] {
  const format = { rich: 'html', faq: 'list' } as const;
  return [
    ...(kind === 'post' ? [{ key: 'slug', label: 'URL slug', format: 'text' as const }] : []),
    ...TRANSLATED_FIELDS[kind].map((field) => ({
      key: field.name,
      label: field.label,
      format: field.input === 'rich' || field.input === 'faq' ? format[field.input] : ('text' as const),
    })),
  ];
}

function EditorSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the translation
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-3 md:grid-cols-2 md:gap-6">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The translation of one item (`type` and `id` as the API names them) into `locale`, in its own card.
 * `guard`: the editor asks before leaving with unsaved changes itself; otherwise it reports them to
 * `onDirtyChange` (a page with several blocks has one guard).
 */
export function TranslationEditor({
  type,
  id,
  locale,
  title,
  description,
  guard = true,
  onDirtyChange,
  framed = true,
  previewLinks,
}: {
  type: TranslationType;
  id: string;
  locale: string;
  title?: string;
  description?: ReactNode;
  guard?: boolean;
  onDirtyChange?: (dirty: boolean) => void;
  /** In a card of its own (false inside a dialog, which is the frame). */
  framed?: boolean;
  /** A post's preview links in this language (the route composes them), offered while it is not published. */
  previewLinks?: ReactNode;
}) {
  const kind = fieldsKind(type, id);
  const translations = useItemTranslations(type, id);
  if (!kind) return null;
  return (
    <Card
      data-testid={`translation-${kind}`}
      className={framed ? undefined : 'border-0 bg-transparent shadow-none [&>*]:px-0 [&>*:first-child]:pt-0'}
    >
      <CardHeader>
        <CardTitle className="leading-snug">
          {title ?? KIND_TITLES[kind]} — {localeLabel(locale)}
        </CardTitle>
        <CardDescription>
          {description ??
            'The default language’s text is beside each field (above it on a phone). This language is published on its own.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={translations}
          loading={<EditorSkeleton />}
          error="Failed to load the translation"
          errorStyle="inline"
        >
          {(data) => {
            const entry = data.translations.find((t) => t.locale === locale);
            if (!entry) {
              return (
                <p role="alert" className="text-sm">
                  {localeLabel(locale)} is not one of the site&apos;s languages.
                </p>
              );
            }
            return (
              <TranslationForm
                // A save or a delete moves the translation on: the form starts again from it.
                key={`${locale}:${entry.version ?? 'new'}:${entry.status}`}
                type={type}
                id={id}
                kind={kind}
                data={data}
                entry={entry}
                guard={guard}
                onDirtyChange={onDirtyChange}
                previewLinks={previewLinks}
              />
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
