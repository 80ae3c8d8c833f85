import { formatLongUs } from '../../../shared/dates';
import type { HeadData } from '../../page-kit/head';
import { useT, type Translate } from '../../page-kit/messages';
import type { SiteInfo } from '../../page-kit/site-context';
import { responsiveRichText } from '../../../shared/responsive-rich-text';
import { PageContainer, RichText } from '../../components/page';
import { Spinner } from '../../components/ui/spinner';
import { useAboutUs } from '../../features/pages/api';
import { definePublicPage, reads } from '../../page-kit/public-page';
import { api, paths } from '../../../shared/paths';

function aboutHead(site: SiteInfo, t: Translate): HeadData {
  return {
    title: t('head.titleSuffix', { title: t('about.title'), site: site.name }),
    description: t('about.description', { site: site.name }),
    path: paths.about,
  };
}

export default function AboutPage() {
  const about = useAboutUs();
  const t = useT();
  return (
    <PageContainer narrow>
      {about.isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label="Loading About Us" />
        </div>
      ) : about.isError ? (
        <div className="py-16 text-center">
          <h1 className="text-2xl font-bold">{t('state.loadFailed')}</h1>
          <p className="mt-2 text-muted-foreground">{t('state.tryLater')}</p>
        </div>
      ) : !about.data ? (
        <div className="py-16 text-center">
          <h1 className="text-3xl font-bold">About Us</h1>
          <p className="mt-2 text-muted-foreground">Content not available</p>
        </div>
      ) : (
        <article>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{about.data.title}</h1>
          <RichText html={responsiveRichText(about.data.content)} className="mt-8 rich-text-lg" />
          <p className="mt-10 border-t pt-4 text-sm text-muted-foreground">
            Last updated: {formatLongUs(about.data.lastUpdated)}
          </p>
        </article>
      )}
    </PageContainer>
  );
}

export const aboutPage = definePublicPage({
  paths: [paths.about],
  reads: () => reads([], [api.aboutUs]),
  head: ({ site, t }) => aboutHead(site, t),
  element: <AboutPage />,
});
