// The Media screen's writes: alt text and delete. Every change re-fetches the library; listing
// and uploading are shared by every admin screen (components/media/media-api.ts).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { MediaItem, UsedBy } from '../../../shared/schemas/media';
import { useInvalidateMedia } from '../../components/media/media-api';
import { ApiError, errorMessage, http } from '../../lib/http';

export function useUpdateMediaAlt() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ item, alt }: { item: MediaItem; alt: string }) =>
      http.patch<MediaItem>(api.mediaItem(item.id), { alt }),
    onSettled: invalidate,
    meta: {
      success: (_reply, variables) => ({
        title: 'Alt text saved',
        description: `"${(variables as { item: MediaItem }).item.filename}" now has the new alt text.`,
      }),
      error: (error) => ({ title: 'Failed to save alt text', description: errorMessage(error) }),
    },
  });
}

/** A 409 (still used somewhere) shows no toast: the screen says where the image is used instead. */
export function useDeleteMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (item: MediaItem) => http.delete<{ success: true }>(api.mediaItem(item.id)),
    onSettled: invalidate,
    meta: {
      success: (_reply, item) => ({
        title: 'Image deleted',
        description: `"${(item as MediaItem).filename}" has been deleted.`,
      }),
      error: (error) =>
        usedByOf(error).length > 0 ? undefined : { title: 'Failed to delete image', description: errorMessage(error) },
    },
  });
}

/** The places a 409 on delete says still use the image (empty for any other error). */
export function usedByOf(error: unknown): UsedBy[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  return error.body?.usedBy ?? [];
}
