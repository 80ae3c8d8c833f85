// One image of the media library: thumbnail, file name, dimensions and size, where it is used,
// its alt text (edited in place), Copy URL and Delete.
import { Check, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ALT_MAX, type MediaItem, type UsedBy } from '../../../shared/schemas/media';
import { formatBytes, formatDimensions } from '../../components/media/format';
import { thumbnailOf } from '../../components/media/thumbnail';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/http';
import { useUpdateMediaAlt } from './admin-api';

const KIND_LABEL: Record<UsedBy['kind'], string> = {
  app: 'App',
  post: 'Post',
  page: 'Page',
  campaign: 'Campaign',
  translation: 'Translation',
};

/** A short type name: 'PNG' for image/png. */
const typeLabel = (type: string) => (type.split('/')[1] ?? type).replace(/\+xml$/, '').toUpperCase();

/** Where an image is shown, as links to the screens that edit those places. */
export function UsedByList({ usedBy }: { usedBy: UsedBy[] }) {
  return (
    <ul className="space-y-0.5">
      {usedBy.map((use, i) => (
        <li key={`${use.kind}-${use.id ?? i}-${use.href}`} className="line-clamp-2 break-words">
          <Link to={use.href} className="text-primary underline-offset-4 hover:underline" title={use.title}>
            {KIND_LABEL[use.kind]}: {use.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function AltForm({ item }: { item: MediaItem }) {
  const id = useId();
  const [alt, setAlt] = useState(item.alt);
  const [error, setError] = useState<string>();
  const update = useUpdateMediaAlt();
  const changed = alt.trim() !== item.alt;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    await update.mutateAsync({ item, alt: alt.trim() }).catch((e: unknown) => setError(errorMessage(e)));
  };

  return (
    <form onSubmit={onSubmit} className="space-y-1" aria-label={`Alt text of ${item.filename}`}>
      <Label htmlFor={`${id}-alt`} className="text-xs">
        Alt text
      </Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-alt`}
          value={alt}
          maxLength={ALT_MAX}
          placeholder="What the image shows"
          autoComplete="off"
          className="h-9 min-w-0 flex-1"
          onChange={(e) => {
            setAlt(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && changed) {
              e.preventDefault();
              setAlt(item.alt);
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-alt-error` : undefined}
        />
        <Button type="submit" variant="outline" size="sm" disabled={!changed || update.isPending}>
          <Check aria-hidden="true" />
          {update.isPending ? 'Saving...' : 'Save'}
          <span className="sr-only"> alt text of {item.filename}</span>
        </Button>
      </div>
      <FieldError id={`${id}-alt-error`} message={error} />
    </form>
  );
}

export function MediaCard({ item, onDelete }: { item: MediaItem; onDelete: (from: HTMLElement) => void }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="media-item"
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <a href={item.url} target="_blank" rel="noopener noreferrer" className="block bg-muted">
        <img
          src={thumbnailOf(item)}
          alt={item.alt || item.filename}
          width={item.width}
          height={item.height}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-contain"
        />
        <span className="sr-only"> (opens the original in a new tab)</span>
      </a>
      <div className="flex flex-1 flex-col gap-3 p-3">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-sm font-semibold" title={item.filename}>
            {item.filename}
          </h2>
          <p className="text-xs text-muted-foreground">
            <span className="sr-only">Dimensions: </span>
            {formatDimensions(item.width, item.height)} px · <span className="sr-only">Size: </span>
            {formatBytes(item.bytes)} · {typeLabel(item.type)}
          </p>
        </div>
        <div className="text-xs" data-testid="media-used-by">
          <p className="mb-0.5 font-medium">Used in</p>
          {item.usedBy.length > 0 ? (
            <UsedByList usedBy={item.usedBy} />
          ) : (
            <p className="text-muted-foreground">Not used yet</p>
          )}
        </div>
        <AltForm key={item.alt} item={item} />
        <div className="mt-auto flex flex-wrap gap-2 border-t pt-3">
          <CopyButton text={item.url} label="Copy URL" about={`of ${item.filename}`} size="sm" className="flex-1" />
          <Button
            variant="outline"
            size="sm"
            onClick={(e) => onDelete(e.currentTarget)}
            tone="destructive"
            className="flex-1"
          >
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> {item.filename}</span>
          </Button>
        </div>
      </div>
    </article>
  );
}
