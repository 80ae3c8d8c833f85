// The admin's writes on apps (SPEC §7): create, update, delete, and their order. Each refreshes the
// reads it changes; delete and order declare their toasts here (SPEC §8's texts for delete).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { App, AppData } from '../../../shared/schemas/apps';
import { conflictOf } from '../../components/drafts/conflict';
import { errorMessage, http } from '../../lib/http';

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppData) => http.post<App>(api.apps, input),
    onSuccess: (app) => {
      queryClient.setQueryData<App>([api.app(app.id)], app);
      return queryClient.invalidateQueries({ queryKey: [api.apps] });
    },
    meta: {
      success: (app) => ({ title: 'App created', description: `"${(app as App).title}" has been added.` }),
      error: (error) => ({ title: 'Error', description: 'Failed to create app: ' + errorMessage(error) }),
    },
  });
}

/**
 * Saves the app on top of `version` (If-Match, so the body is the spec's own); a 409 means someone
 * else saved it since (its body carries theirs as `current`, for the conflict view: no toast then).
 */
export function useUpdateApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, ...input }: AppData) => http.putVersion<App>(api.app(id), input, version),
    onSuccess: (app) => {
      queryClient.setQueryData<App>([api.app(id)], app);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [api.apps] }),
        // Blog screens show the app's title and icon.
        queryClient.invalidateQueries({ queryKey: [api.adminBlogs] }),
      ]);
    },
    meta: {
      success: (app) => ({
        title: 'App Updated',
        description: `"${(app as App).title}" has been saved.`,
        duration: 3000,
      }),
      error: (error) =>
        conflictOf(error) === undefined
          ? { title: 'Update Failed', description: errorMessage(error) || 'An unknown error occurred' }
          : undefined,
    },
  });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; title: string }) => http.delete<{ success: true }>(api.app(id)),
    // Refresh on failure too: a 404 means someone else deleted it, and the list should say so.
    onSettled: (_reply, _error, { id }) => {
      queryClient.removeQueries({ queryKey: [api.app(id)] });
      queryClient.removeQueries({ queryKey: [api.appBlogs(id)] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [api.apps] }),
        // The app's blog posts go with it.
        queryClient.invalidateQueries({ queryKey: [api.blogCounts] }),
        queryClient.invalidateQueries({ queryKey: [api.adminBlogs] }),
      ]);
    },
    meta: {
      success: (_reply, variables) => ({
        title: 'App deleted',
        description: `"${(variables as { title: string }).title}" has been deleted.`,
      }),
      error: (error) => ({ title: 'Error', description: 'Failed to delete app: ' + errorMessage(error) }),
    },
  });
}

/**
 * Saves a new order of every app. The list shows it at once; a failure puts the old order back
 * (and re-reads it: the list may have changed elsewhere).
 */
export function useReorderApps() {
  const queryClient = useQueryClient();
  const key = [api.apps];
  return useMutation({
    mutationKey: ['reorder-apps'],
    mutationFn: (apps: App[]) => http.put<App[]>(api.appsOrder, { ids: apps.map((a) => a.id) }),
    onMutate: async (apps) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<App[]>(key);
      queryClient.setQueryData(key, apps);
      return { previous };
    },
    onError: (_error, _apps, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    // A later move may already be on screen (and on its way): only the last reply is shown.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: ['reorder-apps'] }) <= 1) queryClient.setQueryData(key, saved);
    },
    meta: {
      success: { title: 'App order saved', description: 'The home page shows the apps in this order.' },
      error: (error) => ({ title: 'Failed to save the app order', description: errorMessage(error) }),
    },
  });
}
