// A shared draft (issue 12): the post exactly as its page will look, to anyone with the secret link,
// until the link expires or is revoked. Never indexed, never cached (see ssr/pages.ts).
import { EyeOff } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { PreviewTokenParamsSchema } from '../../../shared/schemas/preview-links';
import { itemNotFoundHead } from '../../page-kit/item-not-found';
import { PageContainer } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { appQuery, useApp } from '../../features/apps/api';
import type { App } from '../../../shared/schemas/apps';
import type { PreviewPost } from '../../../shared/schemas/blog-posts';
import { usePreview, previewQuery } from '../../features/blogs/api';
import { PostSkeleton, PostView, previewHead } from './blog-post';
import { definePublicPage, reads } from '../../page-kit/public-page';
import { useT } from '../../page-kit/messages';

/** A shared draft's address: never cached or indexed, and its secret is never sent on as a referrer (ssr/pages.ts). */
export const PREVIEW_ROUTE = '/preview/:token';

export const PREVIEW_GONE = 'This preview link has expired or was revoked';

/** The link's secret from the address, or null when it cannot be one (then nothing is read). */
export const previewToken = (value: string | undefined): string | null =>
  PreviewTokenParamsSchema.safeParse({ token: value }).success ? value! : null;

const PREVIEW_NOT_AVAILABLE = 'Preview Not Available';

/** The app as a shared draft names it: in the link's language (the reply's `appTitle`), as the post is. */
export const previewApp = (post: PreviewPost, app: App | undefined): App | undefined =>
  app && { ...app, title: post.appTitle ?? app.title };

function PreviewGone() {
  return (
    <PageContainer narrow className="py-24 text-center">
      <h1 className="text-3xl font-bold text-balance">{PREVIEW_GONE}</h1>
      <p className="mt-3 text-muted-foreground">Ask whoever shared it for a new link.</p>
      <Link to={paths.home} className={buttonVariants({ className: 'mt-8' })}>
        Back to Home
      </Link>
    </PageContainer>
  );
}

export default function PreviewPage() {
  const t = useT();
  const token = previewToken(useParams().token);
  const post = usePreview(token ?? '', token !== null);
  const app = useApp(post.data?.appId ?? 0, Boolean(post.data?.appId));

  if (token === null || post.isError) return <PreviewGone />;
  if (post.isPending) return <PostSkeleton />;
  return (
    <>
      <div
        role="status"
        className="border-b border-yellow-500/40 bg-yellow-100 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-100"
      >
        <p className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3 text-sm font-medium sm:px-6">
          <EyeOff aria-hidden="true" className="size-4 shrink-0" />
          {t('preview.draft')}
        </p>
      </div>
      <PostView post={post.data} app={previewApp(post.data, app.data)} preview />
    </>
  );
}

export const previewPage = definePublicPage({
  paths: [PREVIEW_ROUTE],
  reads: ({ token }) => {
    const secret = previewToken(token);
    return secret ? reads([previewQuery(secret).queryKey[0]]) : reads([]);
  },
  // A link made for a translation shows it in its language (the reply says which: contentLocale).
  language: ({ token }, data) => {
    const secret = previewToken(token);
    return secret ? data.getQueryData<PreviewPost>(previewQuery(secret).queryKey)?.contentLocale : undefined;
  },
  head: ({ site, params, data }) => {
    const secret = previewToken(params.token);
    const post = secret ? data.getQueryData<PreviewPost>(previewQuery(secret).queryKey) : undefined;
    return post
      ? previewHead(
          site,
          post,
          previewApp(post, post.appId === null ? undefined : data.getQueryData<App>(appQuery(post.appId).queryKey)),
        )
      : itemNotFoundHead(site, PREVIEW_NOT_AVAILABLE);
  },
  element: <PreviewPage />,
});
