// The page the deletion request's emailed link opens (issue 21), at
// /apps/{slug}/delete-account/confirm/{token}: it names the request and asks the visitor to confirm it
// with a button, a plain form POST to the page itself, so it works without JavaScript. Opening the
// link confirms nothing: mail scanners that follow links cannot confirm on the owner's behalf. The
// server answers the POST with this page in its confirmed state. Never indexed, never cached.
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, LinkIcon, MailCheck } from 'lucide-react';
import { useContext } from 'react';
import { useLocation, useParams } from 'react-router';
import { formatLongIn } from '../../../shared/dates';
import { api, paths } from '../../../shared/paths';
import { DeletionTokenParamsSchema, type DeletionConfirmation } from '../../../shared/schemas/app-pages';
import type { QueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { HeadData } from '../../page-kit/head';
import { DeletionConfirmContext, type DeletionConfirmState } from '../../page-kit/page-state';
import type { SiteInfo } from '../../page-kit/site-context';
import { useT, useTRich } from '../../page-kit/messages';
import { Breadcrumb } from '../../components/breadcrumb';
import { DeletionReference } from '../../features/app-pages/deletion-reference';
import { PageContainer, PageSkeleton } from '../../components/page';
import { Button, buttonVariants } from '../../components/ui/button';
import { definePublicPage, reads, type HeadInput, type PageParams } from '../../page-kit/public-page';

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
  { site, t }: Pick<HeadInput, 'site' | 't'>,
  appKey: string,
  state: DeletionConfirmState,
  request: DeletionConfirmation | undefined,
): HeadData {
  if (state.confirmed) {
    const app = state.confirmed.appTitle;
    return confirmHead(
      site,
      appKey,
      t('deletionConfirm.titleConfirmed'),
      t('deletionConfirm.descriptionConfirmed', { app }),
    );
  }
  if (state.gone || !request) {
    return confirmHead(site, appKey, t('deletionConfirm.titleGone'), t('deletionConfirm.gone'), 404);
  }
  return confirmHead(
    site,
    appKey,
    t('deletionConfirm.titleConfirm'),
    t('deletionConfirm.descriptionConfirm', { app: request.appTitle }),
  );
}

function Crumbs({ appKey, appTitle }: { appKey: string; appTitle?: string }) {
  const t = useT();
  return (
    <Breadcrumb
      label={t('breadcrumb.label')}
      trail={[
        { label: t('nav.home'), href: paths.home },
        ...(appTitle ? [{ label: appTitle, href: paths.app(appKey) }] : []),
        { label: t('appPage.deleteAccount'), href: paths.appDeleteAccount(appKey) },
        { label: t('deletionConfirm.crumb') },
      ]}
    />
  );
}

function Gone({ appKey }: { appKey: string }) {
  const t = useT();
  return (
    <PageContainer narrow className="py-16">
      <Crumbs appKey={appKey} />
      <h1 className="mt-6 flex items-center gap-3 text-3xl font-bold tracking-tight text-balance">
        <LinkIcon aria-hidden="true" className="size-7 shrink-0 text-muted-foreground" />
        {t('deletionConfirm.gone')}
      </h1>
      <p className="mt-4 text-lg text-muted-foreground">{t('deletionConfirm.goneText')}</p>
      <a href={paths.appDeleteAccount(appKey)} className={buttonVariants({ className: 'mt-8' })}>
        {t('deletionConfirm.askAgain')}
      </a>
    </PageContainer>
  );
}

function Confirmed({ confirmed }: { confirmed: DeletionConfirmation }) {
  const t = useT();
  const rich = useTRich();
  const intl = useIntl();
  return (
    <PageContainer narrow className="py-16">
      <Crumbs appKey={confirmed.appSlug} appTitle={confirmed.appTitle} />
      <div role="status" data-testid="deletion-confirmed" className="mt-6">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-balance">
          <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />
          {t('deletionConfirm.titleConfirmed')}
        </h1>
        <p className="mt-4 text-lg">
          {rich('deletionConfirm.confirmedText', {
            app: confirmed.appTitle,
            date: formatLongIn(intl.locale, confirmed.dueAt!),
            b: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        <DeletionReference
          reference={confirmed.reference}
          label={t('deletionConfirm.yourReference')}
          className="mt-3 text-muted-foreground"
          strongClassName="font-mono text-foreground tracking-wider"
        >
          {t('deletionConfirm.quote')}
        </DeletionReference>
      </div>
    </PageContainer>
  );
}

function Confirm({ request }: { request: DeletionConfirmation }) {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <PageContainer narrow className="py-16">
      <Crumbs appKey={request.appSlug} appTitle={request.appTitle} />
      <h1 className="mt-6 flex items-center gap-3 text-3xl font-bold tracking-tight text-balance">
        <MailCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />
        {t('deletionConfirm.heading')}
      </h1>
      <p className="mt-4 text-lg">{t('deletionConfirm.text', { app: request.appTitle, days: request.days })}</p>
      <DeletionReference
        reference={request.reference}
        label={t('deletionConfirm.reference')}
        className="mt-3 text-muted-foreground"
        strongClassName="font-mono text-foreground tracking-wider"
      />
      <form method="post" action={pathname} className="mt-8">
        <Button type="submit" size="lg" variant="destructive" className="w-full sm:w-auto">
          {t('deletionConfirm.button')}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted-foreground">{t('deletionConfirm.notYou')}</p>
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

/** The request the link names, as the render read it (none when the link cannot be one). */
function requestOf(params: PageParams, data: QueryClient): DeletionConfirmation | undefined {
  const token = deletionToken(params.token);
  return token ? data.getQueryData<DeletionConfirmation>(deletionConfirmationQuery(token).queryKey) : undefined;
}

/** The link that confirms a deletion request: the request is found by the link alone. */
export const deletionConfirmPage = definePublicPage({
  paths: [DELETION_CONFIRM_ROUTE],
  reads: ({ token }) => {
    const secret = deletionToken(token);
    return secret ? reads([deletionConfirmationQuery(secret).queryKey[0]]) : reads([]);
  },
  // Written in the language the visitor asked in (issue 24), whatever the link's address.
  language: (params, data, deletionConfirm) =>
    deletionConfirm.confirmed?.locale ?? requestOf(params, data)?.locale ?? undefined,
  head: ({ params, data, deletionConfirm, ...words }) =>
    stateHead(words, params.appKey ?? '', deletionConfirm, requestOf(params, data)),
  element: <DeletionConfirmPage />,
});
