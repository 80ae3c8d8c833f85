// Subscribers (issue 26): each mailing list's counts (pending, confirmed, unsubscribed), the
// addresses by list and search (in the address), one subscriber's lists and consent records (the
// proof of each sign-up), removal after a confirmation (the address is deleted and suppressed for
// good), and, for administrators, the CSV export and the import of a list confirmed elsewhere.
import { AlertTriangle, ArrowLeft, ChevronRight, Download, MailCheck, Upload } from 'lucide-react';
import { useState } from 'react';
import { useSearchParamsSetter, type SetSearchParams } from '../../lib/use-search-params-setter';
import { useQuery } from '@tanstack/react-query';
import { formatDayMonthYear } from '../../../shared/dates';
import { knownLocale } from '../../../shared/locales';
import type { SubscriptionStatus } from '../../../shared/schemas/lists';
import type { ImportReport, ListCounts, SubscriberDetail } from '../../../shared/schemas/subscriptions';
import { Pager } from '../../components/pager';
import { EmptyCard, QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Select } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Input, Label, Textarea } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import type { CurrentUser } from '../../../shared/schemas/users';
import { meQuery } from '../../features/admin/auth-api';
import {
  subscribersCsvPath,
  useImportSubscribers,
  useRemoveSubscriber,
  useSubscriber,
  useSubscribers,
} from '../../features/subscribers/admin-api';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const ALL = 'all';

function When({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  const date = new Date(value);
  return (
    <time dateTime={value}>
      {formatDayMonthYear(value, localTimeZone())}{' '}
      {date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}
    </time>
  );
}

const STATUS_LABEL: Record<SubscriptionStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};
const STATUS_VARIANT: Record<SubscriptionStatus, 'yellow' | 'green' | 'grey'> = {
  pending: 'yellow',
  confirmed: 'green',
  unsubscribed: 'grey',
};

const listLabel = (list: { list: string; appTitle: string | null }) =>
  list.list === 'studio' ? 'Newsletter (the studio)' : (list.appTitle ?? list.list);

export default function Subscribers() {
  const [params, set] = useSearchParamsSetter();
  const openId = Number.parseInt(params.get('subscriber') ?? '', 10);
  if (openId > 0) return <SubscriberView id={openId} onBack={() => set({ subscriber: null })} />;
  return <SubscriberList params={params} set={set} />;
}

