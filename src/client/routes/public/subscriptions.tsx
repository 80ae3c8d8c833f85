// The mailing lists' public pages (issue 26): /subscriptions (where the sign-up form posts without
// JavaScript, answering with the form's errors or "check your inbox"; opened directly, the studio's
// newsletter form), /subscriptions/confirm?token= (the emailed double opt-in link: a button that
// POSTs, so a mail scanner that opens links confirms nothing), and /unsubscribe/{token} (one button
// to leave every list, and each list on its own; plain forms, no JavaScript). The last two are never
// indexed or cached, and are written in the subscriber's language.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { CircleCheck, LinkIcon, MailCheck } from 'lucide-react';
import { useContext } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { api, paths } from '../../../shared/paths';
import {
  SubscriberTokenParamsSchema,
  SubscriptionTokenSchema,
  type PublicList,
  type SubscriberPreferences,
  type SubscriptionConfirmation,
} from '../../../shared/schemas/subscriptions';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageContainer, PageSkeleton } from '../../components/page';
import { Button } from '../../components/ui/button';
import { SubscribeBox } from '../../page-kit/subscribe-box';
import { Island } from '../../islands/island';
import SubscribeForm from '../../islands/subscribe-form';
import type { HeadData } from '../../page-kit/head';
import { useLocale } from '../../page-kit/locale';
import { useT, type Translate } from '../../page-kit/messages';
import { SubscriptionPageContext } from '../../page-kit/page-state';
import { definePublicPage, reads, type PageParams } from '../../page-kit/public-page';
import { useSite, type SiteInfo } from '../../page-kit/site-context';

const listName = (t: Translate, site: string, list: Pick<PublicList, 'appTitle'>) =>
  list.appTitle ?? t('subscribeForm.newsletter', { site });

