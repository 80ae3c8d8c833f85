// The Media screen's writes: alt text and delete. Every change re-fetches the library; listing
// and uploading are shared by every admin screen (components/media/media-api.ts).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { MediaItem, UsedBy } from '../../../shared/schemas/media';
import { useInvalidateMedia } from '../../components/media/media-api';
import { ApiError, http } from '../../lib/http';

export function useUpdateMediaAlt() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ id, alt }: { id: number; alt: string }) => http.patch<MediaItem>(api.mediaItem(id), { alt }),
    onSettled: invalidate,
  });
}

export function useDeleteMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.mediaItem(id)),
    onSettled: invalidate,
  });
}

/** The places a 409 on delete says still use the image (empty for any other error). */
export function usedByOf(error: unknown): UsedBy[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  return error.body?.usedBy ?? [];
}
