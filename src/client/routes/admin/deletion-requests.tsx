// Deletion Requests (issue 14): visitors' requests to delete their account and data, filtered by app
// and status on the server and paged; overdue ones marked in words, not by colour alone. A request
// opens with its audit trail (who, when, from → to, note) and a status change (done and rejected are
// asked about first). The filters and the open request live in the address. Issue 21: a request whose
// visitor has not confirmed their address by the emailed link is marked so, in place of its due date
// (it does not count yet, and is never overdue).
import { AlertTriangle, ArrowLeft, ChevronRight, History, MailQuestion, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParamsSetter, type SetSearchParams } from '../../lib/use-search-params-setter';
import { formatDayMonthYear } from '../../../shared/dates';
import { knownLocale } from '../../../shared/locales';
import {
  DELETION_FILTERS,
  DELETION_STATUS_LABELS,
  DELETION_STATUSES,
  type DeletionFilter,
  type DeletionRequest,
  type DeletionRequestDetail,
  type DeletionStatus,
} from '../../../shared/schemas/app-pages';
import { Pager } from '../../components/pager';
import { EmptyCard, QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Label, Textarea } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useApps } from '../../features/apps/api';
import {
  DELETION_PAGE_SIZE,
  useChangeDeletionStatus,
  useDeletionRequest,
  useDeletionRequests,
} from '../../features/deletion-requests/admin-api';
import { cn } from '../../lib/utils';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const FILTER_LABELS: Record<DeletionFilter, string> = {
  ...DELETION_STATUS_LABELS,
  open: 'Open (new or in progress)',
  overdue: 'Overdue',
  unconfirmed: 'Not confirmed by the visitor',
};
const ALL = 'all';

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function Day({ value }: { value: string }) {
  return <time dateTime={value}>{formatDayMonthYear(value, localTimeZone())}</time>;
}

function When({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value}>
      {formatDayMonthYear(value, localTimeZone())}{' '}
      {date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}
    </time>
  );
}

const STATUS_VARIANT: Record<DeletionStatus, 'blue' | 'yellow' | 'green' | 'grey'> = {
  new: 'blue',
  in_progress: 'yellow',
  done: 'green',
  rejected: 'grey',
};

function StatusBadge({ status }: { status: DeletionStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{DELETION_STATUS_LABELS[status]}</Badge>;
}

/** "Overdue" in words and an icon, on top of the row's tint. */
function OverdueBadge() {
  return (
    <span
      data-testid="overdue"
      className="inline-flex items-center gap-1 rounded-md border border-destructive/60 px-1.5 py-0.5 text-xs font-semibold text-destructive"
    >
      <AlertTriangle aria-hidden="true" className="size-3.5" />
      Overdue
    </span>
  );
}

/** In place of the due date while the visitor has not confirmed their address (issue 21). */
function UnconfirmedBadge({ expired }: { expired: boolean }) {
  return (
    <span
      data-testid="unconfirmed"
      title="The request counts from when the visitor confirms it by the link emailed to them."
      className="inline-flex items-center gap-1 rounded-md border border-dashed border-muted-foreground/60 px-1.5 py-0.5 text-xs font-semibold text-muted-foreground"
    >
      <MailQuestion aria-hidden="true" className="size-3.5" />
      {expired ? 'Not confirmed: link expired' : 'Awaiting email confirmation'}
    </span>
  );
}

function Due({ request }: { request: DeletionRequest }) {
  if (request.confirmation !== 'confirmed') return <UnconfirmedBadge expired={request.confirmation === 'expired'} />;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Day value={request.dueAt} />
      {request.overdue && <OverdueBadge />}
    </span>
  );
}

export default function DeletionRequests() {
  const [params, set] = useSearchParamsSetter();
  const openId = Number.parseInt(params.get('request') ?? '', 10);
  if (openId > 0) return <RequestDetail id={openId} onBack={() => set({ request: null })} />;
  return <RequestList params={params} set={set} />;
}

