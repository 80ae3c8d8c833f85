// Site Settings › Languages (issue 24): the default language (the one the existing content is written
// in) and the others the site is translated into, in the order visitors see them. Administrators
// change them; everyone else sees the list. Removing a language keeps its translations: adding it
// again brings them back.
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { KNOWN_LOCALES, knownLocale, type SiteLocale } from '../../../shared/locales';
import { SiteLocalesInputSchema } from '../../../shared/schemas/translations';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { FieldError } from '../../components/ui/input';
import { SearchField } from '../../components/ui/search-field';
import { Skeleton } from '../../components/ui/skeleton';
import { applyServerErrors } from '../../lib/form-errors';
import { localeLabel, useSiteLocales, useUpdateLocales } from './api';

type FormInput = z.input<typeof SiteLocalesInputSchema>;
type FormOutput = z.output<typeof SiteLocalesInputSchema>;
interface Values {
  defaultLocale: string;
  locales: string[];
}

const MATCHES_SHOWN = 8;

const toValues = (locales: SiteLocale[]): Values => ({
  defaultLocale: locales.find((l) => l.isDefault)?.code ?? 'en',
  locales: locales.filter((l) => !l.isDefault).map((l) => l.code),
});

/** The known languages matching a search by code, own name or English name, not yet chosen. */
export function matchingLocales(search: string, chosen: readonly string[]) {
  const q = search.trim().toLowerCase();
  return KNOWN_LOCALES.filter(
    (l) =>
      !chosen.includes(l.code) &&
      (!q || [l.code, l.name, l.englishName].some((text) => text.toLowerCase().includes(q))),
  );
}

