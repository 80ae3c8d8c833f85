// Audit Log (issue 23): who did what, when, from where, to what; filtered on the server and paged, the
// filters kept in the address (so a view can be shared), exported as CSV with the same filters.
// Administrators only: a User who opens the address is told so.
import { Download, ScrollText, ShieldAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { AuditFilterInput } from '../../../shared/schemas/audit-log';
import { Pager } from '../../components/pager';
import { EmptyCard, QueryState } from '../../components/query-state';
import { buttonVariants } from '../../components/ui/button';
import { useMe } from '../../features/admin/auth-api';
import { AuditEntries } from '../../features/audit/audit-entries';
import { AuditFilters } from '../../features/audit/audit-filters';
import { AUDIT_PAGE_SIZE, auditCsvHref, useAuditLog } from '../../features/audit/api';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const FILTER_KEYS = ['actor', 'action', 'target', 'from', 'to'] as const;

const DESCRIPTION = 'Every change staff made and every sign-in, newest first.';

export default function AuditLogPage() {
  useDocumentTitle('Audit Log');
  const me = useMe();
  if (me.data && !me.data.isAdmin) {
    return (
      <AdminPage title="Audit Log" description={DESCRIPTION}>
        <EmptyCard icon={<ShieldAlert aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}>
          Only administrators can read the audit log.
        </EmptyCard>
      </AdminPage>
    );
  }
  return <AuditLog />;
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filter: AuditFilterInput = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const entries = useAuditLog(filter, page);
  const pages = entries.data ? Math.max(1, Math.ceil(entries.data.total / AUDIT_PAGE_SIZE)) : 1;
  const filtered = Object.keys(filter).length > 0;

  const apply = (next: AuditFilterInput) =>
    setParams(() => {
      const out = new URLSearchParams();
      for (const key of FILTER_KEYS) if (next[key]) out.set(key, next[key]);
      return out;
    });
  const goTo = (next: number) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next > 1) out.set('page', String(next));
      else out.delete('page');
      return out;
    });

  return (
    <AdminPage
      title="Audit Log"
      description={DESCRIPTION}
      actions={
        <a href={auditCsvHref(filter)} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      {/* Keyed by the address's filters: going back or forward shows them in the form too. */}
      <AuditFilters key={FILTER_KEYS.map((k) => filter[k] ?? '').join('\n')} filter={filter} onApply={apply} />
      <QueryState
        query={entries}
        loading="Loading the audit log..."
        error="Failed to load the audit log"
        isEmpty={(data) => data.items.length === 0 && page === 1}
        empty={
          <EmptyCard icon={<ScrollText aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}>
            {filtered ? (
              <>
                <p>No entries match these filters.</p>
                <p className="mt-1 text-sm font-normal text-muted-foreground">Try other filters or clear them.</p>
              </>
            ) : (
              <p>Nothing recorded yet.</p>
            )}
          </EmptyCard>
        }
      >
        {({ items, total }) => (
          <>
            <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
              {total === 1 ? '1 entry' : `${total} entries`}
            </p>
            <AuditEntries items={items} />
            <Pager page={page} pages={pages} onPage={goTo} label="Pages of the audit log" className="pt-4" />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
