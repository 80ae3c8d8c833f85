// The blog post form of the admin (SPEC §2 "Blog Posts (admin)", §4 "Blog post", §8 "Blog toasts"),
// in a wide, scrollable dialog: app, title, rich-text content, gallery images and the Published
// switch. Editing a draft also offers Publish in the header. Closing with unsaved changes asks first.
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { LIMITS } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  BlogPostInputSchema,
  type AdminBlogPost,
  type BlogPostData,
  type BlogPostInput,
} from '../../../shared/schemas/blog-posts';
import { LocalDate } from '../../components/local-date';
import { ImageListField, type ImageListTexts } from '../../components/media/image-list-field';
import { RichTextEditor } from '../../components/rich-text-editor';
import { Button } from '../../components/ui/button';
import { Select, Switch } from '../../components/ui/controls';
import { ConfirmDialog, Dialog, DialogContent } from '../../components/ui/dialog';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, Label } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { applyServerErrors } from '../../lib/form-errors';
import { cn } from '../../lib/utils';
import { useApps } from '../apps/api';
import { useCreateBlogPost, usePublishBlogPost, useUpdateBlogPost } from './admin-api';
import { PostStatusBadge } from './post-status';

const FIELDS = ['appId', 'title', 'content', 'images', 'isPublished'] as const;
type Field = (typeof FIELDS)[number];
/** Where the keyboard goes for a field that failed validation. */
const FOCUS_ID: Record<Field, string> = {
  appId: 'blog-app',
  title: 'blog-title',
  content: 'blog-content',
  images: 'blog-new-image',
  isPublished: 'blog-published',
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

function BlogPostForm({
  post,
  onSaved,
  onCancel,
  onDirtyChange,
  onSavingChange,
}: {
  post: AdminBlogPost | null;
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onSavingChange: (saving: boolean) => void;
}) {
  const apps = useApps();
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const form = useForm<BlogPostInput, unknown, BlogPostData>({
    resolver: zodResolver(BlogPostInputSchema),
    defaultValues: post
      ? {
          appId: String(post.appId),
          title: post.title,
          content: post.content,
          images: post.images,
          isPublished: post.isPublished,
        }
      : { appId: '', title: '', content: '', images: [], isPublished: false },
    shouldFocusError: false,
  });
  const { errors, isSubmitted, isDirty } = form.formState;
  const images = useWatch({ control: form.control, name: 'images' }) ?? [];
  const [newImage, setNewImage] = useState('');
  const [imageError, setImageError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  // Images pasted or dropped into the editor are still uploading: saving now would leave them out.
  const [editorUploading, setEditorUploading] = useState(false);
  // Unsaved work: a changed field, an image address typed but not added, or an upload under way.
  const dirty = isDirty || newImage.trim() !== '' || uploading || editorUploading;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const setImages = (next: string[]) => {
    form.setValue('images', next, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const onInvalid = (invalid: Partial<Record<Field, unknown>>) => {
    const first = FIELDS.find((f) => invalid[f]);
    if (first) focusField(first);
  };

  const onSubmit = form.handleSubmit(async (data) => {
    if (newImage.trim()) {
      setImageError(PENDING_IMAGE);
      focusField('images');
      return;
    }
    onSavingChange(true);
    // No action returns a post to draft (SPEC §4): a published post is saved as published.
    const saving = post
      ? update.mutateAsync({ id: post.id, input: { ...data, isPublished: data.isPublished || post.isPublished } })
      : create.mutateAsync(data);
    await saving.then(
      () => {
        onSavingChange(false);
        onSaved();
      },
      (error: unknown) => {
        onSavingChange(false);
        // The server's own field messages go next to their fields; the values stay.
        applyServerErrors(form.setError, error, { fields: FIELDS as unknown as FieldPath<BlogPostInput>[] });
      },
    );
  }, onInvalid);

  const isPublishedNow = post?.isPublished ?? false;
  const imagesError =
    errors.images?.message ??
    (Array.isArray(errors.images) ? errors.images.find((e) => e?.message)?.message : undefined);
  const appOptions = (apps.data ?? []).map((a) => ({ value: String(a.id), label: a.title }));

  const saving = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={saving}>
      <FormField id="blog-app" label="App" error={errors.appId?.message}>
        {apps.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : apps.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            The apps could not be loaded.
            <Button variant="outline" size="sm" onClick={() => void apps.refetch()}>
              Try again
            </Button>
          </p>
        ) : apps.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            A blog post belongs to an app, and there are no apps yet.{' '}
            <Link to={paths.admin.newApp} className="font-medium text-primary underline-offset-4 hover:underline">
              Add an app first
            </Link>
            .
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
                describedBy={errors.appId ? 'blog-app-error' : undefined}
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

      <FormField id="blog-content" label="Content" error={errors.content?.message}>
        <Controller
          control={form.control}
          name="content"
          render={({ field }) => (
            <RichTextEditor
              id="blog-content"
              label="Content"
              toolbar="blog"
              minHeight={300}
              value={field.value ?? ''}
              onChange={field.onChange}
              invalid={Boolean(errors.content)}
              describedBy={errors.content ? 'blog-content-error' : undefined}
              onBusyChange={setEditorUploading}
            />
          )}
        />
      </FormField>

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
                  ? 'This post is live. Published posts stay published.'
                  : 'Switch on to publish the post when you save; leave off to keep it as a draft.'}
              </p>
            </div>
          </div>
        )}
      />

      <div className="sticky bottom-0 -mx-4 grid grid-cols-2 gap-2 border-t bg-background px-4 py-3 sm:-mx-6 sm:flex sm:justify-end sm:px-6 sm:py-4">
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
export function BlogPostDialog({ post, onClose }: { post: AdminBlogPost | null; onClose: () => void }) {
  const [dirty, setDirty] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [saving, setSaving] = useState(false);

  const requestClose = () => {
    if (saving) return;
    if (dirty) setConfirmDiscard(true);
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
              : 'Write a post for one of your apps. Save it as a draft or publish it now.'
          }
          className="max-w-3xl gap-5 bg-background p-4 pb-0 sm:p-6 sm:pb-0"
        >
          {post && (
            <div
              role="group"
              aria-label="Post status"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/40 px-4 py-3"
            >
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <PostStatusBadge isPublished={post.isPublished} />
                {post.publishedAt ? (
                  <span>
                    <span className="sr-only">Published on </span>
                    <LocalDate iso={post.publishedAt} />
                  </span>
                ) : (
                  <span>Not published</span>
                )}
              </div>
              {!post.isPublished && <PublishAction post={post} />}
            </div>
          )}
          <BlogPostForm
            post={post}
            onDirtyChange={setDirty}
            onSavingChange={setSaving}
            onCancel={requestClose}
            onSaved={onClose}
          />
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard changes?"
        description="Your changes to this blog post have not been saved. Close the form and lose them?"
        confirmLabel="Discard"
        onConfirm={() => {
          setConfirmDiscard(false);
          onClose();
        }}
      />
    </>
  );
}
