// Admin reads and writes of blog posts (SPEC §7). Every change re-fetches the admin list and
// the public views it touches: the app's post list, the post itself and the blog counts.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { AdminBlogPost, BlogPost, BlogPostData } from '../../../shared/schemas/blog-posts';
import type { NewPreviewLink, PreviewLink } from '../../../shared/schemas/preview-links';
import { errorMessage, http } from '../../lib/http';
import { fetchPage, pagePath, type Page } from '../../lib/paged';

export const adminBlogsQuery = () => ({ queryKey: [api.adminBlogs] as const });

export const ADMIN_BLOGS_PAGE_SIZE = 20;

/**
 * Every post matching `q` (title or app title, searched on the server), newest first, read in pages
 * of 20 as the list grows ("Load more"): a studio with a thousand posts opens the screen at once.
 */
export const useAdminBlogs = (q: string) =>
  useInfiniteQuery({
    queryKey: [api.adminBlogs, { q }],
    queryFn: ({ pageParam }) =>
      fetchPage<AdminBlogPost>(pagePath(api.adminBlogs, { page: pageParam, pageSize: ADMIN_BLOGS_PAGE_SIZE, q })),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * ADMIN_BLOGS_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    // The list on screen stays while a new search runs.
    placeholderData: keepPreviousData,
  });

/** How many posts there are in all (one tiny page read: the server counts). */
export const useAdminBlogsTotal = () =>
  useQuery({
    queryKey: [api.adminBlogs, 'total'],
    queryFn: async () => (await fetchPage<AdminBlogPost>(pagePath(api.adminBlogs, { page: 1, pageSize: 1 }))).total,
  });

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

/** The app a post belonged to before the change, as any cached page of the admin list knows it. */
function cachedAppId(queryClient: QueryClient, postId: number): number | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<Page<AdminBlogPost>>>({
    queryKey: [api.adminBlogs],
  })) {
    const found = data?.pages?.flatMap((page) => page.items).find((p) => p.id === postId);
    if (found) return found.appId ?? undefined;
  }
  return undefined;
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlogPostData) => http.post<BlogPost>(api.adminBlogs, input),
    onSuccess: (post) => invalidateBlogQueries(queryClient, { postId: post.id, appIds: [post.appId ?? undefined] }),
    meta: {
      success: { title: 'Blog post created successfully' },
      error: (error) => ({ title: 'Failed to create blog post', description: errorMessage(error) }),
    },
  });
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    // The version the edit is based on travels as If-Match.
    mutationFn: ({ id, input: { version, ...body } }: { id: number; input: BlogPostData }) =>
      http.putVersion<BlogPost>(api.adminBlog(id), body, version),
    onSettled: (_post, _error, { id, input }) =>
      invalidateBlogQueries(queryClient, {
        postId: id,
        appIds: [cachedAppId(queryClient, id), input.appId ?? undefined],
      }),
    meta: {
      success: { title: 'Blog post updated successfully' },
      error: (error) => ({ title: 'Failed to update blog post', description: errorMessage(error) }),
    },
  });
}

export function usePublishBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.patch<BlogPost>(api.publishBlog(id), undefined),
    onSettled: (_post, _error, id) =>
      invalidateBlogQueries(queryClient, { postId: id, appIds: [cachedAppId(queryClient, id)] }),
    meta: {
      success: { title: 'Blog post published successfully' },
      error: (error) => ({ title: 'Failed to publish blog post', description: errorMessage(error) }),
    },
  });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ success: true }>(api.adminBlog(id)),
    onSettled: (_reply, _error, id) =>
      invalidateBlogQueries(queryClient, { postId: id, appIds: [cachedAppId(queryClient, id)] }),
    meta: {
      success: { title: 'Blog post deleted successfully' },
      error: (error) => ({ title: 'Failed to delete blog post', description: errorMessage(error) }),
    },
  });
}

/** Back to draft (issue 12): gone from every public page, feed and sitemap. */
export function useUnpublishBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.patch<BlogPost>(api.unpublishBlog(id), undefined),
    onSettled: (_post, _error, id) =>
      invalidateBlogQueries(queryClient, { postId: id, appIds: [cachedAppId(queryClient, id)] }),
    meta: {
      success: { title: 'Blog post unpublished', description: 'It is a draft again and no longer public.' },
      error: (error) => ({ title: 'Failed to unpublish blog post', description: errorMessage(error) }),
    },
  });
}

/** A post's preview links that still open (with a language: those of its translation into it, issue 24). */
export const usePreviewLinks = (postId: number, locale?: string) =>
  useQuery({
    queryKey: [api.previewLinks(postId, locale)],
    queryFn: () => http.get<PreviewLink[]>(api.previewLinks(postId, locale)),
  });

export function useCreatePreviewLink(postId: number, locale?: string) {
  return useMutation({
    mutationFn: () => http.post<NewPreviewLink>(api.previewLink(postId, locale), undefined),
    meta: {
      invalidates: [[api.previewLinks(postId, locale)]],
      error: (error) => ({ title: 'Failed to create a preview link', description: errorMessage(error) }),
    },
  });
}

export function useRevokePreviewLink(postId: number, locale?: string) {
  return useMutation({
    mutationFn: (linkId: number) => http.delete<{ success: true }>(api.revokePreviewLink(postId, linkId)),
    meta: {
      invalidates: [[api.previewLinks(postId, locale)]],
      success: { title: 'Preview link revoked', description: 'The link no longer opens the draft.' },
      error: (error) => ({ title: 'Failed to revoke the preview link', description: errorMessage(error) }),
    },
  });
}

/**
 * Issue 26: a published studio post drafted as a campaign to the studio's newsletter; answers the
 * campaign and the address of its editor on the Campaigns screen (nothing is mailed yet).
 */
export function useSendPostToNewsletter() {
  return useMutation({
    mutationFn: (postId: number) => http.post<{ id: number; editUrl: string }>(api.blogNewsletter(postId), {}),
    meta: {
      success: { title: 'Campaign drafted: review it and send it from Campaigns' },
      error: (error) => ({ title: 'Failed to draft the campaign', description: errorMessage(error) }),
    },
  });
}