function LanguagesForm({
  current,
  onDirtyChange,
}: {
  current: SiteLocale[];
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const save = useUpdateLocales();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(SiteLocalesInputSchema),
    defaultValues: toValues(current),
  });
  const defaultLocale = useWatch({ control: form.control, name: 'defaultLocale' });
  const locales = useWatch({ control: form.control, name: 'locales' }) ?? [];
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const { errors, isSubmitting, isDirty } = form.formState;
  // The page holds the one leave guard (a router allows one): it hears of unsaved languages here.
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const setLocales = (next: string[]) => form.setValue('locales', next, { shouldDirty: true });
  const add = (code: string) => {
    setLocales([...locales, code]);
    setSearch('');
    requestAnimationFrame(() => document.getElementById('languages-search')?.focus());
  };
  const move = (from: number, to: number) => {
    const next = [...locales];
    const [code] = next.splice(from, 1);
    next.splice(to, 0, code!);
    setLocales(next);
    const last = next.length - 1;
    const direction = to === 0 ? 'down' : to === last ? 'up' : to < from ? 'up' : 'down';
    requestAnimationFrame(() => document.getElementById(`language-${to}-${direction}`)?.focus());
  };
  const matches = search.trim() ? matchingLocales(search, [defaultLocale, ...locales]) : [];

  const onSubmit = form.handleSubmit(async (values) => {
    await save.mutateAsync(values).then(
      (saved) => form.reset(toValues(saved.locales)),
      (error: unknown) => applyServerErrors(form.setError, error, { fields: ['defaultLocale', 'locales'] }),
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Languages" className="space-y-5">
      <FormField id="default-locale" label="Default language" error={errors.defaultLocale?.message}>
        <Select
          id="default-locale"
          value={defaultLocale}
          onValueChange={(code) => {
            form.setValue('defaultLocale', code, { shouldDirty: true });
            // The default language is not also one of the others.
            if (locales.includes(code)) setLocales(locales.filter((l) => l !== code));
          }}
          options={KNOWN_LOCALES.map((l) => ({ value: l.code, label: localeLabel(l.code) }))}
          invalid={Boolean(errors.defaultLocale)}
          describedBy="default-locale-warning"
        />
        <StoreCodes code={defaultLocale} />
      </FormField>
      <p
        id="default-locale-warning"
        className="flex items-start gap-2 rounded-md border border-yellow-500/40 bg-yellow-500/10 p-3 text-sm"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-yellow-700 dark:text-yellow-300" />
        <span>
          The default language is the one your existing content is written in: its pages keep their addresses. Changing
          it does not translate anything.
        </span>
      </p>

      <fieldset className="min-w-0 space-y-3">
        <legend className="text-sm font-medium">Other languages</legend>
        <p id="languages-hint" className="text-xs text-muted-foreground">
          Their pages live under /{'{language}'}/… and are published one language at a time. The order is the order
          visitors see them in.
        </p>
        {locales.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            The site speaks one language. Add another below.
          </p>
        ) : (
          <ol className="space-y-2" aria-label="Other languages">
            {locales.map((code, i) => (
              <li
                key={code}
                data-testid="site-language"
                className="flex items-center justify-between gap-2 rounded-md border bg-muted/20 py-1.5 pr-1.5 pl-3"
              >
                <span className="min-w-0 text-sm">
                  <span className="font-medium">{localeLabel(code)}</span>{' '}
                  <span className="text-muted-foreground">{code}</span>
                  <StoreCodes code={code} />
                </span>
                <span className="flex shrink-0 gap-1">
                  <Button
                    id={`language-${i}-up`}
                    variant="ghost"
                    size="iconSm"
                    aria-label={`Move ${localeLabel(code)} up`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    id={`language-${i}-down`}
                    variant="ghost"
                    size="iconSm"
                    aria-label={`Move ${localeLabel(code)} down`}
                    disabled={i === locales.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="iconSm"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Remove ${localeLabel(code)}`}
                    onClick={() => setRemoving(code)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </span>
              </li>
            ))}
          </ol>
        )}
        <FieldError id="languages-error" message={errors.locales?.message ?? errors.locales?.root?.message} />
        <div className="space-y-2">
          <SearchField
            id="languages-search"
            label="Add a language"
            placeholder="Add a language: search by name or code"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-describedby="languages-hint"
            aria-controls={search.trim() ? 'languages-matches' : undefined}
          />
          {search.trim() && (
            <ul id="languages-matches" aria-label="Languages to add" className="space-y-1">
              {matches.length === 0 && <li className="p-2 text-sm text-muted-foreground">No language matches.</li>}
              {matches.slice(0, MATCHES_SHOWN).map((l) => (
                <li key={l.code}>
                  <Button
                    variant="ghost"
                    className="h-auto w-full justify-start py-2 text-left whitespace-normal"
                    onClick={() => add(l.code)}
                  >
                    <Plus aria-hidden="true" />
                    <span className="min-w-0 text-left whitespace-normal">
                      Add <span lang={l.code}>{l.name}</span>
                      {l.englishName !== l.name && <span className="text-muted-foreground"> — {l.englishName}</span>}
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </fieldset>

      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save languages'}
        </Button>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? `Remove ${localeLabel(removing)}?` : 'Remove this language?'}
        description="Its pages leave the site when you save. Its translations are kept: add the language again and they come back."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onConfirm={() => {
          if (removing) setLocales(locales.filter((code) => code !== removing));
          setRemoving(null);
        }}
      />
    </form>
  );
}

function ReadOnlyLanguages({ locales }: { locales: SiteLocale[] }) {
  return (
    <div className="space-y-3">
      <ul className="space-y-1 text-sm" aria-label="The site's languages">
        {locales.map((l) => (
          <li key={l.code}>
            <span className="font-medium">{localeLabel(l.code)}</span>{' '}
            <span className="text-muted-foreground">{l.code}</span>
            {l.isDefault && <span className="text-muted-foreground"> — default</span>}
            <StoreCodes code={l.code} />
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">Only administrators change the site&apos;s languages.</p>
    </div>
  );
}

/**
 * The store locale codes a language maps to (issue 24, item 8): where its App Store and Google Play
 * listings are, for staff who fill in a store link per language.
 */
export function StoreCodes({ code, className }: { code: string; className?: string }) {
  const known = knownLocale(code);
  if (!known) return null;
  return (
    <span data-testid="store-codes" className={className ?? 'block text-xs text-muted-foreground'}>
      App Store: <code>{known.appStore}</code> · Google Play: <code>{known.play}</code>
    </span>
  );
}

export function LanguagesCard({
  canEdit,
  onDirtyChange,
}: {
  canEdit: boolean;
  /** Unsaved changes to the languages, for the page's leave guard. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const locales = useSiteLocales();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Languages</CardTitle>
        <CardDescription>
          The languages the public site is written in. Each is translated and published on its own.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={locales}
          loading={<Skeleton className="h-24 w-full" />}
          error="Failed to load the languages"
          errorStyle="inline"
        >
          {(data) =>
            canEdit ? (
              <LanguagesForm current={data} onDirtyChange={onDirtyChange} />
            ) : (
              <ReadOnlyLanguages locales={data} />
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
