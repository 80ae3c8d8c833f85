// Restore of a translation's revision (issue 24): the revision's text saved again as a new version of
// that language's translation only, which keeps its state (published, scheduled or a draft), as a
// post's restore does. No other language, and not the item itself, changes.
import type { Revision } from '../../../shared/schemas/revisions';
import type { TranslationType } from '../../../shared/schemas/translations';
import { invalid, notFound, staleVersion } from '../../lib/errors';
import type { Deps } from '../../types';
import { checkFields } from './translation-fields';
import { sourceHash, translationSources } from './translation-sources';
import { toTranslation } from './translations.repo';

export function translationRestorer(deps: Deps) {
  const repo = deps.repos.translations;
  const source = translationSources(deps.repos);

  return async function restoreTranslation(revision: Revision, userId: number | null) {
    const key = revision.translation;
    if (!key) throw notFound('Revision');
    const item = await source(key.type as TranslationType, key.item);
    if (!item) throw notFound('Item');
    const current = await repo.get(key.type, key.item, key.locale);
    if (!current) throw notFound('Translation');
    const { slug, isPublished: _p, publishAt: _s, useDefault: _u, ...text } = revision.data;
    let fields: Record<string, unknown>;
    try {
      // Published text must be complete, as a save's.
      fields = checkFields(item.kind, text, current.isPublished && !current.useDefault);
    } catch {
      throw invalid('This revision can no longer be restored');
    }
    const hash = sourceHash(item.fields);
    const result = await repo.put(key.type, key.item, key.locale, {
      fields,
      slug: item.kind === 'post' ? (typeof slug === 'string' ? slug : '') : null,
      slugBase: item.kind === 'post' ? (item.slug ?? 'post') : undefined,
      isPublished: current.isPublished,
      publishAt: current.publishAt?.toISOString() ?? null,
      useDefault: current.useDefault,
      // The translation as it is now: a save between reading and writing is not overwritten.
      version: current.version,
      sourceHash: current.sourceHash,
      userId,
      reason: 'restore',
    });
    if ('stale' in result) throw staleVersion(toTranslation(result.stale, hash));
    return toTranslation(result.row, hash);
  };
}
