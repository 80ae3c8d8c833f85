// An app's deletion and support texts in the admin (issue 14): read with their version, saved with
// If-Match by the app form after the app itself (the spec's app payload stays as it is).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { AppPages, AppPagesData } from '../../../shared/schemas/app-pages';
import { http } from '../../lib/http';

export const adminAppPagesQuery = (appId: number) => ({ queryKey: [api.adminAppPages(appId)] as const });

export const useAdminAppPages = (appId: number | null) =>
  useQuery<AppPages>({ ...adminAppPagesQuery(appId ?? 0), enabled: appId !== null });

/** Saves the texts; a 409 means someone else saved them since (the reply carries theirs). */
export const saveAppPages = (appId: number, data: AppPagesData, version: number | undefined) =>
  http.putVersion<AppPages>(api.adminAppPages(appId), data, version);
