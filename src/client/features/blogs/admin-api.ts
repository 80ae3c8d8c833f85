// Admin reads and writes of blog posts (SPEC §7). Every change re-fetches the admin list and
// the public views it touches: the app's post list, the post itself and the blog counts.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { AdminBlogPost, BlogPost, BlogPostData } from '../../../shared/schemas/blog-posts';
import { http } from '../../lib/http';

export const adminBlogsQuery = () => ({ queryKey: [api.adminBlogs] as const });

export const useAdminBlogs = () => useQuery<AdminBlogPost[]>(adminBlogsQuery());

/** Marks every query a change of these posts and apps may have made out of date. */
function invalidateBlogQueries(
  queryClient: QueryClient,
  { postId, appIds }: { postId?: number; appIds: (number | undefined)[] },
) {
  const keys: string[] = [api.adminBlogs, api.blogCounts];
  if (postId !== undefined) keys.push(api.blog(postId));
  for (const appId of new Set(appIds)) if (appId !== undefined) keys.push(api.appBlogs(appId));
  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** The app a post belonged to before the change, as the cached admin list knows it. */
function cachedAppId(queryClient: QueryClient, postId: number): number | undefined {
  return queryClient.getQueryData<AdminBlogPost[]>([api.adminBlogs])?.find((p) => p.id === postId)?.appId;
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlogPostData) => http.post<BlogPost>(api.adminBlogs, input),
    onSuccess: (post) => invalidateBlogQueries(queryClient, { postId: post.id, appIds: [post.appId] }),
  });
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: BlogPostData }) => http.put<BlogPost>(api.adminBlog(id), input),
    onSettled: (_post, _error, { id, input }) =>
      invalidateBlogQueries(queryClient, { postId: id, appIds: [cachedAppId(queryClient, id), input.appId] }),
  });
}

export function usePublishBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.patch<BlogPost>(api.publishBlog(id), undefined),
    onSettled: (_post, _error, id) =>
      invalidateBlogQueries(queryClient, { postId: id, appIds: [cachedAppId(queryClient, id)] }),
  });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.adminBlog(id)),
    onSettled: (_reply, _error, id) =>
      invalidateBlogQueries(queryClient, { postId: id, appIds: [cachedAppId(queryClient, id)] }),
  });
}