function RequestList({ params, set }: { params: URLSearchParams; set: SetSearchParams }) {
  useDocumentTitle('Deletion Requests');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const appId = Number.parseInt(params.get('app') ?? '', 10) || undefined;
  const rawStatus = params.get('status');
  const status = (DELETION_FILTERS as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as DeletionFilter)
    : undefined;
  const apps = useApps();
  const requests = useDeletionRequests({ page, pageSize: DELETION_PAGE_SIZE, appId, status });
  const pages = requests.data ? Math.max(1, Math.ceil(requests.data.total / DELETION_PAGE_SIZE)) : 1;
  const filtered = Boolean(appId || status);
  const open = (request: DeletionRequest) => set({ request: String(request.id) });

  const appOptions = [
    { value: ALL, label: 'All apps' },
    ...(apps.data ?? []).map((a) => ({ value: String(a.id), label: a.title })),
  ];
  const statusOptions = [
    { value: ALL, label: 'All statuses' },
    ...DELETION_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] })),
  ];

  const Reference = ({ request }: { request: DeletionRequest }) => (
    <button
      type="button"
      onClick={() => open(request)}
      className="inline-flex items-center gap-1 rounded-sm font-mono font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      aria-label={`Open ${request.reference}`}
    >
      {request.reference}
      <ChevronRight aria-hidden="true" className="size-4" />
    </button>
  );

  return (
    <AdminPage
      title="Deletion Requests"
      description="Visitors' requests to delete their account and data in an app. Each one is due by the date shown."
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="space-y-1.5 sm:w-64">
          <Label htmlFor="deletion-app-filter">App</Label>
          <Select
            id="deletion-app-filter"
            value={appId ? String(appId) : ALL}
            onValueChange={(v) => set({ app: v === ALL ? null : v, page: null }, true)}
            options={appOptions}
          />
        </div>
        <div className="space-y-1.5 sm:w-64">
          <Label htmlFor="deletion-status-filter">Status</Label>
          <Select
            id="deletion-status-filter"
            value={status ?? ALL}
            onValueChange={(v) => set({ status: v === ALL ? null : v, page: null }, true)}
            options={statusOptions}
          />
        </div>
        {filtered && (
          <Button variant="ghost" onClick={() => set({ app: null, status: null, page: null }, true)}>
            Clear filters
          </Button>
        )}
      </div>
      <QueryState
        query={requests}
        loading="Loading deletion requests..."
        error="Failed to load deletion requests"
        isEmpty={(data) => data.items.length === 0 && page === 1}
        empty={
          <EmptyCard icon={<Trash2 aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}>
            {filtered ? (
              <>
                <p>No deletion requests match these filters.</p>
                <p className="mt-1 text-sm font-normal text-muted-foreground">Try another app or status.</p>
              </>
            ) : (
              <>
                <p>No deletion requests yet.</p>
                <p className="mt-1 text-sm font-normal text-muted-foreground">
                  They arrive from each app&rsquo;s Delete account page once account deletion is on in its form.
                </p>
              </>
            )}
          </EmptyCard>
        }
      >
        {({ items }) => (
          <>
            <div className="hidden lg:block">
              <Table aria-label="Deletion requests">
                <TableHeader>
                  <TableRow>
                    <TableHead>Reference</TableHead>
                    <TableHead>App</TableHead>
                    <TableHead>Email</TableHead>
                    <TableHead>Received</TableHead>
                    <TableHead>Due</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((request) => (
                    <TableRow
                      key={request.id}
                      data-testid="deletion-row"
                      className={cn(request.overdue && 'bg-destructive/5')}
                    >
                      <TableCell>
                        <Reference request={request} />
                      </TableCell>
                      <TableCell>{request.appTitle}</TableCell>
                      <TableCell className="max-w-64 break-all">{request.email}</TableCell>
                      <TableCell className="whitespace-nowrap">
                        <Day value={request.createdAt} />
                      </TableCell>
                      <TableCell>
                        <Due request={request} />
                      </TableCell>
                      <TableCell>
                        <StatusBadge status={request.status} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul aria-label="Deletion requests" className="space-y-3 lg:hidden">
              {items.map((request) => (
                <li
                  key={request.id}
                  className={cn(
                    'space-y-2 rounded-lg border bg-card p-4 text-card-foreground shadow-sm',
                    request.overdue && 'border-destructive/50',
                  )}
                >
                  <div className="flex items-center justify-between gap-2">
                    <Reference request={request} />
                    <StatusBadge status={request.status} />
                  </div>
                  <p className="text-sm">
                    {request.appTitle} · <span className="break-all">{request.email}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {request.confirmation === 'confirmed' && 'Due '}
                    <Due request={request} />
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pages={pages}
              onPage={(next) => set({ page: next > 1 ? String(next) : null })}
              label="Pages of deletion requests"
              className="pt-4"
            />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}

const STATUS_OPTIONS = DELETION_STATUSES.map((s) => ({ value: s, label: DELETION_STATUS_LABELS[s] }));

function RequestDetail({ id, onBack }: { id: number; onBack: () => void }) {
  useDocumentTitle('Deletion Request');
  const request = useDeletionRequest(id);
  return (
    <AdminPage
      title={request.data ? `Deletion request ${request.data.reference}` : 'Deletion request'}
      description={
        request.data
          ? `${request.data.appTitle} · received on ${formatDayMonthYear(request.data.createdAt, localTimeZone())}`
          : undefined
      }
      actions={
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          All requests
        </Button>
      }
    >
      <QueryState query={request} loading="Loading the request..." error="Failed to load the request">
        {(data) => <Detail request={data} />}
      </QueryState>
    </AdminPage>
  );
}

function Detail({ request }: { request: DeletionRequestDetail }) {
  const change = useChangeDeletionStatus(request.id);
  const [status, setStatus] = useState<DeletionStatus>(request.status);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const unchanged = status === request.status && !note.trim();

  const save = () =>
    change.mutate(
      { status, note },
      {
        onSuccess: () => setNote(''),
        onSettled: () => setConfirming(false),
      },
    );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    // Closing a request is asked about first: the visitor may be told it is done.
    if (status !== request.status && (status === 'done' || status === 'rejected')) setConfirming(true);
    else save();
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Request</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="mt-0.5 font-medium break-all">
                  <a
                    href={`mailto:${request.email}?subject=${encodeURIComponent(request.reference)}`}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {request.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Account identifier</dt>
                <dd className="mt-0.5 font-medium break-all">{request.accountId || '—'}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Status</dt>
                <dd className="mt-0.5">
                  <StatusBadge status={request.status} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Due</dt>
                <dd className="mt-0.5 font-medium">
                  <Due request={request} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Language</dt>
                <dd className="mt-0.5 font-medium" title="The visitor's emails are written in it">
                  {request.locale ? (knownLocale(request.locale)?.englishName ?? request.locale) : 'The site’s default'}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Visitor&rsquo;s note</dt>
                <dd className="mt-0.5 whitespace-pre-wrap break-words">{request.note || '—'}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <History aria-hidden="true" className="size-5 text-muted-foreground" />
              Audit trail
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ol aria-label="Audit trail" className="space-y-4" data-testid="audit-trail">
              {request.events.map((event) => (
                <li key={event.id} className="border-l-2 pl-4">
                  <p className="text-sm">
                    <span className="font-semibold">{event.actorName}</span>{' '}
                    {event.fromStatus === event.toStatus ? (
                      <>
                        added to the trail (<strong>{DELETION_STATUS_LABELS[event.toStatus]}</strong>)
                      </>
                    ) : event.fromStatus ? (
                      <>
                        moved it from <strong>{DELETION_STATUS_LABELS[event.fromStatus]}</strong> to{' '}
                        <strong>{DELETION_STATUS_LABELS[event.toStatus]}</strong>
                      </>
                    ) : (
                      <>
                        sent it (<strong>{DELETION_STATUS_LABELS[event.toStatus]}</strong>)
                      </>
                    )}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <When value={event.createdAt} />
                  </p>
                  {event.note && <p className="mt-1 text-sm whitespace-pre-wrap break-words">{event.note}</p>}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>

      <Card className="self-start">
        <CardHeader>
          <CardTitle>Change status</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="space-y-4" aria-label="Change status">
            <div className="space-y-1.5">
              <Label htmlFor="deletion-status">Status</Label>
              <Select
                id="deletion-status"
                value={status}
                onValueChange={(v) => setStatus(v as DeletionStatus)}
                options={STATUS_OPTIONS}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="deletion-note">
                Note <span className="font-normal text-muted-foreground">(optional, kept in the trail)</span>
              </Label>
              <Textarea
                id="deletion-note"
                rows={3}
                maxLength={2000}
                value={note}
                aria-describedby="deletion-note-hint"
                onChange={(e) => setNote(e.target.value)}
              />
              <p id="deletion-note-hint" className="text-sm text-muted-foreground">
                {request.confirmation === 'confirmed'
                  ? 'When you mark it done or rejected, the visitor is emailed with this note (if the site sends mail).'
                  : 'The visitor has not confirmed their address: nothing is emailed to them.'}
              </p>
            </div>
            <Button type="submit" disabled={unchanged || change.isPending} className="w-full">
              {change.isPending ? 'Saving...' : 'Save status'}
            </Button>
          </form>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => !next && !change.isPending && setConfirming(false)}
        title={`Mark ${request.reference} as ${DELETION_STATUS_LABELS[status].toLowerCase()}?`}
        description={
          status === 'done'
            ? 'Only when the account and its data are really deleted. The request is closed and leaves the open count.'
            : 'The request is closed without deleting anything. Write in the note why, so the trail says so.'
        }
        confirmLabel={status === 'done' ? 'Mark as done' : 'Reject request'}
        pendingLabel="Saving..."
        pending={change.isPending}
        onConfirm={save}
      />
    </div>
  );
}
