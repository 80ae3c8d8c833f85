import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { App, BlogCounts } from '../../../shared/schemas/apps';

export const appsQuery = () => ({ queryKey: [api.apps] as const });
export const appQuery = (id: number) => ({ queryKey: [api.app(id)] as const });
export const blogCountsQuery = () => ({ queryKey: [api.blogCounts] as const });

export const useApps = () => useQuery<App[]>(appsQuery());
export const useApp = (id: number, enabled = true) => useQuery<App>({ ...appQuery(id), enabled });
export const useBlogCounts = () => useQuery<BlogCounts>(blogCountsQuery());
