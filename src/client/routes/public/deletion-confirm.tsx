// The page the deletion request's emailed link opens (issue 21), at
// /apps/{slug}/delete-account/confirm/{token}: it names the request and asks the visitor to confirm it
// with a button, a plain form POST to the page itself, so it works without JavaScript. Opening the
// link confirms nothing: mail scanners that follow links cannot confirm on the owner's behalf. The
// server answers the POST with this page in its confirmed state. Never indexed, never cached.
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, LinkIcon, MailCheck } from 'lucide-react';
import { useContext } from 'react';
import { useLocation, useParams } from 'react-router';
import { formatLongGb } from '../../../shared/dates';
import { api, paths } from '../../../shared/paths';
import { DeletionTokenParamsSchema, type DeletionConfirmation } from '../../../shared/schemas/app-pages';
import type { HeadData } from '../../page-kit/head';
import { DeletionConfirmContext, type DeletionConfirmState } from '../../page-kit/page-state';
import type { SiteInfo } from '../../page-kit/site-context';
import { useT } from '../../page-kit/messages';
import { Breadcrumb } from '../../components/breadcrumb';
import { DeletionReference } from '../../features/app-pages/deletion-reference';
import { PageContainer, PageSkeleton } from '../../components/page';
import { Button, buttonVariants } from '../../components/ui/button';
import { definePublicPage, reads } from '../../page-kit/public-page';

export const CONFIRM_LINK_GONE = 'This link has expired or has already been used';

/** The link's secret from the address, or null when it cannot be one (then nothing is read). */
export const deletionToken = (value: string | undefined): string | null =>
  DeletionTokenParamsSchema.safeParse({ token: value }).success ? value! : null;

export const deletionConfirmationQuery = (token: string) => ({ queryKey: [api.deletionConfirmation(token)] as const });

/** Not indexed; its canonical address is the app's deletion page (the link's secret stays out of the head). */
function confirmHead(site: SiteInfo, appKey: string, title: string, description: string, status?: number): HeadData {
  return { title: `${title} | ${site.name}`, description, path: paths.appDeleteAccount(appKey), noindex: true, status };
}

/** The head of the page's state: confirmed (after the POST), the link gone, or the request to confirm. */
function stateHead(
  site: SiteInfo,
  appKey: string,
  state: DeletionConfirmState,
  request: DeletionConfirmation | undefined,
): HeadData {
  if (state.confirmed) {
    const { appTitle } = state.confirmed;
    return confirmHead(
      site,
      appKey,
      'Request confirmed',
      `Your request to delete your ${appTitle} account is confirmed.`,
    );
  }
  if (state.gone || !request) return confirmHead(site, appKey, 'Link expired', CONFIRM_LINK_GONE, 404);
  return confirmHead(
    site,
    appKey,
    'Confirm your deletion request',
    `Confirm your request to delete your ${request.appTitle} account.`,
  );
}

function Crumbs({ appKey, appTitle }: { appKey: string; appTitle?: string }) {
  const t = useT();
  return (
    <Breadcrumb
      label={t('breadcrumb.label')}
      trail={[
        { label: 'Home', href: paths.home },
        ...(appTitle ? [{ label: appTitle, href: paths.app(appKey) }] : []),
        { label: 'Delete your account', href: paths.appDeleteAccount(appKey) },
        { label: 'Confirm' },
      ]}
    />
  );
}

function Gone({ appKey }: { appKey: string }) {
  return (
    <PageContainer narrow className="py-16">
      <Crumbs appKey={appKey} />
      <h1 className="mt-6 flex items-center gap-3 text-3xl font-bold tracking-tight text-balance">
        <LinkIcon aria-hidden="true" className="size-7 shrink-0 text-muted-foreground" />
        {CONFIRM_LINK_GONE}
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">
        If you have already confirmed your request, there is nothing more to do: it is on its way. Otherwise, ask again
        and open the new link we email you within a few days.
      </p>
      <a href={paths.appDeleteAccount(appKey)} className={buttonVariants({ className: 'mt-8' })}>
        Ask again
      </a>
    </PageContainer>
  );
}

