// The blog post form of the admin (SPEC §2 "Blog Posts (admin)", §4 "Blog post", §8 "Blog toasts"),
// in a wide, scrollable dialog: app, title, rich-text content, gallery images and the Published
// switch. Editing a draft also offers Publish in the header. Closing with unsaved changes asks first.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Mail, Send, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from '../../../shared/schemas/zod';
import { LIMITS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import {
  BlogPostInputSchema,
  SELECT_APP,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  STUDIO_NAME,
  type AdminBlogPost,
  type BlogPost,
  type BlogPostData,
  type BlogPostInput,
} from '../../../shared/schemas/blog-posts';
import { SLUG_MAX } from '../../../shared/slug';
import { excerpt as textExcerpt } from '../../../shared/text';
import { LocalDate } from '../../components/local-date';
import { ImageListField, type ImageListTexts } from '../../components/media/image-list-field';
import { RichTextField } from '../../components/forms/rich-text-field';
import { Button, buttonVariants } from '../../components/ui/button';
import { Select, Switch } from '../../components/ui/controls';
import { ConfirmDialog, Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Label, Textarea } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { applyServerErrors } from '../../lib/form-errors';
import { cn } from '../../lib/utils';
import { useDraftEditor } from '../../components/drafts/draft-editor';
import { DiscardChangesDialog } from '../../components/drafts/unsaved-changes';
import {
  useCreateBlogPost,
  usePublishBlogPost,
  useSendPostToNewsletter,
  useUnpublishBlogPost,
  useUpdateBlogPost,
} from './admin-api';
import { PostStatusBadge, scheduleTime } from './post-status';
import { HistoryButton } from '../../components/revisions/history-panel';
import { PreviewLinks } from './preview-links';
import { localInput } from '../../lib/local-time';

/** The app picker's explicit choice for studio news (issue 26): the post belongs to no app. */
const STUDIO_CHOICE = 'studio';

/**
 * The form's values: the API's input, with the publish time as the date-time field holds it (local,
 * or '') and the app as the picker holds it (an app's id, "studio", or '' while nothing is chosen).
 */
const PostFormSchema = BlogPostInputSchema.omit({ scope: true }).extend({
  appId: z.string().refine((v) => v === STUDIO_CHOICE || /^[1-9]\d{0,9}$/.test(v), SELECT_APP),
  publishAt: z.string().refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'Please enter a valid date and time'),
});
type PostFormInput = Omit<BlogPostInput, 'publishAt' | 'appId' | 'scope'> & { publishAt: string; appId: string };
type PostFormData = Omit<BlogPostData, 'publishAt' | 'appId' | 'scope'> & { publishAt: string; appId: string };

type PostLike = Pick<
  AdminBlogPost,
  | 'appId'
  | 'title'
  | 'content'
  | 'images'
  | 'isPublished'
  | 'publishedAt'
  | 'publishAt'
  | 'slug'
  | 'excerpt'
  | 'seoTitle'
  | 'seoDescription'
  | 'shareImage'
>;

const toValues = (post: PostLike | null): PostFormInput =>
  post
    ? {
        appId: post.appId === null ? STUDIO_CHOICE : String(post.appId),
        title: post.title,
        content: post.content,
        images: post.images,
        isPublished: post.isPublished,
        publishAt: localInput(post.isPublished ? post.publishedAt : post.publishAt),
        slug: post.slug,
        excerpt: post.excerpt,
        seoTitle: post.seoTitle,
        seoDescription: post.seoDescription,
        shareImage: post.shareImage ?? '',
      }
    : {
        appId: '',
        title: '',
        content: '',
        images: [],
        isPublished: false,
        publishAt: '',
        slug: '',
        excerpt: '',
        seoTitle: '',
        seoDescription: '',
        shareImage: '',
      };