const Title = ({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) => (
  <h1 className="mt-6 flex items-center gap-3 text-3xl font-bold tracking-tight text-balance">
    {icon}
    {children}
  </h1>
);

// ── /subscriptions ──────────────────────────────────────────────────────────────────────────────

function SubscribePage() {
  const t = useT();
  const site = useSite();
  const locale = useLocale();
  const { signUp } = useContext(SubscriptionPageContext);
  return (
    <PageContainer narrow className="py-16">
      <Breadcrumb
        label={t('breadcrumb.label')}
        trail={[{ label: t('nav.home'), href: paths.home }, { label: t('subscribePage.crumb') }]}
      />
      <h1 className="mt-6 mb-6 text-3xl font-bold tracking-tight">{t('subscribePage.title')}</h1>
      {signUp ? (
        <section className="rounded-xl border bg-card p-6" data-testid="subscribe-box">
          <Island
            name="subscribe-form"
            component={SubscribeForm}
            props={{ ...signUp, site: site.name, ...(locale.isDefault ? {} : { locale: locale.code }) }}
            messages={['subscribeForm']}
          />
        </section>
      ) : (
        <SubscribeBox form="footer" />
      )}
    </PageContainer>
  );
}

export const subscribePage = definePublicPage({
  paths: [paths.subscriptions],
  reads: () => reads([]),
  head: ({ site, t, subscription }): HeadData => ({
    title: `${t('subscribePage.title')} | ${site.name}`,
    description: t('subscribePage.description', { site: site.name }),
    path: paths.subscriptions,
    // Only the plain form's answers are for one visitor; the page itself is the newsletter's form.
    noindex: Boolean(subscription.signUp),
  }),
  element: <SubscribePage />,
});

// ── /subscriptions/confirm?token= ───────────────────────────────────────────────────────────────

export const SUBSCRIPTION_CONFIRM_ROUTE = '/subscriptions/confirm';

const confirmToken = (value: string | null | undefined): string | null =>
  SubscriptionTokenSchema.safeParse(value).success ? value! : null;
const confirmationQuery = (token: string) => ({ queryKey: [api.subscriptionConfirmation(token)] as const });

function confirmationOf(search: URLSearchParams, data: QueryClient): SubscriptionConfirmation | undefined {
  const token = confirmToken(search.get('token'));
  return token ? data.getQueryData<SubscriptionConfirmation>(confirmationQuery(token).queryKey) : undefined;
}

function ConfirmCrumbs() {
  const t = useT();
  return (
    <Breadcrumb
      label={t('breadcrumb.label')}
      trail={[{ label: t('nav.home'), href: paths.home }, { label: t('subscriptionConfirm.crumb') }]}
    />
  );
}

function SubscriptionConfirmPage() {
  const t = useT();
  const site = useSite();
  const [search] = useSearchParams();
  const token = confirmToken(search.get('token'));
  const state = useContext(SubscriptionPageContext);
  const found = useQuery<SubscriptionConfirmation>({
    ...confirmationQuery(token ?? ''),
    enabled: token !== null && !state.confirmed && !state.gone,
  });
  if (state.confirmed) {
    return (
      <PageContainer narrow className="py-16">
        <ConfirmCrumbs />
        <div role="status" data-testid="subscription-confirmed">
          <Title icon={<CircleCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />}>
            {t('subscriptionConfirm.titleConfirmed')}
          </Title>
          <p className="mt-4 text-lg">
            {t('subscriptionConfirm.confirmedText', { list: listName(t, site.name, state.confirmed) })}
          </p>
        </div>
      </PageContainer>
    );
  }
  if (state.gone || token === null || found.isError) {
    return (
      <PageContainer narrow className="py-16">
        <ConfirmCrumbs />
        <Title icon={<LinkIcon aria-hidden="true" className="size-7 shrink-0 text-muted-foreground" />}>
          {t('subscriptionConfirm.titleGone')}
        </Title>
        <p className="mt-4 text-lg text-muted-foreground">{t('subscriptionConfirm.goneText')}</p>
      </PageContainer>
    );
  }
  if (found.isPending) return <PageSkeleton className="py-16" lines={['h-4 w-48', 'h-10 w-2/3', 'h-24 w-full']} />;
  return (
    <PageContainer narrow className="py-16">
      <ConfirmCrumbs />
      <Title icon={<MailCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />}>
        {t('subscriptionConfirm.heading')}
      </Title>
      <p className="mt-4 text-lg">{t('subscriptionConfirm.text', { list: listName(t, site.name, found.data) })}</p>
      <form method="post" action={SUBSCRIPTION_CONFIRM_ROUTE} className="mt-8">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {t('subscriptionConfirm.button')}
        </Button>
      </form>
    </PageContainer>
  );
}

const noindexHead = (site: SiteInfo, title: string, description: string, path: string, status?: number): HeadData => ({
  title: `${title} | ${site.name}`,
  description,
  path,
  noindex: true,
  status,
});

export const subscriptionConfirmPage = definePublicPage({
  paths: [SUBSCRIPTION_CONFIRM_ROUTE],
  search: ['token'],
  reads: (_params, search) => {
    const token = confirmToken(search.get('token'));
    return token ? reads([confirmationQuery(token).queryKey[0]]) : reads([]);
  },
  // Written in the subscriber's language, whatever the link's address (the one confirmation read made).
  language: (_params, data, _deletion, subscription) => {
    if (subscription.confirmed) return subscription.confirmed.locale ?? undefined;
    const prefix = api.subscriptionConfirmation('');
    const [[, found] = []] = data.getQueriesData<SubscriptionConfirmation>({
      predicate: (q) => String(q.queryKey[0]).startsWith(prefix),
    });
    return found?.locale ?? undefined;
  },
  head: ({ site, t, search, data, subscription }) => {
    const path = paths.subscriptions;
    if (subscription.confirmed) {
      const list = listName(t, site.name, subscription.confirmed);
      return noindexHead(
        site,
        t('subscriptionConfirm.titleConfirmed'),
        t('subscriptionConfirm.confirmedText', { list }),
        path,
      );
    }
    const found = subscription.gone ? undefined : confirmationOf(search, data);
    if (!found) {
      return noindexHead(site, t('subscriptionConfirm.titleGone'), t('subscriptionConfirm.goneText'), path, 404);
    }
    const list = listName(t, site.name, found);
    return noindexHead(site, t('subscriptionConfirm.heading'), t('subscriptionConfirm.text', { list }), path);
  },
  element: <SubscriptionConfirmPage />,
});

// ── /unsubscribe/{token} ────────────────────────────────────────────────────────────────────────

export const UNSUBSCRIBE_ROUTE = '/unsubscribe/:token';

const subscriberToken = (value: string | undefined): string | null =>
  SubscriberTokenParamsSchema.safeParse({ token: value }).success ? value! : null;
const preferencesQuery = (token: string) => ({ queryKey: [api.subscriberPreferences(token)] as const });

function preferencesOf(params: PageParams, data: QueryClient): SubscriberPreferences | undefined {
  const token = subscriberToken(params.token);
  return token ? data.getQueryData<SubscriberPreferences>(preferencesQuery(token).queryKey) : undefined;
}

function UnsubscribePage() {
  const t = useT();
  const site = useSite();
  const { pathname } = useLocation();
  const token = subscriberToken(useParams().token);
  const { changed } = useContext(SubscriptionPageContext);
  const prefs = useQuery<SubscriberPreferences>({ ...preferencesQuery(token ?? ''), enabled: token !== null });
  if (token === null || prefs.isError) {
    return (
      <PageContainer narrow className="py-16">
        <Title icon={<LinkIcon aria-hidden="true" className="size-7 shrink-0 text-muted-foreground" />}>
          {t('unsubscribePage.notFound')}
        </Title>
        <p className="mt-4 text-lg text-muted-foreground">{t('unsubscribePage.notFoundText')}</p>
      </PageContainer>
    );
  }
  if (prefs.isPending) return <PageSkeleton className="py-16" lines={['h-10 w-2/3', 'h-24 w-full']} />;
  const lists = prefs.data.lists;
  return (
    <PageContainer narrow className="py-16">
      <h1 className="text-3xl font-bold tracking-tight text-balance">{t('unsubscribePage.title')}</h1>
      {changed && (
        <p role="status" className="mt-4 rounded-md border border-primary/40 bg-accent p-4 text-accent-foreground">
          {changed === 'all' ? t('unsubscribePage.allDone') : t('unsubscribePage.saved')}
        </p>
      )}
      <p className="mt-4 text-lg text-muted-foreground">{t('unsubscribePage.intro')}</p>
      <form method="post" action={pathname} className="mt-6">
        <input type="hidden" name="action" value="all" />
        <Button type="submit" size="lg" variant="destructive" className="w-full sm:w-auto">
          {t('unsubscribePage.all')}
        </Button>
      </form>
      <h2 className="mt-10 text-xl font-semibold">{t('unsubscribePage.lists')}</h2>
      <ul className="mt-4 divide-y rounded-xl border bg-card" data-testid="preference-lists">
        {lists.map((list) => {
          const name = listName(t, site.name, list);
          const on = list.status !== 'unsubscribed';
          return (
            <li key={list.list} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-medium">{name}</p>
                <p className="text-sm text-muted-foreground">
                  {list.status === 'confirmed'
                    ? t('unsubscribePage.subscribed')
                    : list.status === 'pending'
                      ? t('unsubscribePage.pending')
                      : t('unsubscribePage.unsubscribed')}
                </p>
              </div>
              <form method="post" action={pathname}>
                <input type="hidden" name="list" value={list.list} />
                <input type="hidden" name="subscribed" value={on ? '0' : '1'} />
                <Button type="submit" variant="outline" size="sm">
                  {on ? t('unsubscribePage.leave', { list: name }) : t('unsubscribePage.rejoin', { list: name })}
                </Button>
              </form>
            </li>
          );
        })}
      </ul>
    </PageContainer>
  );
}

export const unsubscribePage = definePublicPage({
  paths: [UNSUBSCRIBE_ROUTE],
  reads: ({ token }) => {
    const secret = subscriberToken(token);
    return secret ? reads([preferencesQuery(secret).queryKey[0]]) : reads([]);
  },
  language: (params, data) => preferencesOf(params, data)?.locale ?? undefined,
  head: ({ site, t, params, data }) => {
    const found = preferencesOf(params, data);
    // The canonical address is the sign-up page: the token stays out of the head.
    if (!found)
      return noindexHead(
        site,
        t('unsubscribePage.notFound'),
        t('unsubscribePage.notFoundText'),
        paths.subscriptions,
        404,
      );
    return noindexHead(site, t('unsubscribePage.title'), t('unsubscribePage.intro'), paths.subscriptions);
  },
  element: <UnsubscribePage />,
});
