// An app's support page and its account-deletion page (issue 14), at /apps/{slug}/support and
// /apps/{slug}/delete-account: static HTML readable without JavaScript; the deletion form is an island.
import { Mail, MessageCircleQuestion, Trash2 } from 'lucide-react';
import { useContext, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { paths, api } from '../../../shared/paths';
import type { PublicAppPages } from '../../../shared/schemas/app-pages';
import type { App } from '../../../shared/schemas/apps';
import { truncate } from '../../../shared/text';
import type { HeadData } from '../../page-kit/head';
import { useT, useTRich, type Translate } from '../../page-kit/messages';
import { notFoundHead } from '../../page-kit/seo';
import { DeletionFormContext } from '../../page-kit/page-state';
import type { SiteInfo } from '../../page-kit/site-context';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageContainer, RichText, PageSkeleton } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { AppIcon } from '../../features/apps/app-card';
import { appSlugOf, useAppBySlug } from '../../features/apps/api';
import { appPagesQuery, usePublicAppPages } from '../../features/app-pages/api';
import DeletionForm from '../../islands/deletion-form';
import { Island } from '../../islands/island';
import { AppNotFound, appNotFoundHead } from './app-blogs';
import { appSubpageReads, appTrail, pageApp } from '../../page-kit/app-subpage';
import { definePublicPage, type HeadInput } from '../../page-kit/public-page';

function supportHead(site: SiteInfo, app: App, t: Translate): HeadData {
  const names = { app: app.title, site: site.name };
  return {
    title: t('appSupport.title', names),
    description: truncate(t('appSupport.description', names), 160),
    path: paths.appSupport(app.slug),
    appId: app.id,
  };
}

function deleteAccountHead(site: SiteInfo, app: App, t: Translate): HeadData {
  const names = { app: app.title, site: site.name };
  return {
    title: t('appDelete.title', names),
    description: truncate(t('appDelete.description', names), 160),
    path: paths.appDeleteAccount(app.slug),
    appId: app.id,
  };
}

/** The page's app (by its slug; ids are moved to the slug on the server) and its texts. */
function useAppAndPages():
  { state: 'pending' } | { state: 'missing' } | { state: 'ready'; app: App; pages: PublicAppPages } {
  const { appKey } = useParams();
  const found = useAppBySlug(appKey);
  const app = found.data;
  const pages = usePublicAppPages(app?.id ?? 0);
  if (!appSlugOf(appKey) || found.isError || pages.isError) return { state: 'missing' };
  if (!app || !pages.data) return { state: 'pending' };
  return { state: 'ready', app, pages: pages.data };
}

const LINK = 'font-medium text-primary underline-offset-4 hover:underline';

/** Home, the app, then `label`: in the page's language. */
function useTrail(app: App, label: string) {
  const t = useT();
  return appTrail(t('nav.home'), app, { label });
}

function Title({ app, children }: { app: App; children: ReactNode }) {
  return (
    <div className="mt-6 flex items-center gap-4">
      <AppIcon
        app={app}
        size={64}
        decorative
        className="size-14 shrink-0 rounded-2xl border bg-muted object-cover shadow-sm sm:size-16"
      />
      <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{children}</h1>
    </div>
  );
}

function Loading() {
  return <PageSkeleton lines={['h-4 w-48', 'h-12 w-2/3', 'h-32 w-full']} />;
}

/** Not found, with the page's status (an app without accounts has no deletion page). */
function PageNotFound() {
  const t = useT();
  return (
    <PageContainer narrow className="py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('appDelete.noPage')}</p>
      <a href={paths.home} className={buttonVariants({ className: 'mt-8' })}>
        {t('notFound.back')}
      </a>
    </PageContainer>
  );
}

export function AppSupportPage() {
  const found = useAppAndPages();
  if (found.state === 'missing') return <AppNotFound />;
  if (found.state === 'pending') return <Loading />;
  return <Support app={found.app} pages={found.pages} />;
}