/** What a conflict compares, by name. */
const CONFLICT_LABELS = {
  title: 'Title',
  content: 'Content',
  images: 'Gallery images',
  slug: 'URL slug',
  excerpt: 'Excerpt',
  seoTitle: 'Headline for search and sharing',
  seoDescription: 'Description for search and sharing',
  shareImage: 'Share image',
};

const FIELDS = [
  'appId',
  'title',
  'content',
  'images',
  'isPublished',
  'publishAt',
  'slug',
  'excerpt',
  'seoTitle',
  'seoDescription',
  'shareImage',
] as const;
const SEO_FIELDS: readonly Field[] = ['slug', 'excerpt', 'seoTitle', 'seoDescription', 'shareImage'];
type Field = (typeof FIELDS)[number];
/** Where the keyboard goes for a field that failed validation. */
const FOCUS_ID: Record<Field, string> = {
  appId: 'blog-app',
  title: 'blog-title',
  content: 'blog-content',
  images: 'blog-new-image',
  isPublished: 'blog-published',
  publishAt: 'blog-publish-at',
  slug: 'blog-slug',
  excerpt: 'blog-excerpt',
  seoTitle: 'blog-seo-title',
  seoDescription: 'blog-seo-description',
  shareImage: 'blog-share-image',
};
const PENDING_IMAGE = 'Press Add to attach this image, or clear the field.';

const GALLERY_TEXTS: ImageListTexts = {
  urlLabel: 'Image URL',
  placeholder: 'https://example.com/image.png',
  hint: 'An image address (https://… or /media/…), added one at a time, or upload images below.',
  itemName: (n) => `Gallery image ${n}`,
  noun: 'image',
  listLabel: 'Attached images',
  empty: 'No images attached.',
  tooMany: `At most ${LIMITS.imagesMax} images`,
  duplicate: 'This image is already in the gallery',
  upload: 'Upload images',
  uploadAlt: 'Image alt text',
};

function focusField(field: Field) {
  document.getElementById(FOCUS_ID[field])?.focus();
}

/** Publish for a draft, from the form's header. */
function PublishAction({ post }: { post: AdminBlogPost }) {
  const publish = usePublishBlogPost();
  const onPublish = () => publish.mutate(post.id);
  return (
    <Button size="sm" onClick={onPublish} disabled={publish.isPending}>
      <Send aria-hidden="true" />
      {publish.isPending ? 'Publishing...' : 'Publish'}
    </Button>
  );
}

/** Unpublish for a published post (back to draft), asking first: it leaves the public site at once. */
function UnpublishAction({ post }: { post: AdminBlogPost }) {
  const unpublish = useUnpublishBlogPost();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setAsking(true)} disabled={unpublish.isPending}>
        <Undo2 aria-hidden="true" />
        {unpublish.isPending ? 'Unpublishing...' : 'Unpublish'}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Unpublish this post?"
        description={`"${post.title}" goes back to draft: it leaves the blog, the feeds and the sitemap until you publish it again.`}
        confirmLabel="Unpublish"
        pendingLabel="Unpublishing..."
        pending={unpublish.isPending}
        onConfirm={() => unpublish.mutate(post.id, { onSettled: () => setAsking(false) })}
      />
    </>
  );
}

/**
 * Issue 26: a published studio post drafted as a newsletter campaign in one step, then opened on the
 * Campaigns screen for a person to review and send.
 */
function NewsletterAction({ post }: { post: AdminBlogPost }) {
  const send = useSendPostToNewsletter();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={send.isPending}
      onClick={() => send.mutate(post.id, { onSuccess: (campaign) => void navigate(campaign.editUrl) })}
    >
      <Mail aria-hidden="true" />
      {send.isPending ? 'Drafting the campaign...' : 'Send to the newsletter'}
    </Button>
  );
}

/** How the form reads the apps a post can belong to: the apps feature's query, handed in by the route. */
export type AppsQuery = { queryKey: readonly unknown[] };

