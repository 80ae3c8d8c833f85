// Blog Posts (SPEC §2 "Blog Posts (admin)"): every post of every app, newest first, with search,
// create and edit in a dialog, Publish for drafts and Delete with confirmation.
import { AppWindow, CalendarDays, Image as ImageIcon, Newspaper, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { EXCERPT_ADMIN } from '../../../shared/constants';
import { STUDIO_NAME, type AdminBlogPost } from '../../../shared/schemas/blog-posts';
import { excerpt } from '../../../shared/text';
import { LocalDate } from '../../components/local-date';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import {
  useAdminBlogs,
  useAdminBlogsTotal,
  useDeleteBlogPost,
  usePublishBlogPost,
} from '../../features/blogs/admin-api';
import { appsQuery } from '../../features/apps/api';
import { BlogPostDialog } from '../../features/blogs/admin-post-form';
import { PostStatusBadge, scheduleTime } from '../../features/blogs/post-status';
import { PreviewLinks } from '../../features/blogs/preview-links';
import { errorMessage } from '../../lib/http';
import { localeLabel, useItemStatuses, useSiteLocales, useTranslationSummary } from '../../features/translations/api';
import { CompletenessMarkers } from '../../features/translations/completeness';
import { LanguageSwitcher } from '../../features/translations/language-switcher';
import { TranslationEditor } from '../../features/translations/translation-editor';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';
import { SearchField } from '../../components/ui/search-field';

const LOADING_CARDS = 3;

type Editor = { kind: 'create' } | { kind: 'edit'; post: AdminBlogPost };

function PublishButton({ post }: { post: AdminBlogPost }) {
  const publish = usePublishBlogPost();
  const onPublish = () => publish.mutate(post.id);
  return (
    <Button variant="outline" size="sm" onClick={onPublish} disabled={publish.isPending}>
      <Send aria-hidden="true" />
      {publish.isPending ? 'Publishing...' : 'Publish'}
      <span className="sr-only"> {post.title}</span>
    </Button>
  );
}

/** The create or edit dialog with, for a saved post, its language switcher and translations. */
function PostEditorDialog({ post, onClose }: { post: AdminBlogPost | null; onClose: () => void }) {
  const locales = useSiteLocales().data ?? [];
  const [lang, setLang] = useState<string | null>(null);
  const [translationDirty, setTranslationDirty] = useState(false);
  const statuses = useItemStatuses('post', String(post?.id ?? 0), Boolean(post) && locales.length > 1);
  const chosen = lang && locales.some((l) => l.code === lang && !l.isDefault) ? lang : null;
  return (
    <BlogPostDialog
      post={post}
      appsQuery={appsQuery()}
      onClose={onClose}
      languageBar={(dirty) => (
        <LanguageSwitcher
          id="post-language"
          locales={locales}
          value={chosen}
          dirty={chosen ? translationDirty : dirty}
          statuses={statuses}
          onChange={(code) => setLang(locales.find((l) => l.code === code)?.isDefault ? null : code)}
        />
      )}
      translation={
        post && chosen ? (
          <TranslationEditor
            key={chosen}
            type="post"
            id={String(post.id)}
            locale={chosen}
            title={post.title}
            guard={false}
            framed={false}
            onDirtyChange={setTranslationDirty}
            previewLinks={<PreviewLinks postId={post.id} locale={chosen} languageName={localeLabel(chosen)} />}
          />
        ) : null
      }
      translationDirty={translationDirty}
    />
  );
}

function PostCard({
  post,
  onEdit,
  onDelete,
  markers,
}: {
  markers?: ReactNode;
  post: AdminBlogPost;
  onEdit: (from: HTMLElement) => void;
  onDelete: (from: HTMLElement) => void;
}) {
  const titleId = `blog-post-${post.id}-title`;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
              {post.title}
            </h2>
            <PostStatusBadge isPublished={post.isPublished} scheduled={Boolean(post.publishAt)} />
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <AppWindow aria-hidden="true" className="size-4" />
              <span className="sr-only">App: </span>
              <span>{post.appId === null ? STUDIO_NAME : (post.appTitle ?? 'Unknown App')}</span>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              {post.publishedAt ? (
                <>
                  <span className="sr-only">Published on </span>
                  <LocalDate iso={post.publishedAt} />
                </>
              ) : post.publishAt ? (
                `Scheduled for ${scheduleTime(post.publishAt)}`
              ) : (
                'Not published'
              )}
            </span>
          </p>
          {markers}
          <p data-testid="blog-excerpt" className="text-sm break-words">
            {excerpt(post.content, EXCERPT_ADMIN)}
          </p>
          {post.images.length > 0 && (
            <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
              <ImageIcon aria-hidden="true" className="size-4" />
              {post.images.length} image(s) attached
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={(e) => onEdit(e.currentTarget)}>
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only"> {post.title}</span>
          </Button>
          {!post.isPublished && <PublishButton post={post} />}
          <Button variant="outline" size="sm" onClick={(e) => onDelete(e.currentTarget)} tone="destructive">
            <Trash2 aria-hidden="true" />
            Delete
            <span className="sr-only"> {post.title}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}

function LoadingCards() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="sr-only">
        Loading blog posts...
      </p>
      {Array.from({ length: LOADING_CARDS }, (_, i) => (
        <Card key={i} className="space-y-3 p-4 sm:p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="h-6 w-2/3 max-w-sm" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </Card>
      ))}
    </div>
  );
}

export default function BlogPosts() {
  useDocumentTitle('Blog Posts');
  const remove = useDeleteBlogPost();
  const [search, setSearch] = useState('');
  // The search runs on the server a moment after typing stops.
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), search.trim() ? 250 : 0);
    return () => clearTimeout(timer);
  }, [search]);
  const posts = useAdminBlogs(query);
  const everyPost = useAdminBlogsTotal();
  const [editor, setEditor] = useState<Editor | null>(null);
  // Each post's translations per language, in one read (nothing when the site has one language).
  const locales = useSiteLocales();
  const multilingual = (locales.data?.length ?? 0) > 1;
  const completeness = useTranslationSummary('post', multilingual);
  const [toDelete, setToDelete] = useState<AdminBlogPost | null>(null);
  const [returnFocus, setReturnFocus] = useState<{ to: HTMLElement | null } | null>(null);

  // `from` is the button that opened the dialog: the keyboard goes back there when it closes.
  const openEditor = (next: Editor, from: HTMLElement) => {
    setReturnFocus({ to: from });
    setEditor(next);
  };
  const openDelete = (post: AdminBlogPost, from: HTMLElement) => {
    setReturnFocus({ to: from });
    setToDelete(post);
  };

  const shown = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const matching = posts.data?.pages[0]?.total ?? 0;
  const all = everyPost.data ?? matching;
  // The edited post as the list now has it (a publish from the form updates its header).
  const editing = editor?.kind === 'edit' ? (shown.find((p) => p.id === editor.post.id) ?? editor.post) : null;

  const onConfirmDelete = () => {
    if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
  };

  // The dialogs here open without a Radix trigger, so Radix cannot return the keyboard on close:
  // once no dialog is open, focus goes back to the button that opened it or, when that is gone
  // (its post was deleted), to the search box.
  const dialogOpen = editor !== null || toDelete !== null;
  useEffect(() => {
    if (dialogOpen || !returnFocus) return;
    let frame = requestAnimationFrame(function settle() {
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) {
        frame = requestAnimationFrame(settle);
        return;
      }
      const target = returnFocus.to?.isConnected ? returnFocus.to : document.getElementById('blog-search');
      target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [dialogOpen, returnFocus]);

  return (
    <AdminPage
      title="Blog Posts"
      description="Write, publish and manage the blog posts of your apps."
      actions={
        <Button onClick={(e) => openEditor({ kind: 'create' }, e.currentTarget)}>
          <Plus aria-hidden="true" />
          Create Blog Post
        </Button>
      }
    >
      <div className="mb-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          id="blog-search"
          label="Search blog posts"
          placeholder="Search blog posts..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {posts.isSuccess && (
          <p role="status" className="text-sm text-muted-foreground">
            {query ? `${matching} of ${all} posts match` : `${matching} ${matching === 1 ? 'post' : 'posts'}`}
          </p>
        )}
      </div>

      {posts.isPending ? (
        <LoadingCards />
      ) : posts.isError ? (
        <Card role="alert" className="p-8 text-center">
          <p className="text-lg font-semibold">Failed to load blog posts</p>
          <p className="mt-1 text-sm text-muted-foreground">{errorMessage(posts.error)}</p>
          <Button variant="outline" className="mt-4" onClick={() => void posts.refetch()} disabled={posts.isFetching}>
            {posts.isFetching ? 'Loading...' : 'Try again'}
          </Button>
        </Card>
      ) : shown.length === 0 ? (
        <Card className="border-dashed p-10 text-center">
          <Newspaper aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
          <h2 className="mt-3 text-lg font-semibold">No blog posts found</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {query ? 'Try adjusting your search terms.' : 'Create your first blog post to get started.'}
          </p>
        </Card>
      ) : (
        <>
          <ul className="space-y-4" aria-label="Blog posts">
            {shown.map((post) => (
              <li key={post.id}>
                <PostCard
                  post={post}
                  onEdit={(from) => openEditor({ kind: 'edit', post }, from)}
                  onDelete={(from) => openDelete(post, from)}
                  markers={
                    multilingual && (
                      <CompletenessMarkers
                        locales={locales.data ?? []}
                        statuses={completeness.data?.get(String(post.id))}
                      />
                    )
                  }
                />
              </li>
            ))}
          </ul>
          {posts.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
                {posts.isFetchingNextPage ? 'Loading...' : `Load more posts (${matching - shown.length} more)`}
              </Button>
            </div>
          )}
        </>
      )}

      {editor && <PostEditorDialog key={editing ? editing.id : 'new'} post={editing} onClose={() => setEditor(null)} />}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        description={
          toDelete
            ? `This will permanently delete the blog post "${toDelete.title}". This action cannot be undone.`
            : ''
        }
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </AdminPage>
  );
}