function CountsTable({ counts, onList }: { counts: ListCounts[]; onList: (list: string) => void }) {
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Lists</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table aria-label="Lists and their counts">
          <TableHeader>
            <TableRow>
              <TableHead>List</TableHead>
              <TableHead className="text-right">Pending</TableHead>
              <TableHead className="text-right">Confirmed</TableHead>
              <TableHead className="text-right">Unsubscribed</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {counts.map((c) => (
              <TableRow key={c.list} data-testid="list-counts">
                <TableCell>
                  <button
                    type="button"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                    onClick={() => onList(c.list)}
                  >
                    {listLabel(c)}
                  </button>
                </TableCell>
                <TableCell className="text-right tabular-nums">{c.pending}</TableCell>
                <TableCell className="text-right tabular-nums">{c.confirmed}</TableCell>
                <TableCell className="text-right tabular-nums">{c.unsubscribed}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function SubscriberList({ params, set }: { params: URLSearchParams; set: SetSearchParams }) {
  useDocumentTitle('Subscribers');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = params.get('list') ?? undefined;
  const q = params.get('q') ?? undefined;
  const [search, setSearch] = useState(q ?? '');
  const isAdmin = useQuery<CurrentUser>({ ...meQuery(), enabled: false }).data?.isAdmin === true;
  const subscribers = useSubscribers({ list, q, page });
  const data = subscribers.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const listOptions = [
    { value: ALL, label: 'All lists' },
    ...(data?.counts ?? []).map((c) => ({ value: c.list, label: listLabel(c) })),
  ];
  const filtered = Boolean(list || q);

  return (
    <AdminPage
      title="Subscribers"
      description="People who signed up for the studio's newsletter or an app's notify-me list. Only confirmed subscribers ever get list mail."
      actions={
        isAdmin ? (
          <a href={subscribersCsvPath(list)} className={buttonVariants({ variant: 'outline' })} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        ) : undefined
      }
    >
      {data && !data.canConfirm && (
        <p
          role="alert"
          className="mb-6 flex items-start gap-2 rounded-md border border-destructive/50 p-4 text-sm text-destructive"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Confirmation emails cannot be sent: set SMTP_URL and NOTIFY_EMAIL_FROM. Sign-ups are taken, but stay pending
          until their confirmation link can be emailed.
        </p>
      )}
      {data && <CountsTable counts={data.counts} onList={(l) => set({ list: l, page: null }, true)} />}
      <form
        className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search.trim() || null, page: null }, true);
        }}
      >
        <div className="space-y-1.5 sm:w-64">
          <Label htmlFor="subscriber-list">List</Label>
          <Select
            id="subscriber-list"
            value={list ?? ALL}
            onValueChange={(v) => set({ list: v === ALL ? null : v, page: null }, true)}
            options={listOptions}
          />
        </div>
        <div className="space-y-1.5 sm:w-72">
          <Label htmlFor="subscriber-search">Search by address</Label>
          <Input id="subscriber-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {filtered && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setSearch('');
              set({ list: null, q: null, page: null }, true);
            }}
          >
            Clear
          </Button>
        )}
      </form>
      <QueryState
        query={subscribers}
        loading="Loading subscribers..."
        error="Failed to load subscribers"
        isEmpty={(d) => d.items.length === 0 && page === 1}
        empty={
          <EmptyCard icon={<MailCheck aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}>
            {filtered ? (
              <p>No subscribers match.</p>
            ) : (
              <>
                <p>No subscribers yet.</p>
                <p className="mt-1 text-sm font-normal text-muted-foreground">
                  They sign up on the newsletter page (/subscriptions), on the pages of apps coming soon or in testing,
                  and under posts.
                </p>
              </>
            )}
          </EmptyCard>
        }
      >
        {({ items }) => (
          <>
            <ul aria-label="Subscribers" className="divide-y rounded-lg border bg-card">
              {items.map((s) => (
                <li key={s.id} data-testid="subscriber-row" className="flex flex-wrap items-center gap-3 p-4">
                  <button
                    type="button"
                    onClick={() => set({ subscriber: String(s.id) })}
                    className="inline-flex min-w-0 items-center gap-1 font-medium break-all text-primary underline-offset-4 hover:underline"
                  >
                    {s.email}
                    <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
                  </button>
                  <span className="flex flex-wrap gap-2">
                    {s.lists.map((l) => (
                      <Badge key={l.list} variant={STATUS_VARIANT[l.status]}>
                        {listLabel(l)}: {STATUS_LABEL[l.status]}
                      </Badge>
                    ))}
                  </span>
                  <span className="ml-auto text-sm text-muted-foreground">
                    Signed up <When value={s.createdAt} />
                  </span>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pages={pages}
              onPage={(next) => set({ page: next > 1 ? String(next) : null })}
              label="Pages of subscribers"
              className="pt-4"
            />
          </>
        )}
      </QueryState>
      {isAdmin && data && <ImportCard lists={data.counts} />}
    </AdminPage>
  );
}

function ImportCard({ lists }: { lists: ListCounts[] }) {
  const importing = useImportSubscribers();
  const [list, setList] = useState('studio');
  const [source, setSource] = useState('');
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const ready = csv.length > 0 && source.trim().length >= 3;
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Upload aria-hidden="true" className="size-5 text-muted-foreground" />
          Import a confirmed list
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          aria-label="Import a confirmed list"
          onSubmit={(e) => {
            e.preventDefault();
            if (!ready) return;
            importing.mutate({ list, source, csv }, { onSuccess: (r) => setReport(r) });
          }}
        >
          <p className="text-sm text-muted-foreground">
            Only people who already confirmed elsewhere (double opt-in). A CSV with an &ldquo;email&rdquo; column, or
            addresses in its first column. Removed addresses are never imported.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="import-list">List</Label>
              <Select
                id="import-list"
                value={list}
                onValueChange={setList}
                options={lists.map((c) => ({ value: c.list, label: listLabel(c) }))}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="import-file">CSV file</Label>
              <Input
                id="import-file"
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  setReport(null);
                  setFileName(file?.name ?? '');
                  if (file) void file.text().then(setCsv);
                  else setCsv('');
                }}
              />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="import-source">Where and how these people gave their consent (required)</Label>
            <Textarea
              id="import-source"
              rows={2}
              maxLength={500}
              value={source}
              placeholder="e.g. Mailchimp export of our newsletter, double opt-in, May 2025"
              onChange={(e) => setSource(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={!ready || importing.isPending}>
            {importing.isPending ? 'Importing...' : fileName ? `Import ${fileName}` : 'Import'}
          </Button>
          {report && (
            <div role="status" data-testid="import-report" className="rounded-md border p-4 text-sm">
              <p className="font-semibold">
                Imported {report.imported}; already on the list {report.existing}; removed before (skipped){' '}
                {report.suppressed}; invalid {report.invalid}.
              </p>
              {report.invalidLines.length > 0 && (
                <ul className="mt-2 list-disc pl-5 text-muted-foreground">
                  {report.invalidLines.map((l) => (
                    <li key={l.line}>
                      Line {l.line}: {l.value || '(empty)'}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

function SubscriberView({ id, onBack }: { id: number; onBack: () => void }) {
  useDocumentTitle('Subscriber');
  const subscriber = useSubscriber(id);
  return (
    <AdminPage
      title={subscriber.data?.email ?? 'Subscriber'}
      actions={
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          All subscribers
        </Button>
      }
    >
      <QueryState query={subscriber} loading="Loading the subscriber..." error="Failed to load the subscriber">
        {(data) => <Detail subscriber={data} onRemoved={onBack} />}
      </QueryState>
    </AdminPage>
  );
}

function Detail({ subscriber, onRemoved }: { subscriber: SubscriberDetail; onRemoved: () => void }) {
  const remove = useRemoveSubscriber();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Lists</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="mb-3 text-sm text-muted-foreground">
            Emails in{' '}
            {subscriber.locale
              ? (knownLocale(subscriber.locale)?.englishName ?? subscriber.locale)
              : 'the site’s default language'}
            .
          </p>
          <ul className="space-y-2" aria-label="Lists">
            {subscriber.lists.map((l) => (
              <li key={l.list} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{listLabel(l)}</span>
                <Badge variant={STATUS_VARIANT[l.status]}>{STATUS_LABEL[l.status]}</Badge>
                {l.platforms.length > 0 && <span className="text-muted-foreground">({l.platforms.join(', ')})</span>}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Consent records</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-4" aria-label="Consent records" data-testid="consent-records">
            {subscriber.consents.map((c) => (
              <li key={c.id} className="border-l-2 pl-4 text-sm">
                <p className="font-medium">
                  {listLabel({
                    list: c.list,
                    appTitle: subscriber.lists.find((l) => l.list === c.list)?.appTitle ?? null,
                  })}
                  {' · '}
                  {c.form === 'import' ? 'Imported' : `Signed up on the ${c.form} form`}
                </p>
                <dl className="mt-1 grid gap-x-4 gap-y-1 text-muted-foreground sm:grid-cols-[10rem_minmax(0,1fr)]">
                  <dt>Signed up</dt>
                  <dd>
                    <When value={c.signedUpAt} /> {c.signedUpIp && `from ${c.signedUpIp}`}
                  </dd>
                  {c.page && (
                    <>
                      <dt>Page</dt>
                      <dd className="break-all">{c.page}</dd>
                    </>
                  )}
                  {c.wording && (
                    <>
                      <dt>Wording shown</dt>
                      <dd>&ldquo;{c.wording}&rdquo;</dd>
                    </>
                  )}
                  {c.privacyVersion && (
                    <>
                      <dt>Privacy policy</dt>
                      <dd>
                        version of <When value={c.privacyVersion} />
                      </dd>
                    </>
                  )}
                  {c.source && (
                    <>
                      <dt>Consent source</dt>
                      <dd>{c.source}</dd>
                    </>
                  )}
                  <dt>Confirmed</dt>
                  <dd>
                    {c.confirmedAt ? (
                      <>
                        <When value={c.confirmedAt} /> {c.confirmedIp && `from ${c.confirmedIp}`}
                      </>
                    ) : (
                      'Not confirmed'
                    )}
                  </dd>
                </dl>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Button variant="destructive" onClick={() => setConfirming(true)}>
        Remove subscriber
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => !next && !remove.isPending && setConfirming(false)}
        title={`Remove ${subscriber.email}?`}
        description="This deletes the address, its lists and its consent records. A hash of the address is kept so it is never mailed or imported again. This action cannot be undone."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(subscriber.id, {
            onSuccess: onRemoved,
            onSettled: () => setConfirming(false),
          })
        }
      />
    </div>
  );
}
