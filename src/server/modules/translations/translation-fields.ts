// A translation's fields, checked as the API checks them (issue 24): by the rules of the item's own
// form, rich text sanitised. The translations route and the demo seed both write through this.
import {
  TRANSLATION_FIELDS,
  TRANSLATION_HTML_FIELDS,
  type TranslationFieldsKind,
} from '../../../shared/schemas/translations';
import { invalid } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { pickFields } from './translation-sources';

/**
 * The translated fields, checked by the rules of the item's own form. A published translation needs
 * every field the item needs; a draft may be partly written (what it has is still checked).
 */
export function checkFields(kind: TranslationFieldsKind, fields: Record<string, unknown>, complete: boolean) {
  const schema = TRANSLATION_FIELDS[kind];
  const known = Object.keys(schema.shape);
  const given = Object.fromEntries(
    Object.entries(fields).filter(
      ([name, value]) => known.includes(name) && (complete || (value !== '' && value != null)),
    ),
  );
  const result = (complete ? schema : schema.partial()).safeParse(given);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: ['fields', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw invalid(issues[0]?.message ?? 'Check the translation', issues);
  }
  const clean = pickFields(kind, result.data);
  for (const name of TRANSLATION_HTML_FIELDS[kind]) {
    if (typeof clean[name] === 'string' && clean[name]) clean[name] = sanitizeRichText(clean[name]);
  }
  return clean;
}
