// The media library as every admin screen sees it: one page of images, one upload, the limits.
// (Editing alt text and deleting belong to the Media screen: features/media/admin-api.ts.)
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { MediaItem, MediaList } from '../../../shared/schemas/media';
import { http } from '../../lib/http';
import { upload } from '../../lib/upload';
import { formatBytes } from './format';

/** The server's limit per file (it answers 413 above it): refused before anything is sent. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_PAGE_SIZE = 24;

export interface MediaListParams {
  page: number;
  pageSize?: number;
  search?: string;
}

export const mediaListQuery = ({ page, pageSize = MEDIA_PAGE_SIZE, search = '' }: MediaListParams) => {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search) query.set('search', search);
  return {
    queryKey: [api.media, { page, pageSize, search }] as const,
    queryFn: () => http.get<MediaList>(`${api.media}?${query}`),
  };
};

/** One page of the library, newest first; the previous page stays on screen while the next loads. */
export const useMediaList = (params: MediaListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...mediaListQuery(params), placeholderData: keepPreviousData, enabled });

/** A file the browser can tell is no image, or one over the size limit: refused before sending. */
export function precheckImageFile(file: File): string | undefined {
  if (file.type && !file.type.startsWith('image/')) return `"${file.name}" is not an image.`;
  if (file.size > MEDIA_MAX_BYTES) return `"${file.name}" is larger than ${formatBytes(MEDIA_MAX_BYTES)}.`;
  return undefined;
}

/** Uploads one file; `onProgress` gets the share of its bytes sent (0 to 1). */
export async function uploadMediaFile(
  file: File,
  { alt, onProgress, signal }: { alt?: string; onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<MediaItem> {
  const body = new FormData();
  // The server reads fields in order: alt text first, so it applies to the file after it.
  if (alt?.trim()) body.append('alt', alt.trim());
  body.append('file', file, file.name);
  const items = await upload<MediaItem[]>(api.media, body, {
    signal,
    onProgress: onProgress && ((sent, total) => onProgress(total > 0 ? Math.min(sent / total, 1) : 0)),
  });
  const item = items[0];
  if (!item) throw new Error(`The server did not return the uploaded image for "${file.name}".`);
  return item;
}

/** Marks every page of the library (and the item lists that show images) out of date. */
export function useInvalidateMedia() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [api.media] });
}