function BlogPostForm({
  post,
  appsQuery,
  onSaved,
  onCancel,
  onDirtyChange,
  onSavingChange,
  forgetRef,
}: {
  post: AdminBlogPost | null;
  appsQuery: AppsQuery;
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onSavingChange: (saving: boolean) => void;
  /** Set to what drops the autosaved copies, for the dialog's Discard. */
  forgetRef: { current: (() => Promise<void>) | undefined };
}) {
  const apps = useQuery<App[]>(appsQuery);
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const form = useForm<PostFormInput, unknown, PostFormData>({
    resolver: zodResolver(PostFormSchema),
    defaultValues: toValues(post),
    shouldFocusError: false,
  });
  const { errors, isSubmitted, isDirty } = form.formState;
  const images = useWatch({ control: form.control, name: 'images' }) ?? [];
  const [title, content, switchedOn, publishAtValue] = useWatch({
    control: form.control,
    name: ['title', 'content', 'isPublished', 'publishAt'],
  });
  const [seoOpen, setSeoOpen] = useState(false);
  const [newImage, setNewImage] = useState('');
  const [imageError, setImageError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  // Images pasted or dropped into the editor are still uploading: saving now would leave them out.
  const [editorUploading, setEditorUploading] = useState(false);
  // Unsaved work: a changed field, an image address typed but not added, or an upload under way.
  const dirty = isDirty || newImage.trim() !== '' || uploading || editorUploading;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const session = useDraftEditor({
    form,
    draft: { kind: 'post', itemKey: post ? String(post.id) : 'new' },
    item: post,
    toValues,
    labels: CONFLICT_LABELS,
    extraDirty: dirty,
  });
  useEffect(() => {
    forgetRef.current = session.forget;
  }, [forgetRef, session.forget]);
  // A field of the search section failed: it stays open, so the message shows.
  const seoError = SEO_FIELDS.some((f) => errors[f]);

  const setImages = (next: string[]) => {
    form.setValue('images', next, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const onInvalid = (invalid: Partial<Record<Field, unknown>>) => {
    const first = FIELDS.find((f) => invalid[f]);
    if (first && SEO_FIELDS.includes(first)) setSeoOpen(true);
    if (first) setTimeout(() => focusField(first));
  };

  const onSubmit = form.handleSubmit(async (data) => {
    if (newImage.trim()) {
      setImageError(PENDING_IMAGE);
      focusField('images');
      return;
    }
    onSavingChange(true);
    // The publish time: on a published post, its date (sent only when changed, as the field shows
    // minutes); on a draft, its schedule (empty unschedules it); publishing now needs none.
    const published = data.isPublished || Boolean(post?.isPublished);
    const when = data.publishAt ? new Date(data.publishAt).toISOString() : null;
    const publishAt = post?.isPublished
      ? data.publishAt !== toValues(post).publishAt
        ? (when ?? undefined)
        : undefined
      : published
        ? undefined
        : when;
    // "The studio" sends no app, and says so (the API takes appId null only with scope "studio").
    const owner =
      data.appId === STUDIO_CHOICE
        ? { appId: null, scope: 'studio' as const }
        : { appId: Number(data.appId), scope: 'app' as const };
    const input: BlogPostData = { ...data, ...owner, isPublished: published, publishAt, version: session.version };
    // Only an explicit Unpublish returns a post to draft (SPEC §4): a published post is saved as published.
    const saving = post ? update.mutateAsync({ id: post.id, input }) : create.mutateAsync(input);
    await saving.then(
      () => {
        onSavingChange(false);
        session.saved();
        form.reset(form.getValues());
        onSaved();
      },
      (error: unknown) => {
        onSavingChange(false);
        if (session.onSaveError(error)) return;
        // The server's own field messages go next to their fields; the values stay.
        applyServerErrors(form.setError, error, { fields: FIELDS as unknown as FieldPath<PostFormInput>[] });
      },
    );
  }, onInvalid);

  const isPublishedNow = post?.isPublished ?? false;
  const imagesError =
    errors.images?.message ??
    (Array.isArray(errors.images) ? errors.images.find((e) => e?.message)?.message : undefined);
  const appOptions = [
    { value: STUDIO_CHOICE, label: STUDIO_NAME },
    ...(apps.data ?? []).map((a) => ({ value: String(a.id), label: a.title })),
  ];

  const saving = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={saving}>
      {session.banner}
      {session.dialogs}
      <FormField
        id="blog-app"
        label="App"
        error={errors.appId?.message}
        hint={
          apps.data?.length === 0 ? (
            <>
              There are no apps yet: this post can be studio news, or{' '}
              <Link to={paths.admin.newApp} className="font-medium text-primary underline-offset-4 hover:underline">
                add an app first
              </Link>
              .
            </>
          ) : (
            'Choose “The studio” for studio news: it shows on the blog and in the site feed, on no app’s blog.'
          )
        }
      >
        {apps.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : apps.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            The apps could not be loaded.
            <Button variant="outline" size="sm" onClick={() => void apps.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <Controller
            control={form.control}
            name="appId"
            render={({ field }) => (
              <Select
                id="blog-app"
                value={field.value === undefined || field.value === null ? '' : String(field.value)}
                onValueChange={field.onChange}
                options={appOptions}
                placeholder="Select an app"
                invalid={Boolean(errors.appId)}
                describedBy={errors.appId ? 'blog-app-error' : 'blog-app-hint'}
              />
            )}
          />
        )}
      </FormField>

      <FormField id="blog-title" label="Title" error={errors.title?.message}>
        <Input
          id="blog-title"
          autoComplete="off"
          maxLength={LIMITS.shortText}
          {...form.register('title')}
          {...fieldAria('blog-title', errors.title?.message)}
        />
      </FormField>

      <RichTextField
        control={form.control}
        name="content"
        id="blog-content"
        label="Content"
        toolbar="blog"
        minHeight={300}
        onBusyChange={setEditorUploading}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Gallery images</legend>
        <ImageListField
          id="blog-images"
          inputId="blog-new-image"
          value={images}
          onChange={setImages}
          texts={GALLERY_TEXTS}
          error={imagesError}
          draftError={imageError}
          onDraftChange={(draft) => {
            setNewImage(draft);
            setImageError(undefined);
          }}
          onBusyChange={setUploading}
        />
      </fieldset>

      <Controller
        control={form.control}
        name="isPublished"
        render={({ field }) => (
          <div className="flex items-start gap-3 rounded-lg border p-4">
            <Switch
              id="blog-published"
              checked={isPublishedNow || Boolean(field.value)}
              disabled={isPublishedNow}
              onCheckedChange={field.onChange}
              aria-describedby="blog-published-hint"
            />
            <div className="space-y-1">
              <Label htmlFor="blog-published">Published</Label>
              <p id="blog-published-hint" className="text-xs text-muted-foreground">
                {isPublishedNow
                  ? 'This post is live. Unpublish it from the status bar above to take it down.'
                  : 'Switch on to publish the post when you save; leave off to keep it as a draft or schedule it.'}
              </p>
            </div>
          </div>
        )}
      />

      {isPublishedNow ? (
        <FormField
          id="blog-publish-at"
          label="Publish date"
          hint="The date shown on the post. Today or earlier."
          error={errors.publishAt?.message}
          className="max-w-xs"
        >
          <Input
            id="blog-publish-at"
            type="datetime-local"
            {...form.register('publishAt')}
            {...fieldAria('blog-publish-at', errors.publishAt?.message, true)}
          />
        </FormField>
      ) : (
        <FormField
          id="blog-publish-at"
          label="Schedule for"
          hint={
            switchedOn
              ? 'The post is published when you save.'
              : publishAtValue
                ? `Published automatically on ${scheduleTime(new Date(publishAtValue).toISOString())}. Clear the field to keep it as a draft.`
                : 'Optional: a time to publish the post automatically. Empty keeps it as a draft.'
          }
          error={errors.publishAt?.message}
          className="max-w-md"
        >
          <Input
            id="blog-publish-at"
            type="datetime-local"
            disabled={Boolean(switchedOn)}
            className="max-w-xs"
            {...form.register('publishAt')}
            {...fieldAria('blog-publish-at', errors.publishAt?.message, true)}
          />
        </FormField>
      )}

      <details
        open={seoOpen || seoError}
        onToggle={(e) => setSeoOpen(e.currentTarget.open)}
        className="rounded-lg border p-4 [&_summary]:cursor-pointer"
      >
        <summary className="text-sm font-medium">Search and sharing</summary>
        <div className="mt-4 grid gap-4">
          <FormField
            id="blog-slug"
            label="URL slug"
            hint={
              post
                ? `The post's address: ${paths.readablePost({ id: post.id, slug: post.slug })}. Empty makes one from the title; the old address redirects.`
                : "Part of the post's address. Empty makes one from the title."
            }
            error={errors.slug?.message}
          >
            <Input
              id="blog-slug"
              autoComplete="off"
              spellCheck={false}
              maxLength={SLUG_MAX}
              {...form.register('slug')}
              {...fieldAria('blog-slug', errors.slug?.message, true)}
            />
          </FormField>
          <FormField
            id="blog-excerpt"
            label="Excerpt"
            hint="Shown in lists of posts. Empty uses the start of the text."
            error={errors.excerpt?.message}
          >
            <Textarea
              id="blog-excerpt"
              rows={2}
              maxLength={SEO_DESCRIPTION_MAX}
              placeholder={textExcerpt(content ?? '', 160)}
              {...form.register('excerpt')}
              {...fieldAria('blog-excerpt', errors.excerpt?.message, true)}
            />
          </FormField>
          <FormField
            id="blog-seo-title"
            label="Headline for search and sharing"
            hint="Empty uses the post's title."
            error={errors.seoTitle?.message}
          >
            <Input
              id="blog-seo-title"
              maxLength={SEO_TITLE_MAX}
              placeholder={title ?? ''}
              {...form.register('seoTitle')}
              {...fieldAria('blog-seo-title', errors.seoTitle?.message, true)}
            />
          </FormField>
          <FormField
            id="blog-seo-description"
            label="Description for search and sharing"
            hint="Empty uses the excerpt, or the first 160 characters of the text."
            error={errors.seoDescription?.message}
          >
            <Textarea
              id="blog-seo-description"
              rows={2}
              maxLength={SEO_DESCRIPTION_MAX}
              {...form.register('seoDescription')}
              {...fieldAria('blog-seo-description', errors.seoDescription?.message, true)}
            />
          </FormField>
          <FormField
            id="blog-share-image"
            label="Share image URL"
            hint="The picture of link previews (1200×630 works best). Empty uses the first image of the post."
            error={errors.shareImage?.message}
          >
            <Input
              id="blog-share-image"
              inputMode="url"
              placeholder="/media/… or https://…"
              {...form.register('shareImage')}
              {...fieldAria('blog-share-image', errors.shareImage?.message, true)}
            />
          </FormField>
        </div>
      </details>

      <div className="sticky bottom-0 -mx-4 grid grid-cols-2 items-center gap-2 border-t bg-background px-4 py-3 sm:-mx-6 sm:flex sm:justify-end sm:px-6 sm:py-4">
        <div className="col-span-2 sm:mr-auto">{session.status}</div>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={saving || uploading || editorUploading}
          className={cn(saving && 'cursor-progress')}
        >
          {saving ? 'Saving...' : post ? 'Save Changes' : 'Create Post'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The create or edit dialog, mounted while open. `post` null creates a post; otherwise it edits
 * it (the freshest copy of the list, so the header follows a publish).
 */
export function BlogPostDialog({
  post: listed,
  appsQuery,
  onClose,
  languageBar,
  translation,
  translationDirty = false,
}: {
  post: AdminBlogPost | null;
  appsQuery: AppsQuery;
  onClose: () => void;
  /** Above the form of a saved post: the language switcher, told whether the form has unsaved changes. */
  languageBar?: (dirty: boolean) => ReactNode;
  /** Shown instead of the form while another language than the default is chosen. */
  translation?: ReactNode;
  /** The translation shown has unsaved changes (closing asks first). */
  translationDirty?: boolean;
}) {
  // A revision restored from History: the form starts again from it (before the list has re-read it).
  const [restored, setRestored] = useState<BlogPost | null>(null);
  const post = listed && restored && restored.version > listed.version ? { ...listed, ...restored } : listed;
  const [dirty, setDirty] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [saving, setSaving] = useState(false);
  const forget = useRef<() => Promise<void>>(undefined);

  const requestClose = () => {
    if (saving) return;
    if (translation ? translationDirty : dirty) setConfirmDiscard(true);
    else onClose();
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && requestClose()}>
        {/* On the page background rather than the card colour: the dark theme's destructive field
            errors reach only 4.47:1 on the card colour (4.84:1 here). */}
        <DialogContent
          title={post ? 'Edit Blog Post' : 'Create Blog Post'}
          description={
            post
              ? 'Change the post, its gallery or its status.'
              : 'Write a post for one of your apps, or studio news. Save it as a draft or publish it now.'
          }
          className="max-w-3xl gap-5 bg-background p-4 pb-0 sm:p-6 sm:pb-0"
        >
          {post && languageBar?.(dirty)}
          {translation}
          {post && !translation && (
            <div
              role="group"
              aria-label="Post status"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 px-4 py-3"
            >
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <PostStatusBadge isPublished={post.isPublished} scheduled={Boolean(post.publishAt)} />
                {post.publishedAt ? (
                  <span>
                    <span className="sr-only">Published on </span>
                    <LocalDate iso={post.publishedAt} />
                  </span>
                ) : post.publishAt ? (
                  <span>Scheduled for {scheduleTime(post.publishAt)}</span>
                ) : (
                  <span>Not published</span>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  href={paths.readablePost(post)}
                  target="_blank"
                  rel="noopener"
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  <ExternalLink aria-hidden="true" />
                  Preview
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                <HistoryButton
                  size="sm"
                  kind="post"
                  itemId={post.id}
                  current={post}
                  onRestored={(item) => setRestored(item as BlogPost)}
                />
                {post.isPublished && post.appId === null && <NewsletterAction post={post} />}
                {post.isPublished ? <UnpublishAction post={post} /> : <PublishAction post={post} />}
              </div>
            </div>
          )}
          {post && !post.isPublished && !translation && (
            <details className="rounded-lg border [&_summary]:cursor-pointer">
              <summary className="px-4 py-3 text-sm font-medium">Share a preview link</summary>
              <div className="px-4 pb-4">
                <PreviewLinks postId={post.id} />
              </div>
            </details>
          )}
          {!translation && (
            <BlogPostForm
              key={restored ? `restored-${restored.version}` : 'form'}
              post={post}
              appsQuery={appsQuery}
              onDirtyChange={setDirty}
              onSavingChange={setSaving}
              onCancel={requestClose}
              onSaved={onClose}
              forgetRef={forget}
            />
          )}
        </DialogContent>
      </Dialog>
      <DiscardChangesDialog
        open={confirmDiscard}
        description="Your changes to this blog post have not been saved. Close the form and lose them?"
        onKeepEditing={() => setConfirmDiscard(false)}
        onDiscard={() => {
          setConfirmDiscard(false);
          // The post's own kept changes go only when they were what was discarded.
          if (!translation) void forget.current?.();
          onClose();
        }}
      />
    </>
  );
}
