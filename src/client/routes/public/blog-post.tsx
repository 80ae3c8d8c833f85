import { ArrowLeft } from 'lucide-react';
import { listFor, SubscribeBox } from '../../page-kit/subscribe-box';
import { Link, useParams } from 'react-router';
import { api, paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import type { BlogPost } from '../../../shared/schemas/blog-posts';
import { responsiveRichText } from '../../../shared/responsive-rich-text';
import type { HeadData } from '../../page-kit/head';
import { appStoreId, postDescription } from '../../page-kit/seo';
import { ItemNotFound, itemNotFoundHead } from '../../page-kit/item-not-found';
import type { SiteInfo } from '../../page-kit/site-context';
import { PageDate } from '../../page-kit/page-date';
import { PageContainer, RichText, PageSkeleton } from '../../components/page';
import { MediaImage } from '../../components/media-image';
import { AppIcon } from '../../features/apps/app-card';
import { appQuery, useApp } from '../../features/apps/api';
import { blogPostQuery, useBlogPost } from '../../features/blogs/api';
import { PostStatusBadge } from '../../features/blogs/post-status';
import { parseId } from '../../lib/params';
import { definePublicPage, reads, type PageParams } from '../../page-kit/public-page';
import { useT } from '../../page-kit/messages';

export function blogPostHead(site: SiteInfo, post: BlogPost, app: App | undefined): HeadData {
  return {
    // An SEO title is the whole title, as its author wrote it.
    title: post.seoTitle || `${post.title} | ${app ? `${app.title} | ` : ''}${site.name}`,
    description: postDescription(post),
    // The readable address is the canonical one, whichever of the post's addresses was opened.
    path: paths.readablePost(post),
    appId: post.appId ?? undefined,
    type: 'article',
    appStoreId: appStoreId(app),
    feeds: app ? [{ title: `${app.title} blog`, href: paths.appRss(app.id) }] : [],
  };
}

/** A shared draft: as its page will look, but never indexed and with no canonical address. */
export function previewHead(site: SiteInfo, post: BlogPost, app: App | undefined): HeadData {
  return { ...blogPostHead(site, post, app), noindex: true, feeds: [] };
}

function PostNotFound() {
  const t = useT();
  return <ItemNotFound title={t('post.notFound')} text={t('post.notFoundText')} />;
}

/** The post's page: what visitors see at its addresses, and a shared draft's preview (`preview`). */
export function PostView({ post: p, app: a, preview = false }: { post: BlogPost; app?: App; preview?: boolean }) {
  const t = useT();
  return (
    <PageContainer narrow>
      <nav aria-label={t('post.back')} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <Link to={paths.home} className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('itemNotFound.back')}
        </Link>
        {/* A studio post (issue 26) has no app: its way back is the blog. */}
        <Link
          to={p.appId === null ? paths.blogIndex : paths.appBlogs(p.appId)}
          className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {a ? t('post.backToApp', { app: a.title }) : t('post.backToBlog')}
        </Link>
      </nav>
      <article className="mt-8">
        {p.appId === null && <p className="font-semibold">{t('studioNews.byline')}</p>}
        {a && (
          <Link to={paths.appBlogs(a.id)} className="inline-flex items-center gap-3 rounded-lg hover:opacity-90">
            <AppIcon app={a} size={40} decorative className="size-10 rounded-xl border bg-muted object-cover" />
            <span className="font-semibold">{a.title}</span>
          </Link>
        )}
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{p.title}</h1>
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          {p.publishedAt && <PageDate iso={p.publishedAt} />}
          {/* A preview shows the post as it will look once published: its banner says it is a draft. */}
          {!preview && (
            <PostStatusBadge
              isPublished={p.isPublished}
              labels={{ published: t('status.published'), draft: t('status.draft') }}
            />
          )}
        </div>
        <RichText html={responsiveRichText(p.content)} className="mt-8 rich-text-lg" />
        {p.images.length > 0 && (
          <section aria-labelledby="gallery-title" className="mt-12">
            <h2 id="gallery-title" className="text-xl font-semibold">
              {t('post.gallery')}
            </h2>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {p.images.map((src, i) => (
                <a
                  key={`${src}-${i}`}
                  href={src}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block overflow-hidden rounded-lg border"
                >
                  <MediaImage
                    src={src}
                    sizes="(min-width: 48rem) 23rem, 100vw"
                    alt={t('post.image', { title: p.title, n: i + 1, total: p.images.length })}
                    width={1200}
                    height={630}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[1200/630] w-full bg-muted object-cover transition-transform hover:scale-[1.02]"
                  />
                </a>
              ))}
            </div>
          </section>
        )}
      </article>
      {/* The post's app's list while it takes sign-ups, else the studio's newsletter (issue 26). */}
      {!preview && <SubscribeBox app={listFor(a)} form="post" className="mt-12 rounded-xl border bg-card p-6" />}
    </PageContainer>
  );
}

export function PostSkeleton() {
  const t = useT();
  return (
    <PageSkeleton
      label={t('post.loading')}
      stackClassName="space-y-4"
      lines={['h-4 w-48', 'h-10 w-3/4', 'h-4 w-full', 'h-4 w-full', 'h-4 w-2/3']}
    />
  );
}

/** `/blogs/{id}` and its readable address `/blogs/{id}/{slug}` (the server redirects an old slug). */
export default function BlogPostPage() {
  const id = parseId(useParams().id);
  const post = useBlogPost(id ?? 0, id !== null);
  const app = useApp(post.data?.appId ?? 0, Boolean(post.data?.appId));

  if (id === null || post.isError) return <PostNotFound />;
  if (post.isPending) return <PostSkeleton />;
  return <PostView post={post.data} app={app.data} />;
}

/** A post's page reads the post; its app is read once the post is known (see ssr/render.tsx). */
const postReads = ({ id }: PageParams) => {
  const n = parseId(id);
  return n ? reads([api.blog(n)]) : reads([]);
};

/** The readable address; an old slug is redirected to the post's current one (see ssr/render.tsx). */
export const blogPostPage = definePublicPage({
  paths: ['/blogs/:id', '/blogs/:id/:slug'],
  reads: postReads,
  head: ({ site, t, params, data }) => {
    const id = parseId(params.id);
    const post = id ? data.getQueryData<BlogPost>(blogPostQuery(id).queryKey) : undefined;
    return post
      ? blogPostHead(
          site,
          post,
          post.appId === null ? undefined : data.getQueryData<App>(appQuery(post.appId).queryKey),
        )
      : itemNotFoundHead(site, t('post.notFound'));
  },
  element: <BlogPostPage />,
});
