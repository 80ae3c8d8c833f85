// The admin's writes on apps (SPEC §7): create, update, delete. Each refreshes the reads it changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { App, AppData } from '../../../shared/schemas/apps';
import { http } from '../../lib/http';

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppData) => http.post<App>(api.apps, input),
    onSuccess: (app) => {
      queryClient.setQueryData<App>([api.app(app.id)], app);
      return queryClient.invalidateQueries({ queryKey: [api.apps] });
    },
  });
}

export function useUpdateApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppData) => http.put<App>(api.app(id), input),
    onSuccess: (app) => {
      queryClient.setQueryData<App>([api.app(id)], app);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [api.apps] }),
        // Blog screens show the app's title and icon.
        queryClient.invalidateQueries({ queryKey: [api.adminBlogs] }),
      ]);
    },
  });
}

export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.app(id)),
    // Refresh on failure too: a 404 means someone else deleted it, and the list should say so.
    onSettled: (_reply, _error, id) => {
      queryClient.removeQueries({ queryKey: [api.app(id)] });
      queryClient.removeQueries({ queryKey: [api.appBlogs(id)] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [api.apps] }),
        // The app's blog posts go with it.
        queryClient.invalidateQueries({ queryKey: [api.blogCounts] }),
        queryClient.invalidateQueries({ queryKey: [api.adminBlogs] }),
      ]);
    },
  });
}
