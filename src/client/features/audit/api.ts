// The audit log in the admin (issue 23): pages of entries by filter, the filter menus' choices, the
// CSV export's address, and the retention setting. Administrators only.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import {
  auditFilterQuery,
  type AuditEntry,
  type AuditFilterInput,
  type AuditFilterOptions,
  type AuditRetention,
} from '../../../shared/schemas/audit-log';
import { errorMessage, http } from '../../lib/http';
import { fetchPage, type Page } from '../../lib/paged';

export const AUDIT_PAGE_SIZE = 50;

/** Every read of the log starts with this key, so one invalidation refreshes them all. */
const auditKey = [api.auditLog] as const;

export const useAuditLog = (filter: AuditFilterInput, page: number) =>
  useQuery<Page<AuditEntry>>({
    queryKey: [...auditKey, 'list', filter, page],
    queryFn: () =>
      fetchPage<AuditEntry>(`${api.auditLog}?${auditFilterQuery(filter, { page, pageSize: AUDIT_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });

export const useAuditFilterOptions = () =>
  useQuery<AuditFilterOptions>({ queryKey: [...auditKey, 'filters'], queryFn: () => http.get(api.auditLogFilters) });

/** The CSV export of every entry the filters match (a plain link: the browser downloads it). */
export function auditCsvHref(filter: AuditFilterInput): string {
  const query = auditFilterQuery(filter);
  return query ? `${api.auditLogCsv}?${query}` : api.auditLogCsv;
}

const retentionKey = [api.auditLogRetention] as const;

/** `enabled`: only an administrator may ask (a plain User is refused). */
export const useAuditRetention = (enabled: boolean) =>
  useQuery<AuditRetention>({ queryKey: retentionKey, queryFn: () => http.get(api.auditLogRetention), enabled });

export function useSaveAuditRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AuditRetention) => http.put<AuditRetention>(api.auditLogRetention, input),
    onSuccess: (saved) => queryClient.setQueryData(retentionKey, saved),
    meta: {
      // A shorter retention removes entries at once.
      invalidates: [auditKey],
      success: (reply: unknown) => ({
        title: 'Audit log retention saved',
        description: `Entries are kept for ${(reply as AuditRetention).retentionDays} days.`,
      }),
      error: (error) => ({ title: 'Failed to save the retention', description: errorMessage(error) }),
    },
  });
}
