// An app's deletion and support texts as its public pages read them, and the visitor's deletion request.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { DeletionReceipt, DeletionRequestInput, PublicAppPages } from '../../../shared/schemas/app-pages';
import { http } from '../../lib/http';

export const appPagesQuery = (appId: number) => ({ queryKey: [api.appPages(appId)] as const });
export const usePublicAppPages = (appId: number) =>
  useQuery<PublicAppPages>({ ...appPagesQuery(appId), enabled: appId > 0 });

/** Sends the deletion form as filled in, honeypot included (the server drops what bots send). */
export const sendDeletionRequest = (appId: number, input: DeletionRequestInput) =>
  http.post<DeletionReceipt>(api.deletionRequests(appId), input);