function Support({ app, pages }: { app: App; pages: PublicAppPages }) {
  const t = useT();
  const rich = useTRich();
  const name = { app: app.title };
  return (
    <PageContainer narrow>
      <Breadcrumb label={t('breadcrumb.label')} trail={useTrail(app, t('appPage.support'))} />
      <Title app={app}>{t('appSupport.heading', name)}</Title>

      {pages.supportIntro ? (
        <RichText html={pages.supportIntro} className="mt-8" />
      ) : (
        <p className="mt-8 text-lg text-muted-foreground">{t('appSupport.intro', name)}</p>
      )}

      <section aria-labelledby="contact-heading" className="mt-10 rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="contact-heading" className="flex items-center gap-2 text-xl font-semibold">
          <Mail aria-hidden="true" className="size-5 text-primary" />
          {t('appSupport.contact')}
        </h2>
        {pages.supportEmail ? (
          <p className="mt-3">
            {rich('appSupport.emailUs', {
              email: pages.supportEmail,
              link: (chunks) => (
                <a
                  href={`mailto:${pages.supportEmail}?subject=${encodeURIComponent(t('appSupport.heading', name))}`}
                  className={`${LINK} break-all`}
                >
                  {chunks}
                </a>
              ),
            })}
          </p>
        ) : (
          <p className="mt-3">
            {rich('appSupport.writeUs', {
              ...name,
              link: (chunks) => (
                <a href={paths.contact} className={LINK}>
                  {chunks}
                </a>
              ),
            })}
          </p>
        )}
      </section>

      <section aria-labelledby="faq-heading" className="mt-12">
        <h2 id="faq-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <MessageCircleQuestion aria-hidden="true" className="size-6 text-primary" />
          {t('appSupport.faq')}
        </h2>
        {pages.faq.length === 0 ? (
          <p className="mt-4 text-muted-foreground">{t('appSupport.noFaq')}</p>
        ) : (
          <div className="mt-5 divide-y rounded-xl border bg-card shadow-sm" data-testid="faq">
            {pages.faq.map((item, i) => (
              <details key={i} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring">
                  <h3 className="text-base">{item.question}</h3>
                  <span
                    aria-hidden="true"
                    className="mt-0.5 text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </summary>
                <p className="mt-3 whitespace-pre-line text-muted-foreground">{item.answer}</p>
              </details>
            ))}
          </div>
        )}
      </section>

      {pages.accountDeletion && (
        <p className="mt-12 text-sm text-muted-foreground">
          <Trash2 aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px]" />
          {rich('appSupport.deletion', {
            ...name,
            link: (chunks) => (
              <a href={paths.appDeleteAccount(app.slug)} className={LINK}>
                {chunks}
              </a>
            ),
          })}
        </p>
      )}
    </PageContainer>
  );
}

export function AppDeleteAccountPage() {
  const found = useAppAndPages();
  if (found.state === 'missing') return <AppNotFound />;
  if (found.state === 'pending') return <Loading />;
  if (!found.pages.accountDeletion) return <PageNotFound />;
  return <DeleteAccount app={found.app} pages={found.pages} />;
}

function DeleteAccount({ app, pages }: { app: App; pages: PublicAppPages }) {
  const form = useContext(DeletionFormContext);
  const t = useT();
  const rich = useTRich();
  const name = { app: app.title };
  return (
    <PageContainer narrow>
      <Breadcrumb label={t('breadcrumb.label')} trail={useTrail(app, t('appPage.deleteAccount'))} />
      <Title app={app}>{t('appDelete.heading', name)}</Title>
      <p className="mt-6 text-lg text-muted-foreground">
        {t('appDelete.intro', { ...name, days: pages.deletionDays })}
      </p>

      <div className="mt-10 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="deleted-heading" className="rounded-xl border bg-card p-6 shadow-sm">
          <h2 id="deleted-heading" className="text-xl font-semibold">
            {t('appDelete.deleted')}
          </h2>
          {pages.deletionDeleted ? (
            <RichText html={pages.deletionDeleted} className="mt-3" />
          ) : (
            <p className="mt-3">{t('appDelete.deletedDefault')}</p>
          )}
        </section>
        <section aria-labelledby="kept-heading" className="rounded-xl border bg-card p-6 shadow-sm">
          <h2 id="kept-heading" className="text-xl font-semibold">
            {t('appDelete.kept')}
          </h2>
          {pages.deletionKept ? (
            <RichText html={pages.deletionKept} className="mt-3" />
          ) : (
            <p className="mt-3">{t('appDelete.keptDefault')}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="request-heading" className="mt-12 rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="request-heading" className="text-xl font-semibold">
          {t('appDelete.request')}
        </h2>
        <p className="mt-2 mb-6 text-sm text-muted-foreground">
          {rich('appDelete.requestText', {
            ...name,
            link: (chunks) => (
              <a href={paths.appSupport(app.slug)} className={LINK}>
                {chunks}
              </a>
            ),
          })}
        </p>
        <Island
          name="deletion-form"
          component={DeletionForm}
          props={{ ...form, appId: app.id, appSlug: app.slug, appTitle: app.title }}
          messages={['deletionForm']}
        />
      </section>
    </PageContainer>
  );
}

/** The app and its texts, from the render's reads; missing when either is (as `useAppAndPages` says). */
function pageWithTexts({ params, data }: HeadInput): { app: App; pages: PublicAppPages } | undefined {
  const app = pageApp(params, data);
  const pages = app && data.getQueryData<PublicAppPages>(appPagesQuery(app.id).queryKey);
  return app && pages ? { app, pages } : undefined;
}

// An app's support and account-deletion pages (issue 14), from its deletion and support texts.
export const appSupportPage = definePublicPage({
  paths: ['/apps/:appKey/support'],
  ...appSubpageReads(paths.appSupport, (id) => [api.appPages(id)]),
  head: (input) => {
    const found = pageWithTexts(input);
    return found ? supportHead(input.site, found.app, input.t) : appNotFoundHead(input.site, input.t);
  },
  element: <AppSupportPage />,
});

export const appDeleteAccountPage = definePublicPage({
  paths: ['/apps/:appKey/delete-account'],
  ...appSubpageReads(paths.appDeleteAccount, (id) => [api.appPages(id)]),
  head: (input) => {
    const found = pageWithTexts(input);
    if (!found) return appNotFoundHead(input.site, input.t);
    return found.pages.accountDeletion
      ? deleteAccountHead(input.site, found.app, input.t)
      : notFoundHead(input.site, '', undefined, input.t);
  },
  element: <AppDeleteAccountPage />,
});
