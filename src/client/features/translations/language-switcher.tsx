// The editors' language switcher (issue 24): the default language shows the editor as it always was;
// another shows the item's translation into it. The choice is kept in the address (`?lang=de`), so a
// reload stays on it, and leaving a language with unsaved changes asks first (the leave guard hears
// a change of `lang` as leaving).
import { Languages } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SiteLocale } from '../../../shared/locales';
import type { TranslationStatus } from '../../../shared/schemas/translations';
import { DiscardChangesDialog } from '../../components/drafts/unsaved-changes';
import { Select } from '../../components/ui/controls';
import { Label } from '../../components/ui/input';
import { localeLabel, useSiteLocales } from './api';

export const LANG_PARAM = 'lang';

const STATUS_WORDS: Record<TranslationStatus, string> = {
  missing: 'not translated',
  draft: 'draft',
  scheduled: 'scheduled',
  published: 'published',
};

export interface EditorLanguage {
  locales: SiteLocale[];
  /** The chosen language when it is not the default one; null for the default (the item's own editor). */
  lang: string | null;
  setLang: (code: string) => void;
  /** The site speaks more than one language (otherwise there is nothing to switch). */
  multilingual: boolean;
  /** A language is asked for but the site's languages are still loading: show neither editor yet. */
  pending: boolean;
}

/** The language an editor shows, from `?lang=` (an unknown or the default language is the default editor). */
export function useEditorLanguage(): EditorLanguage {
  const [params, setParams] = useSearchParams();
  const query = useSiteLocales();
  const locales = query.data ?? [];
  const asked = params.get(LANG_PARAM)?.toLowerCase();
  const lang = locales.find((l) => !l.isDefault && l.code.toLowerCase() === asked)?.code ?? null;
  const setLang = (code: string) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      if (locales.find((l) => l.code === code)?.isDefault) next.delete(LANG_PARAM);
      else next.set(LANG_PARAM, code);
      return next;
    });
  return { locales, lang, setLang, multilingual: locales.length > 1, pending: Boolean(asked) && query.isPending };
}

/** A select of the site's languages, the default first and marked so; nothing when the site has one. */
export function LanguageSwitcher({
  locales,
  value,
  onChange,
  dirty = false,
  statuses = {},
  id = 'editor-language',
}: {
  locales: SiteLocale[];
  /** The chosen language; null is the default one. */
  value: string | null;
  onChange: (code: string) => void;
  /** Unsaved changes a switch would drop, where no leave guard hears it (a dialog's form): asks first. */
  dirty?: boolean;
  /** The item's status in each other language, shown beside its name. */
  statuses?: Record<string, TranslationStatus>;
  id?: string;
}) {
  const [asking, setAsking] = useState<string | null>(null);
  if (locales.length < 2) return null;
  const defaultCode = locales.find((l) => l.isDefault)?.code ?? '';
  return (
    <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3" data-testid="language-switcher">
      <Label htmlFor={id} className="inline-flex items-center gap-1.5">
        <Languages aria-hidden="true" className="size-4 text-muted-foreground" />
        Language
      </Label>
      <Select
        id={id}
        className="sm:w-72"
        value={value ?? defaultCode}
        onValueChange={(code) => (dirty ? setAsking(code) : onChange(code))}
        describedBy={`${id}-hint`}
        options={locales.map((l) => ({
          value: l.code,
          label: l.isDefault
            ? `${localeLabel(l.code)} — default`
            : statuses[l.code]
              ? `${localeLabel(l.code)} — ${STATUS_WORDS[statuses[l.code]!]}`
              : localeLabel(l.code),
        }))}
      />
      <p id={`${id}-hint`} className="sr-only">
        The default language edits the item itself; another language edits its translation.
      </p>
      <DiscardChangesDialog
        open={asking !== null}
        description="Your changes in this language have not been saved. Switch and lose them?"
        onKeepEditing={() => setAsking(null)}
        onDiscard={() => {
          if (asking) onChange(asking);
          setAsking(null);
        }}
      />
    </div>
  );
}

/** The switcher bound to the address (`?lang=`), for a screen's editors. */
export function EditorLanguageSwitcher({
  language,
  statuses,
}: {
  language: EditorLanguage;
  statuses?: Record<string, TranslationStatus>;
}) {
  return (
    <LanguageSwitcher
      locales={language.locales}
      value={language.lang}
      onChange={language.setLang}
      statuses={statuses}
    />
  );
}
