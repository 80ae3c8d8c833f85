import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import {
  BLOG_INDEX_PAGE_SIZE,
  type BlogPost,
  type PreviewPost,
  type PublicBlogPost,
} from '../../../shared/schemas/blog-posts';
import { pagedKey, type Page } from '../../lib/paged';

export const appBlogsQuery = (appId: number) => ({ queryKey: [api.appBlogs(appId)] as const });
export const blogPostQuery = (id: number) => ({ queryKey: [api.blog(id)] as const });
/** One page of the blog index (every published post, or one app's), with the total. */
export const blogIndexQuery = ({ page, appId }: { page: number; appId?: number }) => ({
  queryKey: pagedKey(api.blogs({ page, pageSize: BLOG_INDEX_PAGE_SIZE, appId })),
});
/** A shared draft, read with its link's secret. */
export const previewQuery = (token: string) => ({ queryKey: [api.preview(token)] as const });

export const useAppBlogs = (appId: number, enabled = true) =>
  useQuery<BlogPost[]>({ ...appBlogsQuery(appId), enabled });
export const useBlogPost = (id: number, enabled = true) => useQuery<BlogPost>({ ...blogPostQuery(id), enabled });
export const useBlogIndex = (query: { page: number; appId?: number }, enabled = true) =>
  useQuery<Page<PublicBlogPost>>({ ...blogIndexQuery(query), enabled });
export const usePreview = (token: string, enabled = true) => useQuery<PreviewPost>({ ...previewQuery(token), enabled });
