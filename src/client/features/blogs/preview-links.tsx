// Share a draft (issue 12): a secret link that shows the post as it will look to anyone who has it,
// for 7 days or until revoked. The address is shown once, when it is made (only a hash is kept).
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import type { NewPreviewLink } from '../../../shared/schemas/preview-links';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Input, Label } from '../../components/ui/input';
import { useCreatePreviewLink, usePreviewLinks, useRevokePreviewLink } from './admin-api';
import { scheduleTime } from './post-status';

/** A post's preview links; with `locale` (issue 24), of its translation into that language, which they show in it. */
export function PreviewLinks({
  postId,
  locale,
  languageName,
}: {
  postId: number;
  locale?: string;
  languageName?: string;
}) {
  const links = usePreviewLinks(postId, locale);
  const create = useCreatePreviewLink(postId, locale);
  const revoke = useRevokePreviewLink(postId, locale);
  const ids = locale ? `-${locale}` : '';
  const [made, setMade] = useState<NewPreviewLink | null>(null);

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (link) => {
        setMade(link);
      },
    });

  return (
    <section aria-labelledby={`preview-links-title${ids}`} className="space-y-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id={`preview-links-title${ids}`} className="text-sm font-semibold">
            {languageName ? `Share a preview in ${languageName}` : 'Share a preview'}
          </h3>
          <p className="text-xs text-muted-foreground">
            Anyone with the link sees the post as it will look
            {languageName ? ` in ${languageName} (this translation’s saved text)` : ''}, for 7 days or until you revoke
            it.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onCreate} disabled={create.isPending}>
          <Link2 aria-hidden="true" />
          {create.isPending ? 'Creating...' : 'Create preview link'}
        </Button>
      </div>
      {made && (
        <div className="space-y-1.5">
          <Label htmlFor={`preview-link-url${ids}`}>New preview link (shown only now: copy it)</Label>
          <div className="flex gap-2">
            <Input id={`preview-link-url${ids}`} readOnly value={made.url} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton
              text={made.url}
              label="Copy link"
              fieldId={`preview-link-url${ids}`}
              size="sm"
              className="h-10"
            />
          </div>
        </div>
      )}
      <QueryState
        query={links}
        loading="Loading preview links..."
        error="Failed to load the preview links"
        errorStyle="inline"
      >
        {(list) =>
          list.length === 0 ? (
            <p className="text-xs text-muted-foreground">No preview link is open.</p>
          ) : (
            <ul aria-label="Open preview links" className="divide-y rounded-md border text-sm">
              {list.map((link) => (
                <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="text-muted-foreground">
                    Made {scheduleTime(link.createdAt)}
                    {link.createdBy ? ` by ${link.createdBy}` : ''} · expires {scheduleTime(link.expiresAt)}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    tone="destructive"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    Revoke
                    <span className="sr-only"> the link made {scheduleTime(link.createdAt)}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
