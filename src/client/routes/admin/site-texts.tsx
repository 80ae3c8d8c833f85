// Site Texts (issue 24): the public site's own words per language. Pick a language, find a text by
// its key or words, see the English text and the one the language ships, and write the studio's own
// (an override) or reset it to the shipped one. Administrators only, as the API.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '../../../shared/schemas/zod';
import { KNOWN_LOCALES } from '../../../shared/locales';
import { UiStringTextSchema, type UiString } from '../../../shared/schemas/ui-strings';
import { EmptyCard, QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Select } from '../../components/ui/controls';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Label, Textarea } from '../../components/ui/input';
import { SearchField } from '../../components/ui/search-field';
import { useSaveUiStrings, useUiStrings } from '../../features/site/ui-strings-api';
import { ApiError } from '../../lib/http';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const TextFormSchema = z.object({ text: UiStringTextSchema });
type TextForm = z.input<typeof TextFormSchema>;

const LANGUAGES = KNOWN_LOCALES.map((l) => ({ value: l.code, label: `${l.englishName} (${l.code})` }));

function TextRow({ locale, item }: { locale: string; item: UiString }) {
  const id = useId();
  const save = useSaveUiStrings(locale);
  const form = useForm<TextForm, unknown, z.output<typeof TextFormSchema>>({
    resolver: zodResolver(TextFormSchema),
    values: { text: item.override ?? item.catalogue },
  });
  const error = form.formState.errors.text?.message;
  // The server's check (ICU syntax, the English text's arguments) comes back per key.
  const onServerError = (failure: unknown) => {
    const issue =
      failure instanceof ApiError ? failure.body?.issues?.find((i) => i.path === `strings.${item.key}`) : undefined;
    if (issue) form.setError('text', { type: 'server', message: issue.message }, { shouldFocus: true });
  };
  const submit = form.handleSubmit(({ text }) => save.mutate({ [item.key]: text }, { onError: onServerError }));
  return (
    <li className="space-y-2 border-b py-4 last:border-b-0" data-testid="site-text">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <code className="text-sm font-semibold">{item.key}</code>
        {item.override !== null && <span className="text-xs text-muted-foreground">Changed by the studio</span>}
      </div>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">English:</span> {item.english}
      </p>
      {locale !== 'en' && item.catalogue !== item.english && (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Shipped:</span> {item.catalogue}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-2">
        <FormField id={`${id}-text`} label={<span className="sr-only">Text for {item.key}</span>} error={error}>
          <Textarea
            id={`${id}-text`}
            rows={2}
            className="min-h-16"
            {...fieldAria(`${id}-text`, error)}
            {...form.register('text')}
          />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={save.isPending || !form.formState.isDirty}>
            Save
          </Button>
          {item.override !== null && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={save.isPending}
              onClick={() => save.mutate({ [item.key]: null })}
            >
              Reset
            </Button>
          )}
        </div>
      </form>
    </li>
  );
}

export default function SiteTextsPage() {
  useDocumentTitle('Site Texts');
  const [locale, setLocale] = useState('en');
  const [search, setSearch] = useState('');
  const strings = useUiStrings(locale);
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      (strings.data?.strings ?? []).filter(
        (s) =>
          !needle ||
          [s.key, s.english, s.catalogue, s.override ?? ''].some((text) => text.toLowerCase().includes(needle)),
      ),
    [strings.data, needle],
  );
  return (
    <AdminPage
      title="Site Texts"
      description="The words the public site writes itself (menus, buttons, headings, messages), in each language."
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-64 space-y-1">
          <Label htmlFor="site-texts-language">Language</Label>
          <Select id="site-texts-language" value={locale} onValueChange={setLocale} options={LANGUAGES} />
        </div>
        <SearchField
          id="site-texts-search"
          label="Search texts"
          placeholder="Search texts..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <QueryState query={strings} loading="Loading site texts..." error="Failed to load site texts">
        {() =>
          shown.length === 0 ? (
            <EmptyCard>No text matches the search.</EmptyCard>
          ) : (
            <Card>
              <CardContent>
                <ul>
                  {shown.map((item) => (
                    <TextRow key={`${locale}:${item.key}`} locale={locale} item={item} />
                  ))}
                </ul>
              </CardContent>
            </Card>
          )
        }
      </QueryState>
    </AdminPage>
  );
}
