// Revisions of posts and pages (issue 12): an item's history, one revision whole, and Restore.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { Revision, RevisionKind, RevisionSummary, RevisionTranslation } from '../../../shared/schemas/revisions';
import { errorMessage, http } from '../../lib/http';

/** Which item a history belongs to: a post by its id, a page by its kind alone, a translation by its item and language. */
export interface RevisionTarget {
  kind: RevisionKind;
  itemId?: number;
  translation?: RevisionTranslation;
}

export const revisionsQuery = ({ kind, itemId, translation }: RevisionTarget) => ({
  queryKey: [
    kind === 'translation' && translation
      ? api.translationRevisions(translation.type, translation.item, translation.locale)
      : api.revisions(kind, kind === 'post' ? itemId : undefined),
  ] as const,
});
export const revisionQuery = (id: number) => ({ queryKey: [api.revision(id)] as const });

/** The item's history, newest first; read afresh each time the panel opens (a save adds one). */
export const useRevisions = (target: RevisionTarget) =>
  useQuery<RevisionSummary[]>({ ...revisionsQuery(target), refetchOnMount: 'always' });

/** One revision with its fields (a revision never changes: read once). */
export const useRevision = (id: number | undefined) =>
  useQuery<Revision>({ ...revisionQuery(id ?? 0), enabled: id !== undefined });

/** The reads that show the item: its editor, and the pages and lists visitors and staff see. */
function itemQueries({ kind, itemId, translation }: RevisionTarget): QueryKey[] {
  switch (kind) {
    case 'translation':
      return translation
        ? [[api.itemTranslations(translation.type, translation.item)], [api.translations(translation.type)]]
        : [];
    case 'about':
      return [[api.aboutUs]];
    case 'privacy':
      return [[api.privacyPolicy]];
    case 'home':
      return [[api.homeContent]];
    case 'post':
      return [[api.adminBlogs], [api.blogCounts], ...(itemId === undefined ? [] : [[api.blog(itemId)]])];
  }
}

/** The single-row pages' reads hold the item itself: the restored one goes straight in. */
const PAGE_READS: Partial<Record<RevisionKind, string>> = {
  about: api.aboutUs,
  privacy: api.privacyPolicy,
  home: api.homeContent,
};

/**
 * Saves a revision's text as the item's newest version (itself a new revision). The item's reads
 * are refreshed, so an editor keyed by the item's version shows the restored text.
 */
export function useRestoreRevision<T extends { version: number } = { version: number } & Record<string, unknown>>(
  target: RevisionTarget,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: number) => http.post<T>(api.restoreRevision(revisionId)),
    onSuccess: async (item) => {
      const read = PAGE_READS[target.kind];
      if (read) queryClient.setQueryData([read], item);
      const appId = (item as { appId?: unknown }).appId;
      if (target.kind === 'post' && typeof appId === 'number') {
        await queryClient.invalidateQueries({ queryKey: [api.appBlogs(appId)] });
      }
    },
    meta: {
      success: (item) => ({
        title: 'Revision restored',
        description: `Saved as version ${(item as { version: number }).version}.`,
      }),
      error: (error) => ({ title: 'Failed to restore revision', description: errorMessage(error) }),
      invalidates: [revisionsQuery(target).queryKey, ...itemQueries(target)],
    },
  });
}
