// Campaigns (issue 26): mail to the newsletter or an app's notify-me list. The list shows each
// campaign's status and totals; the editor writes one in the rich text editor (an app's store links
// and screenshots insertable), chooses its list and platforms, previews it as the email will look,
// sends a test to the staff member's own address (showing the List-Unsubscribe headers sent), and
// sends it after a confirmation naming the number of recipients, then shows its progress.
import { ArrowLeft, Eye, Mail, Plus, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { storeLinksHtml, screenshotsHtml } from '../../../shared/campaign-content';
import { paths } from '../../../shared/paths';
import { PLATFORM_NAMES, PLATFORMS, type Platform } from '../../../shared/schemas/apps';
import {
  CAMPAIGN_SUBJECT_MAX,
  type Campaign,
  type CampaignSummary,
  type CampaignTestResult,
  type CampaignTotals,
} from '../../../shared/schemas/campaigns';
import { appList, parseList, STUDIO_LIST } from '../../../shared/schemas/lists';
import { QueryState, EmptyCard } from '../../components/query-state';
import { RichTextEditor } from '../../components/rich-text-editor';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Checkbox, Select } from '../../components/ui/controls';
import { ConfirmDialog, Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Label } from '../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { useApps } from '../../features/apps/api';
import {
  useCampaign,
  useCampaignPreview,
  useCampaigns,
  useCampaignSettings,
  useDeleteCampaign,
  useSaveCampaign,
  useSaveCampaignSettings,
  useSendCampaign,
  useTestCampaign,
} from '../../features/campaigns/admin-api';
import { errorMessage } from '../../lib/http';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const STATUS_BADGE: Record<
  CampaignSummary['status'],
  { label: string; variant: 'grey' | 'blue' | 'green' | 'yellow' }
> = {
  draft: { label: 'Draft', variant: 'grey' },
  sending: { label: 'Sending', variant: 'blue' },
  sent: { label: 'Sent', variant: 'green' },
  cancelled: { label: 'Cancelled', variant: 'yellow' },
};

function useListName() {
  const apps = useApps();
  return (list: string) => {
    const parsed = parseList(list);
    if (!parsed || parsed.kind === 'studio') return 'Newsletter';
    const app = apps.data?.find((a) => a.id === parsed.appId);
    return `${app?.title ?? `App ${parsed.appId}`}: notify me`;
  };
}

function Totals({ totals }: { totals: CampaignTotals }) {
  return (
    <span className="text-sm whitespace-nowrap">
      {totals.sent} sent · {totals.queued + totals.sending} queued · {totals.failed} failed
    </span>
  );
}

export default function Campaigns() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id === 'new') return <CampaignEditor id={null} />;
  if (id && /^\d+$/.test(id)) return <CampaignEditor key={id} id={Number(id)} />;
  return <CampaignList />;
}

