// The screen of a one-item editor with a history (About Us, Privacy Policy, Home Content): the
// "History" button beside the heading, the read's states, and the form started again after a restore.
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import type { RevisionKind } from '../../../shared/schemas/revisions';
import { QueryState } from '../../components/query-state';
import { HistoryButton } from '../../components/revisions/history-panel';
import { AdminPage } from './admin-layout';

export function HistoryPage<T extends Record<string, unknown> | null>({
  kind,
  query,
  title,
  description,
  loading,
  error,
  children,
}: {
  kind: Exclude<RevisionKind, 'post'>;
  query: UseQueryResult<T>;
  title: string;
  description: ReactNode;
  loading: ReactNode;
  error: string;
  /** The form of the saved item. */
  children: (data: T) => ReactNode;
}) {
  // A restore replaces the saved text: the form starts again from it.
  const [restores, setRestores] = useState(0);
  return (
    <AdminPage
      title={title}
      description={description}
      actions={
        query.isSuccess && (
          <HistoryButton kind={kind} current={query.data ?? {}} onRestored={() => setRestores((n) => n + 1)} />
        )
      }
    >
      <QueryState query={query} loading={loading} error={error} errorStyle="inline">
        {(data) => <Fragment key={restores}>{children(data)}</Fragment>}
      </QueryState>
    </AdminPage>
  );
}
