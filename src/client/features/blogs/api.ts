import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { BlogPost } from '../../../shared/schemas/blog-posts';

export const appBlogsQuery = (appId: number) => ({ queryKey: [api.appBlogs(appId)] as const });
export const blogPostQuery = (id: number) => ({ queryKey: [api.blog(id)] as const });

export const useAppBlogs = (appId: number, enabled = true) =>
  useQuery<BlogPost[]>({ ...appBlogsQuery(appId), enabled });
export const useBlogPost = (id: number, enabled = true) => useQuery<BlogPost>({ ...blogPostQuery(id), enabled });
