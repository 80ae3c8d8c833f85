// The upload control: a button and a drop zone for image files, the alt text asked for before
// uploading, and one line per file with its progress bar, then "Uploaded" or the server's error.
import { CheckCircle2, ImageUp, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from '../ui/button';
import { Input, Label } from '../ui/input';
import { errorMessage } from '../../lib/http';
import { cn } from '../../lib/utils';
import { ALT_MAX, type MediaItem } from '../../../shared/schemas/media';
import { formatBytes } from './format';
import { MEDIA_MAX_BYTES, precheckImageFile, uploadMediaFile, useInvalidateMedia } from './media-api';

/** Files sent at the same time (the server answers 503 when it is busy). */
const CONCURRENCY = 2;

type EntryState = 'waiting' | 'uploading' | 'processing' | 'done' | 'error';

interface Entry {
  key: number;
  name: string;
  bytes: number;
  state: EntryState;
  /** Share of the file's bytes sent, 0 to 1. */
  progress: number;
  error?: string;
}

let nextKey = 1;

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

export interface MediaUploadProps {
  /** Prefix of the control's element ids. */
  id: string;
  /** The button's text, e.g. 'Upload screenshots'. */
  label: string;
  /** Several files at once (default) or one. */
  multiple?: boolean;
  /** How many more images the caller can take; files beyond are refused with `fullMessage`. */
  capacity?: number;
  fullMessage?: string;
  /** Label of the alt text field. */
  altLabel?: string;
  /** A one-line row for small places (the app icon). */
  compact?: boolean;
  /** Called with the uploaded items, in the order the files were chosen, as they finish. */
  onUploaded?: (items: MediaItem[]) => void;
  /** True while files are being sent or processed. */
  onBusyChange?: (busy: boolean) => void;
}

export function MediaUpload({
  id,
  label,
  multiple = true,
  capacity = Infinity,
  fullMessage = 'There is no room for more images here.',
  altLabel = 'Alt text',
  compact = false,
  onUploaded,
  onBusyChange,
}: MediaUploadProps) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [alt, setAlt] = useState('');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const invalidate = useInvalidateMedia();

  // The latest callbacks, for uploads that finish after a re-render.
  const callbacks = useRef({ onUploaded, onBusyChange });
  useLayoutEffect(() => {
    callbacks.current = { onUploaded, onBusyChange };
  });

  // Uploads stop when the control goes away (a closed form).
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const c = new AbortController();
    controller.current = c;
    return () => c.abort();
  }, []);

  const busy = entries.some((e) => e.state === 'waiting' || e.state === 'uploading' || e.state === 'processing');
  useEffect(() => {
    callbacks.current.onBusyChange?.(busy);
  }, [busy]);

  const update = (key: number, patch: Partial<Entry>) =>
    setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const start = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const files = multiple ? chosen : chosen.slice(0, 1);
    const altText = alt;
    let room = capacity;
    const batch = files.map((file) => {
      let error = precheckImageFile(file);
      if (!error && room <= 0) error = `"${file.name}" was not uploaded. ${fullMessage}`;
      if (!error) room -= 1;
      const entry: Entry = {
        key: nextKey++,
        name: file.name,
        bytes: file.size,
        state: error ? 'error' : 'waiting',
        progress: 0,
        error,
      };
      return { file, entry };
    });
    // A new batch replaces the finished lines of the last one.
    setEntries((all) => [
      ...all.filter((e) => e.state === 'waiting' || e.state === 'uploading' || e.state === 'processing'),
      ...batch.map((b) => b.entry),
    ]);

    const queue = batch.filter((b) => b.entry.state === 'waiting');
    const results: (MediaItem | null | undefined)[] = queue.map(() => undefined);
    let emitted = 0;
    // Hand items over in the order the files were chosen, as soon as every earlier one is settled.
    const flush = () => {
      const ready: MediaItem[] = [];
      while (emitted < results.length && results[emitted] !== undefined) {
        const item = results[emitted++];
        if (item) ready.push(item);
      }
      if (ready.length > 0 && !controller.current?.signal.aborted) callbacks.current.onUploaded?.(ready);
    };

    let cursor = 0;
    const worker = async () => {
      while (cursor < queue.length) {
        const index = cursor++;
        const { file, entry } = queue[index]!;
        update(entry.key, { state: 'uploading' });
        try {
          results[index] = await uploadMediaFile(file, {
            alt: altText,
            signal: controller.current?.signal,
            onProgress: (share) =>
              update(entry.key, { progress: share, state: share >= 1 ? 'processing' : 'uploading' }),
          });
          update(entry.key, { state: 'done', progress: 1 });
        } catch (error) {
          results[index] = null;
          if (controller.current?.signal.aborted) return;
          update(entry.key, { state: 'error', error: errorMessage(error) });
        }
        flush();
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    if (queue.length > 0) void invalidate();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    void start(Array.from(event.dataTransfer.files));
  };

  const done = entries.filter((e) => e.state === 'done').length;
  const failed = entries.filter((e) => e.state === 'error').length;
  const remaining = entries.filter((e) => e.state !== 'done' && e.state !== 'error').length;
  const status = busy
    ? `Uploading ${remaining} ${remaining === 1 ? 'image' : 'images'}...`
    : entries.length > 0
      ? [done > 0 && `${done} uploaded`, failed > 0 && `${failed} not uploaded`].filter(Boolean).join(', ') + '.'
      : '';

  return (
    <div className="space-y-3">
      <div
        data-testid={`${id}-dropzone`}
        data-dragging={dragging || undefined}
        onDragEnter={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          'rounded-lg border border-dashed border-input bg-muted/30 transition-colors',
          compact ? 'p-3' : 'p-4',
          dragging && 'border-primary bg-primary/5',
        )}
      >
        <div
          className={cn(
            'flex gap-3',
            compact ? 'flex-col sm:flex-row sm:items-end' : 'flex-col sm:flex-row sm:items-end sm:justify-between',
          )}
        >
          <div className="flex min-w-0 items-center gap-3">
            <ImageUp aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
            <div className="min-w-0">
              <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
                {label}
              </Button>
              <p className="mt-1 text-xs text-muted-foreground">
                {multiple ? 'Or drop image files here.' : 'Or drop an image file here.'} Up to{' '}
                {formatBytes(MEDIA_MAX_BYTES)} each.
              </p>
            </div>
          </div>
          <div className={cn('space-y-1', compact ? 'sm:w-56' : 'sm:w-72')}>
            <Label htmlFor={`${id}-alt`} className="text-xs">
              {altLabel}
            </Label>
            <Input
              id={`${id}-alt`}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              placeholder="What the image shows"
              maxLength={ALT_MAX}
              autoComplete="off"
              className="h-9"
              aria-describedby={`${id}-alt-hint`}
            />
            <p id={`${id}-alt-hint`} className="sr-only">
              Saved with the next images you upload, for people who cannot see them.
            </p>
          </div>
        </div>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="file"
          accept="image/*"
          multiple={multiple}
          hidden
          tabIndex={-1}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            void start(files);
          }}
        />
      </div>

      <p role="status" className="sr-only">
        {status}
      </p>
      {entries.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads">
          {entries.map((entry) => (
            <UploadLine
              key={entry.key}
              entry={entry}
              onDismiss={() => setEntries((all) => all.filter((e) => e.key !== entry.key))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadLine({ entry, onDismiss }: { entry: Entry; onDismiss: () => void }) {
  const percent = Math.round(entry.progress * 100);
  const finished = entry.state === 'done' || entry.state === 'error';
  return (
    <li
      data-testid="upload-entry"
      data-state={entry.state}
      className={cn(
        // The page background: destructive text keeps its contrast there in the dark theme.
        'rounded-md border bg-background px-3 py-2 text-sm',
        entry.state === 'error' && 'border-destructive/60',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium" title={entry.name}>
          {entry.name}
        </span>
        <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          {formatBytes(entry.bytes)}
          {finished && (
            <Button
              variant="ghost"
              size="iconSm"
              className="size-7"
              aria-label={`Dismiss ${entry.name}`}
              onClick={onDismiss}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </span>
      </div>
      {entry.state === 'error' ? (
        <p role="alert" className="mt-1 text-sm font-medium break-words text-destructive">
          {entry.error}
        </p>
      ) : entry.state === 'done' ? (
        <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
          <CheckCircle2 aria-hidden="true" className="size-4 text-green-600 dark:text-green-400" />
          Uploaded
        </p>
      ) : (
        <div className="mt-1.5 flex items-center gap-2">
          <div
            role="progressbar"
            aria-label={`Uploading ${entry.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={entry.state === 'processing' ? 100 : percent}
            aria-valuetext={entry.state === 'processing' ? 'Processing' : `${percent}%`}
            className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <div
              className={cn(
                'h-full rounded-full bg-primary transition-[width]',
                entry.state === 'processing' && 'animate-pulse',
              )}
              style={{ width: `${entry.state === 'processing' ? 100 : percent}%` }}
            />
          </div>
          <span className="w-20 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
            {entry.state === 'waiting' ? 'Waiting' : entry.state === 'processing' ? 'Processing...' : `${percent}%`}
          </span>
        </div>
      )}
    </li>
  );
}
