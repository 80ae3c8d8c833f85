import { formatLongGb } from '../../../shared/dates';
import type { HeadData } from '../../page-kit/head';
import type { Translate } from '../../page-kit/messages';
import type { SiteInfo } from '../../page-kit/site-context';
import { responsiveRichText } from '../../../shared/responsive-rich-text';
import { PageContainer, RichText } from '../../components/page';
import { SkeletonLines } from '../../components/ui/skeleton';
import { usePrivacyPolicy } from '../../features/pages/api';
import { definePublicPage, reads } from '../../page-kit/public-page';
import { api, paths } from '../../../shared/paths';
import { Island } from '../../islands/island';
import VisitCounting from '../../islands/visit-counting';

function privacyHead(site: SiteInfo, t: Translate): HeadData {
  return {
    title: t('head.titleSuffix', { title: t('privacy.title'), site: site.name }),
    description: t('privacy.description', { site: site.name }),
    path: paths.privacy,
  };
}

export default function PrivacyPage() {
  const policy = usePrivacyPolicy();
  return (
    <PageContainer narrow>
      <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Privacy Policy</h1>
      {policy.isPending ? (
        <SkeletonLines
          className="mt-6 space-y-4"
          label="Loading privacy policy"
          data-testid="privacy-skeleton"
          lines={[
            'h-4 w-40',
            'h-6 w-2/3',
            'h-4 w-full',
            'h-4 w-full',
            'h-4 w-5/6',
            'h-6 w-1/2',
            'h-4 w-full',
            'h-4 w-4/6',
          ]}
        />
      ) : policy.isError ? (
        <p role="alert" className="mt-6 text-muted-foreground">
          The privacy policy could not be loaded. Please try again later.
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-muted-foreground">
            Last updated: {policy.data?.lastUpdated ? formatLongGb(policy.data.lastUpdated) : 'N/A'}
          </p>
          {policy.data ? (
            <RichText html={responsiveRichText(policy.data.content)} className="mt-8" />
          ) : (
            <p className="mt-8 text-muted-foreground">Our privacy policy is being written. Please check back soon.</p>
          )}
        </>
      )}
      {/* The visitor's own "Don't count my visits" (issue 27). */}
      <Island name="visit-counting" component={VisitCounting} props={{}} messages={['visitCounting']} />
    </PageContainer>
  );
}

export const privacyPage = definePublicPage({
  paths: [paths.privacy],
  reads: () => reads([], [api.privacyPolicy]),
  head: ({ site, t }) => privacyHead(site, t),
  element: <PrivacyPage />,
});
