// The translation editor's form values and rules (issue 24): what a translation starts from, and the
// item form's rules for its fields, complete to publish and as far as written for a draft.
import {
  TRANSLATION_FIELDS,
  type ItemTranslations,
  type TranslationFieldsKind,
} from '../../../shared/schemas/translations';
import { z } from '../../../shared/schemas/zod';
import { TRANSLATED_FIELDS, type TranslatedField } from './fields';
import { localInput } from '../../lib/local-time';

export type Entry = ItemTranslations['translations'][number];

export interface Values {
  fields: Record<string, unknown>;
  slug: string;
  useDefault: boolean;
  /** The datetime-local field's value (the reader's time zone). */
  publishAt: string;
}

/** A field's starting value: what is saved, else empty of the field's shape. */
function blankOf(field: TranslatedField): unknown {
  return field.input === 'faq' || field.input === 'lines' ? [] : '';
}

export function toValues(kind: TranslationFieldsKind, entry: Partial<Entry> | null): Values {
  const fields = Object.fromEntries(
    TRANSLATED_FIELDS[kind].map((field) => [field.name, entry?.fields?.[field.name] ?? blankOf(field)]),
  );
  return {
    fields,
    slug: entry?.slug ?? '',
    useDefault: entry?.useDefault ?? false,
    publishAt: localInput(entry?.publishAt),
  };
}

/** Text of a draft's empty fields is not checked (the server keeps them empty); a published one must be complete. */
const dropEmpty = (fields: unknown) =>
  Object.fromEntries(
    Object.entries((fields ?? {}) as Record<string, unknown>).filter(
      ([, v]) => v !== '' && v !== null && v !== undefined,
    ),
  );

/** The item form's rules for the translated fields: all of them to publish, what is written for a draft. */
export function translationSchema(kind: TranslationFieldsKind, complete: boolean) {
  const fields = TRANSLATION_FIELDS[kind];
  return z.object({
    fields: complete ? fields : z.preprocess(dropEmpty, fields.partial()),
    slug: z.string().trim().max(200, 'A slug must be at most 200 characters'),
    useDefault: z.boolean(),
    publishAt: z.string().refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'Please enter a valid date and time'),
  });
}