function CampaignList() {
  useDocumentTitle('Campaigns');
  const campaigns = useCampaigns();
  const listName = useListName();
  const navigate = useNavigate();
  const create = () => navigate(`${paths.admin.campaigns}?id=new`);
  return (
    <AdminPage
      title="Campaigns"
      description="Mail to the newsletter or an app's notify-me list: only confirmed subscribers receive it."
      actions={
        <Button onClick={create}>
          <Plus aria-hidden="true" />
          New Campaign
        </Button>
      }
    >
      <QueryState
        query={campaigns}
        loading="Loading campaigns..."
        error="Failed to load campaigns"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyCard
            icon={<Mail aria-hidden="true" className="mb-3 size-10 text-muted-foreground" />}
            action={
              <Button onClick={create}>
                <Plus aria-hidden="true" />
                Write your first campaign
              </Button>
            }
          >
            No campaigns have been written yet
          </EmptyCard>
        }
      >
        {(data) => (
          <ul aria-label="Campaigns" className="divide-y rounded-lg border bg-card text-card-foreground">
            {data.map((c) => (
              <li key={c.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <Link
                    to={`${paths.admin.campaigns}?id=${c.id}`}
                    className="font-medium break-words text-primary underline-offset-4 hover:underline"
                  >
                    {c.subject}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {listName(c.list)}
                    {c.platforms.length > 0 &&
                      ` (${c.platforms.map((p) => PLATFORM_NAMES[p as Platform] ?? p).join(', ')})`}
                    {c.origin && ` · drafted for the ${c.origin}`}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  {c.status !== 'draft' && <Totals totals={c.totals} />}
                  <Badge variant={STATUS_BADGE[c.status].variant}>{STATUS_BADGE[c.status].label}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <RateSetting />
    </AdminPage>
  );
}

function RateSetting() {
  const settings = useCampaignSettings();
  if (!settings.data) return null;
  return (
    <RateForm
      key={settings.data.mailPerMinute}
      initial={settings.data.mailPerMinute}
      configured={settings.data.mailConfigured !== false}
    />
  );
}

function RateForm({ initial, configured }: { initial: number; configured: boolean }) {
  const save = useSaveCampaignSettings();
  const [value, setValue] = useState(String(initial));
  const id = useId();
  const number = Number(value);
  const error =
    value && (!Number.isInteger(number) || number < 1 || number > 10_000)
      ? 'Enter a whole number from 1 to 10000'
      : undefined;
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="mt-8 max-w-xl space-y-3 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <h2 id={`${id}-h`} className="font-semibold">
        Sending rate
      </h2>
      {!configured && (
        <p role="status" className="text-sm text-destructive">
          Mail is not set up on the server (SMTP_URL and NOTIFY_EMAIL_FROM): campaigns can be written but not sent.
        </p>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!error && value) save.mutate({ mailPerMinute: number });
        }}
      >
        <FormField
          id={`${id}-rate`}
          label="Messages per minute"
          hint="All campaigns together, on every server instance. Ask your mail provider what it allows."
          error={error}
          className="min-w-48 flex-1"
        >
          <Input
            id={`${id}-rate`}
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            {...fieldAria(`${id}-rate`, error, true)}
          />
        </FormField>
        <Button type="submit" disabled={save.isPending || Boolean(error)} className="mb-6">
          Save Rate
        </Button>
      </form>
    </section>
  );
}

interface Values {
  subject: string;
  list: string;
  platforms: string[];
  content: string;
}

const EMPTY: Values = { subject: '', list: STUDIO_LIST, platforms: [], content: '' };

function CampaignEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const campaign = useCampaign(id, page);
  useDocumentTitle(id === null ? 'New Campaign' : 'Edit Campaign');
  const back = (
    <Button variant="outline" onClick={() => navigate(paths.admin.campaigns)}>
      <ArrowLeft aria-hidden="true" />
      All Campaigns
    </Button>
  );
  if (id === null) {
    return (
      <AdminPage title="New Campaign" actions={back}>
        <CampaignForm id={null} initial={EMPTY} />
      </AdminPage>
    );
  }
  return (
    <AdminPage title={campaign.data?.subject ?? 'Campaign'} actions={back}>
      <QueryState query={campaign} loading="Loading campaign..." error="Failed to load campaign">
        {(data) =>
          data.status === 'draft' ? (
            <CampaignForm
              key={data.version}
              id={data.id}
              campaign={data}
              initial={{ subject: data.subject, list: data.list, platforms: data.platforms, content: data.content }}
            />
          ) : (
            <Progress campaign={data} page={page} onPage={setPage} />
          )
        }
      </QueryState>
    </AdminPage>
  );
}

function CampaignForm({ id, campaign, initial }: { id: number | null; campaign?: Campaign; initial: Values }) {
  const navigate = useNavigate();
  const apps = useApps();
  const save = useSaveCampaign();
  const remove = useDeleteCampaign();
  const test = useTestCampaign();
  const send = useSendCampaign();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [insertApp, setInsertApp] = useState('');
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirmSend, setConfirmSend] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [tested, setTested] = useState<CampaignTestResult | null>(null);
  const preview = useCampaignPreview(id, campaign?.version, previewOpen);
  const uid = useId();
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const isAppList = parseList(values.list)?.kind === 'app';

  const listOptions = [
    { value: STUDIO_LIST, label: 'Newsletter (the studio)' },
    ...(apps.data ?? []).map((a) => ({ value: appList(a.id), label: `${a.title}: notify me` })),
  ];
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const next: typeof errors = {};
    if (!values.subject.trim()) next.subject = 'Subject is required';
    if (!values.content.replace(/<[^>]*>/g, '').trim() && !/<img/.test(values.content))
      next.content = 'Content is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    const input = { ...values, platforms: (isAppList ? values.platforms : []) as Platform[] };
    await save.mutateAsync({ id, input, version: campaign?.version }).then(
      (saved) => {
        if (id === null) navigate(`${paths.admin.campaigns}?id=${saved.id}`, { replace: true });
      },
      () => undefined,
    );
  };

  const insert = (what: 'stores' | 'screenshots') => {
    const app = apps.data?.find((a) => String(a.id) === insertApp);
    if (!app) return;
    const html = what === 'stores' ? storeLinksHtml(app) : screenshotsHtml(app);
    if (html) set('content', values.content + html);
  };
  const chosenApp = apps.data?.find((a) => String(a.id) === insertApp);

  return (
    <div className="space-y-6">
      <form
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <FormField id={`${uid}-subject`} label="Subject" error={errors.subject}>
          <Input
            id={`${uid}-subject`}
            value={values.subject}
            maxLength={CAMPAIGN_SUBJECT_MAX}
            onChange={(e) => set('subject', e.target.value)}
            {...fieldAria(`${uid}-subject`, errors.subject)}
          />
        </FormField>
        <div className="grid gap-6 md:grid-cols-2">
          <FormField id={`${uid}-list`} label="List">
            <Select
              id={`${uid}-list`}
              value={values.list}
              onValueChange={(v) => set('list', v)}
              options={listOptions}
            />
          </FormField>
          {isAppList && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Platforms</legend>
              <p className="text-xs text-muted-foreground">
                None chosen: everyone on the list. Otherwise subscribers of these platforms, and those who chose none.
              </p>
              <div className="flex flex-wrap gap-4">
                {PLATFORMS.map((p) => (
                  <label key={p} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      checked={values.platforms.includes(p)}
                      onCheckedChange={(checked) =>
                        set('platforms', checked ? [...values.platforms, p] : values.platforms.filter((x) => x !== p))
                      }
                    />
                    {PLATFORM_NAMES[p]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3 rounded-lg border p-3">
          <div className="min-w-48 flex-1 space-y-2">
            <Label htmlFor={`${uid}-app`}>Insert from an app</Label>
            <Select
              id={`${uid}-app`}
              value={insertApp}
              onValueChange={setInsertApp}
              placeholder="Choose an app"
              options={(apps.data ?? []).map((a) => ({ value: String(a.id), label: a.title }))}
            />
          </div>
          <Button
            type="button"
            variant="outline"
            disabled={!chosenApp || !storeLinksHtml(chosenApp)}
            onClick={() => insert('stores')}
          >
            Insert store badges
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!chosenApp || chosenApp.screenshots.length === 0}
            onClick={() => insert('screenshots')}
          >
            Insert screenshots
          </Button>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${uid}-content`}>Content</Label>
          <RichTextEditor
            id={`${uid}-content`}
            label="Content"
            value={values.content}
            onChange={(html) => set('content', html)}
            toolbar="blog"
            minHeight={300}
            invalid={Boolean(errors.content)}
            describedBy={errors.content ? `${uid}-content-error` : undefined}
          />
          {errors.content && (
            <p id={`${uid}-content-error`} className="text-sm text-destructive">
              {errors.content}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : id === null ? 'Save Draft' : 'Save Changes'}
          </Button>
          {id !== null && (
            <Button type="button" variant="destructive" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          )}
        </div>
      </form>

      {id !== null && campaign && (
        <section
          aria-labelledby={`${uid}-send`}
          className="space-y-4 rounded-lg border bg-card p-4 text-card-foreground"
        >
          <h2 id={`${uid}-send`} className="font-semibold">
            Preview, test and send
          </h2>
          {dirty && (
            <p role="status" className="text-sm text-muted-foreground">
              Save your changes first: the preview, the test and the send use the saved draft.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" disabled={dirty} onClick={() => setPreviewOpen(true)}>
              <Eye aria-hidden="true" />
              Preview
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={dirty || test.isPending}
              onClick={() => test.mutate(id, { onSuccess: setTested, onError: () => setTested(null) })}
            >
              <Mail aria-hidden="true" />
              {test.isPending ? 'Sending test...' : 'Send me a test'}
            </Button>
            <Button type="button" disabled={dirty || campaign.audience === 0} onClick={() => setConfirmSend(true)}>
              <Send aria-hidden="true" />
              Send
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            {campaign.audience === 1 ? '1 confirmed subscriber' : `${campaign.audience} confirmed subscribers`} will
            receive it.
          </p>
          {test.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(test.error)}
            </p>
          )}
          {tested && (
            <div role="status" className="space-y-2">
              <p className="text-sm">
                Sent to {tested.to} with these headers (Message-ID {tested.messageId}):
              </p>
              <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs" data-testid="test-headers">
                {`List-Unsubscribe: ${tested.headers['List-Unsubscribe']}\nList-Unsubscribe-Post: ${tested.headers['List-Unsubscribe-Post']}`}
              </pre>
            </div>
          )}
          <p className="text-sm text-muted-foreground">
            Gmail and Yahoo show their one-click unsubscribe button only when your mail server&apos;s DKIM signature
            covers both List-Unsubscribe headers: check that the test&apos;s DKIM-Signature lists them in its h= tag.
            How to set it up: the project&apos;s README.md, section{' '}
            <strong className="font-medium text-foreground">Sending mail that arrives</strong>.
          </p>
        </section>
      )}

      <Dialog open={previewOpen} onOpenChange={setPreviewOpen}>
        {previewOpen && (
          <DialogContent
            title="Preview"
            description="The email as a subscriber in the site's default language gets it."
          >
            <QueryState query={preview} loading="Loading preview..." error="Failed to load the preview">
              {(data) => (
                <div className="space-y-2">
                  <p className="text-sm">
                    <span className="font-medium">Subject:</span> {data.subject}
                  </p>
                  <iframe
                    title="Email preview"
                    sandbox=""
                    srcDoc={data.html}
                    className="h-[60vh] w-full rounded-md border bg-white"
                  />
                </div>
              )}
            </QueryState>
          </DialogContent>
        )}
      </Dialog>

      {campaign && (
        <ConfirmDialog
          open={confirmSend}
          onOpenChange={(open) => !open && !send.isPending && setConfirmSend(false)}
          title="Send this campaign?"
          description={`It goes to ${campaign.audience} ${campaign.audience === 1 ? 'recipient' : 'recipients'} and cannot be stopped or unsent.`}
          confirmLabel={`Send to ${campaign.audience}`}
          pendingLabel="Sending..."
          pending={send.isPending}
          onConfirm={() => send.mutate(campaign.id, { onSettled: () => setConfirmSend(false) })}
        />
      )}
      {id !== null && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={(open) => !open && !remove.isPending && setConfirmDelete(false)}
          description="This will permanently delete this draft. This action cannot be undone."
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(id, {
              onSuccess: () => navigate(paths.admin.campaigns),
              onSettled: () => setConfirmDelete(false),
            })
          }
        />
      )}
    </div>
  );
}

function Progress({ campaign, page, onPage }: { campaign: Campaign; page: number; onPage: (page: number) => void }) {
  const listName = useListName();
  const pages = Math.max(1, Math.ceil(campaign.recipientsTotal / 50));
  const { totals } = campaign;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={STATUS_BADGE[campaign.status].variant}>{STATUS_BADGE[campaign.status].label}</Badge>
        <span className="text-sm text-muted-foreground">{listName(campaign.list)}</span>
      </div>
      <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['Recipients', totals.queued + totals.sending + totals.sent + totals.failed],
            ['Queued', totals.queued + totals.sending],
            ['Sent', totals.sent],
            ['Failed', totals.failed],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-lg border bg-card p-3 text-card-foreground">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold" data-testid={`total-${label.toLowerCase()}`}>
              {n}
            </dd>
          </div>
        ))}
      </dl>
      <Table aria-label="Recipients">
        <TableHeader>
          <TableRow>
            <TableHead>Address</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Note</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {campaign.recipients.map((r) => (
            <TableRow key={r.subscriberId}>
              <TableCell className="break-all">{r.email}</TableCell>
              <TableCell>
                <Badge variant={r.status === 'sent' ? 'green' : r.status === 'failed' ? 'yellow' : 'blue'}>
                  {r.status === 'sending' ? 'queued' : r.status}
                </Badge>
              </TableCell>
              <TableCell className="text-sm text-muted-foreground">{r.lastError ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pages > 1 && (
        <nav aria-label="Recipient pages" className="flex items-center gap-2">
          <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