function Confirmed({ confirmed }: { confirmed: DeletionConfirmation }) {
  return (
    <PageContainer narrow className="py-16">
      <Crumbs appKey={confirmed.appSlug} appTitle={confirmed.appTitle} />
      <div role="status" data-testid="deletion-confirmed" className="mt-6">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-balance">
          <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />
          Request confirmed
        </h1>
        <p className="mt-4 text-lg">
          Thank you. We will delete your {confirmed.appTitle} account and data by{' '}
          <strong>{formatLongGb(confirmed.dueAt!)}</strong> at the latest, and email you when it is done.
        </p>
        <DeletionReference
          reference={confirmed.reference}
          className="mt-3 text-muted-foreground"
          strongClassName="font-mono text-foreground tracking-wider"
        >
          . Please quote it if you write to us about it.
        </DeletionReference>
      </div>
    </PageContainer>
  );
}

function Confirm({ request }: { request: DeletionConfirmation }) {
  const { pathname } = useLocation();
  return (
    <PageContainer narrow className="py-16">
      <Crumbs appKey={request.appSlug} appTitle={request.appTitle} />
      <h1 className="mt-6 flex items-center gap-3 text-3xl font-bold tracking-tight text-balance">
        <MailCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />
        Confirm your request
      </h1>
      <p className="mt-4 text-lg">
        Confirm that you want us to delete your {request.appTitle} account and its data. We will complete it within{' '}
        {request.days} {request.days === 1 ? 'day' : 'days'} of your confirmation.
      </p>
      <p className="mt-3 text-muted-foreground">
        Reference:{' '}
        <strong className="font-mono text-foreground tracking-wider" data-testid="deletion-reference">
          {request.reference}
        </strong>
      </p>
      <form method="post" action={pathname} className="mt-8">
        <Button type="submit" size="lg" variant="destructive" className="w-full sm:w-auto">
          Confirm my request
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted-foreground">
        Did not ask for this? Close this page: nothing happens unless you confirm.
      </p>
    </PageContainer>
  );
}

export default function DeletionConfirmPage() {
  const params = useParams();
  const appKey = params.appKey ?? '';
  const token = deletionToken(params.token);
  const state = useContext(DeletionConfirmContext);
  const request = useQuery<DeletionConfirmation>({
    ...deletionConfirmationQuery(token ?? ''),
    enabled: token !== null && !state.confirmed && !state.gone,
  });
  if (state.confirmed) return <Confirmed confirmed={state.confirmed} />;
  if (state.gone || token === null || request.isError) return <Gone appKey={appKey} />;
  if (request.isPending) {
    return <PageSkeleton className="py-16" lines={['h-4 w-48', 'h-10 w-2/3', 'h-24 w-full']} />;
  }
  return <Confirm request={request.data} />;
}

/** The page a deletion request's emailed link opens (issue 21): never cached or indexed (ssr/pages.ts). */
export const DELETION_CONFIRM_ROUTE = '/apps/:appKey/delete-account/confirm/:token';

/** The link that confirms a deletion request: the request is found by the link alone. */
export const deletionConfirmPage = definePublicPage({
  paths: [DELETION_CONFIRM_ROUTE],
  reads: ({ token }) => {
    const secret = deletionToken(token);
    return secret ? reads([deletionConfirmationQuery(secret).queryKey[0]]) : reads([]);
  },
  head: ({ site, params, data, deletionConfirm }) => {
    const token = deletionToken(params.token);
    const request = token
      ? data.getQueryData<DeletionConfirmation>(deletionConfirmationQuery(token).queryKey)
      : undefined;
    return stateHead(site, params.appKey ?? '', deletionConfirm, request);
  },
  element: <DeletionConfirmPage />,
});
