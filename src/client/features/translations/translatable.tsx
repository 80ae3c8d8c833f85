// A screen's editor with the language switcher above it (issue 24): the default language shows the
// editor given as `children`, unchanged; another language shows the item's translation editor.
import type { ReactNode } from 'react';
import { LoadingCard } from '../../components/query-state';
import type { TranslationType } from '../../../shared/schemas/translations';
import { useItemStatuses } from './api';
import { EditorLanguageSwitcher, useEditorLanguage, type EditorLanguage } from './language-switcher';
import { TranslationEditor } from './translation-editor';

export function Translatable({
  type,
  id,
  language: given,
  children,
}: {
  type: TranslationType;
  id: string;
  /** The screen's own reading of the language, when it needs it too (e.g. to hide History). */
  language?: EditorLanguage;
  children: ReactNode;
}) {
  const own = useEditorLanguage();
  const language = given ?? own;
  const statuses = useItemStatuses(type, id, language.multilingual);
  return (
    <>
      {language.multilingual && (
        <div className="mb-6">
          <EditorLanguageSwitcher language={language} statuses={statuses} />
        </div>
      )}
      {language.pending ? (
        <LoadingCard text="Loading the languages" />
      ) : language.lang ? (
        <TranslationEditor key={language.lang} type={type} id={id} locale={language.lang} />
      ) : (
        children
      )}
    </>
  );
}
