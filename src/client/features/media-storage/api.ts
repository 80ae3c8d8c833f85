// Site Settings › Storage (issue 28): the settings, their connection test, and the move of every
// media file between the database and the object store (polled while it runs). Administrators only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type {
  MediaMove,
  MediaMoveState,
  MediaStorageInput,
  MediaStorageSettings,
  StorageName,
  StorageTestResult,
} from '../../../shared/schemas/media-storage';
import { errorMessage, http } from '../../lib/http';

const settingsKey = [api.mediaStorage] as const;
const moveKey = [api.mediaMove] as const;
/** How often a running move's progress is read. */
const PROGRESS_POLL_MS = 1_000;

export const useMediaStorage = (enabled: boolean) =>
  useQuery<MediaStorageSettings>({ queryKey: settingsKey, queryFn: () => http.get(api.mediaStorage), enabled });

export function useSaveMediaStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MediaStorageInput) => http.put<MediaStorageSettings>(api.mediaStorage, input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    meta: {
      success: { title: 'Storage settings saved', description: 'Test the connection before moving media.' },
      error: (error) => ({ title: 'Failed to save the storage settings', description: errorMessage(error) }),
    },
  });
}

export const useTestMediaStorage = () =>
  useMutation({
    mutationFn: (input: MediaStorageInput | undefined) => http.post<StorageTestResult>(api.mediaStorageTest, input),
  });

export const useMediaMove = (enabled: boolean) =>
  useQuery<MediaMoveState>({
    queryKey: moveKey,
    queryFn: () => http.get(api.mediaMove),
    enabled,
    refetchInterval: (query) => (query.state.data?.move?.status === 'running' ? PROGRESS_POLL_MS : false),
  });

export function useStartMediaMove() {
  return useMutation({
    mutationFn: (target: StorageName) => http.post<MediaMove>(api.mediaMove, { target }),
    meta: {
      invalidates: [moveKey, settingsKey],
      success: {
        title: 'Moving media',
        description: 'Files move one at a time in the background; you may leave this page.',
      },
      error: (error) => ({ title: 'The move could not start', description: errorMessage(error) }),
    },
  });
}

export function useCancelMediaMove() {
  return useMutation({
    mutationFn: () => http.post<MediaMoveState>(api.mediaMoveCancel),
    meta: {
      invalidates: [moveKey, settingsKey],
      success: { title: 'Move cancelled', description: 'Files already moved stay where they are now.' },
      error: (error) => ({ title: 'Failed to cancel the move', description: errorMessage(error) }),
    },
  });
}
