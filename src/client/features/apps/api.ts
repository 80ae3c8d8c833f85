import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { App, BlogCounts } from '../../../shared/schemas/apps';
import { parseId } from '../../lib/params';

export const appsQuery = () => ({ queryKey: [api.apps] as const });
export const appQuery = (id: number) => ({ queryKey: [api.app(id)] as const });
export const blogCountsQuery = () => ({ queryKey: [api.blogCounts] as const });

export const useApps = () => useQuery<App[]>(appsQuery());
export const useApp = (id: number, enabled = true) => useQuery<App>({ ...appQuery(id), enabled });
export const useBlogCounts = () => useQuery<BlogCounts>(blogCountsQuery());

/** The slug an app's address (/apps/{appKey}/…) names; null for an id (the server moves those to the slug). */
export const appSlugOf = (appKey: string | undefined): string | null =>
  appKey && parseId(appKey) === null ? appKey : null;
export const appBySlugQuery = (slug: string) => ({ queryKey: [api.appBySlug(slug)] as const });
/** The app of a page under /apps/{slug}/…: read by its slug alone (never for an id). Hidden apps: staff only. */
export const useAppBySlug = (appKey: string | undefined) =>
  useQuery<App>({ ...appBySlugQuery(appKey ?? ''), enabled: appSlugOf(appKey) !== null });
