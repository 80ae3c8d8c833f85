// Press kits (issue 14): the staff's read and save of the studio's kit and of each app's. A save is
// based on the version the edit started from (If-Match); a 409 carries the kit as saved meanwhile,
// which the editor's conflict view shows (so no toast for it).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { PressKit, PressKitInput } from '../../../shared/schemas/press';
import { conflictOf } from '../../components/drafts/conflict';
import { errorMessage, http } from '../../lib/http';

/** Where a kit is edited: the studio's (null) or an app's. */
const adminPath = (appId: number | null) => (appId === null ? api.adminPressKitStudio : api.adminPressKitApp(appId));

export const adminPressKitQuery = (appId: number | null) => ({ queryKey: [adminPath(appId)] as const });

/** A kit as staff edit it; one never written reads as empty (version 0). */
export const usePressKit = (appId: number | null, enabled = true) =>
  useQuery<PressKit>({ ...adminPressKitQuery(appId), enabled });

export interface SavePressKit {
  appId: number | null;
  input: PressKitInput;
  /** The version the edit is based on (0: the kit was never written, nothing to compare). */
  version: number | undefined;
}

/** Saves a whole kit; the reply becomes the cached kit and the public page's read is re-fetched. */
export function useSavePressKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, input, version }: SavePressKit) =>
      http.putVersion<PressKit>(adminPath(appId), input, version || undefined),
    onSuccess: (saved, { appId }) => {
      queryClient.setQueryData(adminPressKitQuery(appId).queryKey, saved);
      return queryClient.invalidateQueries({
        queryKey: [appId === null ? api.pressKitStudio : api.pressKitApp(appId)],
      });
    },
    meta: {
      success: (_saved, variables) => ({
        title: 'Press kit saved',
        description:
          (variables as SavePressKit).appId === null
            ? 'The press page shows it now.'
            : 'The app’s press page shows it now.',
      }),
      error: (error) =>
        conflictOf(error) === undefined
          ? { title: 'Failed to save the press kit', description: errorMessage(error) }
          : undefined,
    },
  });
}
