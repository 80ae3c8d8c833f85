// Image files pasted or dropped into the rich-text editor: each is uploaded to the media library
// (the same upload() as the upload control) and inserted where it was pasted or dropped once the
// server has it. Until then an inline placeholder marks the spot and follows the edits around it,
// a line under the toolbar shows the progress, and a failure stays on screen with the server's
// message. The inserted image's alt text is the file name without its extension; the editor's
// "Edit image" dialog changes it.
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { ImageUp, X } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MediaItem } from '../../../shared/schemas/media';
import { errorMessage } from '../../lib/http';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { precheckImageFile, uploadMediaFile, useInvalidateMedia } from './media-api';
import { fileStem } from './thumbnail';

/** Where the files go: a position in the document. */
export type OnImageFiles = (view: EditorView, files: File[], pos: number) => void;

interface PlaceholderSpec {
  id: string;
  label: string;
}

/** One file's placeholder: `side` orders the placeholders at one position (the files' order). */
interface Placeholder extends PlaceholderSpec {
  pos: number;
  side: number;
}

/** Removals apply first, so a placeholder can be moved in one step. */
interface PlaceholderAction {
  add?: Placeholder[];
  remove?: string[];
}

const placeholders = new PluginKey<DecorationSet>('imageUploadPlaceholders');

function placeholderWidget(label: string): HTMLElement {
  const el = document.createElement('span');
  el.dataset.testid = 'image-upload-placeholder';
  el.contentEditable = 'false';
  // The line under the toolbar says the same to screen readers.
  el.setAttribute('aria-hidden', 'true');
  el.className =
    'mx-0.5 inline-flex max-w-full animate-pulse items-center rounded-md border border-dashed border-primary/60 bg-primary/5 px-2 py-0.5 align-middle text-xs text-muted-foreground';
  el.textContent = `Uploading ${label}…`;
  return el;
}

/** The placeholders as they are now (one whose surrounding text was deleted is gone). */
function placeholdersOf(state: EditorState): Placeholder[] {
  return (placeholders.getState(state)?.find() ?? []).map((d) => ({
    ...(d.spec as Omit<Placeholder, 'pos'>),
    pos: d.from,
  }));
}

const withPlaceholders = (tr: Transaction, action: PlaceholderAction) => tr.setMeta(placeholders, action);

/** What the upload steps need of the editor's view (a stub in the unit test). */
type ViewLike = Pick<EditorView, 'state' | 'dispatch'>;

export function placeholderPlugin(onFiles: OnImageFiles) {
  return new Plugin<DecorationSet>({
    key: placeholders,
    state: {
      init: () => DecorationSet.empty,
      apply(tr, set) {
        let next = set.map(tr.mapping, tr.doc);
        const action = tr.getMeta(placeholders) as PlaceholderAction | undefined;
        const remove = action?.remove;
        if (remove) next = next.remove(next.find(undefined, undefined, (spec) => remove.includes(spec.id as string)));
        if (action?.add) {
          next = next.add(
            tr.doc,
            action.add.map(({ id, label, pos, side }) =>
              Decoration.widget(pos, () => placeholderWidget(label), { id, label, side, ignoreSelection: true }),
            ),
          );
        }
        return next;
      },
    },
    props: {
      decorations(state) {
        return placeholders.getState(state);
      },
      handlePaste(view, event) {
        const data = event.clipboardData;
        const files = Array.from(data?.files ?? []);
        // Text copied from an office app comes with a picture of itself: the text wins.
        if (files.length === 0 || data?.types.includes('text/plain')) return false;
        event.preventDefault();
        onFiles(view, files, view.state.selection.from);
        return true;
      },
      handleDrop(view, event, _slice, moved) {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (moved || files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        onFiles(view, files, at?.pos ?? view.state.selection.from);
        return true;
      },
    },
  });
}

/** The editor extension: pasted and dropped files go to `onFiles` instead of vanishing. */
export const ImageUploads = Extension.create<{ onFiles: OnImageFiles }>({
  name: 'imageUploads',
  // Before the link extension's paste handler and the default one.
  priority: 1000,
  addOptions() {
    return { onFiles: () => undefined };
  },
  addProseMirrorPlugins() {
    return [placeholderPlugin(this.options.onFiles)];
  },
});

interface PendingUpload {
  id: string;
  name: string;
  state: 'waiting' | 'uploading' | 'processing';
  /** Share of the file's bytes sent, 0 to 1. */
  progress: number;
}

interface FailedUpload {
  id: string;
  name: string;
  message: string;
}

let nextId = 1;

/** Marks where files being uploaded will go (replacing the selection when they go there). */
export function addPlaceholders(view: ViewLike, files: PlaceholderSpec[], pos: number) {
  const { tr } = view.state;
  if (!tr.selection.empty && pos === tr.selection.from) tr.deleteSelection();
  const at = tr.mapping.map(pos);
  withPlaceholders(tr, { add: files.map((f, i) => ({ ...f, pos: at, side: i })) });
  // Only a replaced selection is something to undo.
  view.dispatch(tr.setMeta('addToHistory', tr.docChanged));
}

export function removePlaceholder(view: ViewLike, id: string) {
  view.dispatch(withPlaceholders(view.state.tr, { remove: [id] }).setMeta('addToHistory', false));
}

/** Puts the uploaded image where its placeholder is now, in place of the placeholder. */
export function insertUploadedImage(
  view: ViewLike,
  id: string,
  item: Pick<MediaItem, 'url' | 'width' | 'height'>,
  alt: string,
) {
  const { state } = view;
  const type = state.schema.nodes.image;
  if (!type) return;
  // The placeholder's text was deleted meanwhile: the image still goes in, at the cursor.
  const all = placeholdersOf(state);
  const pos = all.find((p) => p.id === id)?.pos ?? state.selection.to;
  const node = type.create({ src: item.url, alt, width: item.width, height: item.height });
  const tr = state.tr;
  // A block image: before or after the paragraph it was pasted in, or between its two halves.
  const $pos = tr.doc.resolve(pos);
  let at = pos;
  if ($pos.parent.isTextblock) {
    if ($pos.parentOffset === 0) at = $pos.before();
    else if ($pos.parentOffset === $pos.parent.content.size) at = $pos.after();
    else {
      tr.split(pos);
      at = pos + 1;
    }
  }
  const steps = tr.steps.length;
  tr.insert(at, node);
  // Somewhere a block cannot go: let ProseMirror find the nearest place that takes it.
  if (tr.steps.length === steps) tr.replaceRangeWith(at, at, node);
  // The next files of the same paste wait right after this image, so they keep their order.
  const after = at + node.nodeSize;
  const waiting = all.filter((p) => p.id !== id && p.pos === pos);
  view.dispatch(
    withPlaceholders(tr, {
      remove: [id, ...waiting.map((p) => p.id)],
      add: waiting.map((p) => ({ ...p, pos: after })),
    }),
  );
}

/**
 * Runs the uploads of pasted and dropped files, one at a time in the order they came, and keeps
 * what the status line shows. `onFiles` is for the ImageUploads extension.
 */
export function useEditorImageUploads(onBusyChange?: (busy: boolean) => void) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [failed, setFailed] = useState<FailedUpload[]>([]);
  const invalidate = useInvalidateMedia();
  const queue = useRef<Promise<void>>(Promise.resolve());

  // Uploads stop when the editor goes away (a closed form); nothing is inserted after that.
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const c = new AbortController();
    controller.current = c;
    return () => c.abort();
  }, []);

  const latest = useRef({ invalidate, onBusyChange });
  useLayoutEffect(() => {
    latest.current = { invalidate, onBusyChange };
  });
  const busy = pending.length > 0;
  useEffect(() => {
    latest.current.onBusyChange?.(busy);
  }, [busy]);

  const onFiles = useCallback<OnImageFiles>((view, files, pos) => {
    const update = (id: string, patch: Partial<PendingUpload>) =>
      setPending((all) => all.map((p) => (p.id === id ? { ...p, ...patch } : p)));
    const fail = (id: string, name: string, message: string) => {
      setPending((all) => all.filter((p) => p.id !== id));
      setFailed((all) => [...all, { id, name, message }]);
    };
    const batch = files.map((file) => ({ file, id: `upload-${nextId++}`, error: precheckImageFile(file) }));
    for (const b of batch) if (b.error) fail(b.id, b.file.name, b.error);
    const accepted = batch.filter((b) => !b.error);
    if (accepted.length === 0) return;

    addPlaceholders(
      view,
      accepted.map(({ id, file }) => ({ id, label: file.name })),
      pos,
    );
    setPending((all) => [
      ...all,
      ...accepted.map(({ id, file }) => ({ id, name: file.name, state: 'waiting' as const, progress: 0 })),
    ]);

    const signal = controller.current?.signal;
    queue.current = queue.current.then(async () => {
      for (const { file, id } of accepted) {
        if (signal?.aborted) return;
        update(id, { state: 'uploading' });
        try {
          const item = await uploadMediaFile(file, {
            signal,
            onProgress: (share) => update(id, { progress: share, state: share >= 1 ? 'processing' : 'uploading' }),
          });
          if (signal?.aborted || view.isDestroyed) return;
          insertUploadedImage(view, id, item, fileStem(file.name));
          setPending((all) => all.filter((p) => p.id !== id));
        } catch (error) {
          if (signal?.aborted) return;
          if (!view.isDestroyed) removePlaceholder(view, id);
          fail(id, file.name, errorMessage(error));
        }
      }
      void latest.current.invalidate();
    });
  }, []);

  const dismiss = (id: string) => setFailed((all) => all.filter((f) => f.id !== id));
  return { onFiles, pending, failed, dismiss };
}

/** The line under the toolbar: each upload's progress, then each failure until dismissed. */
export function EditorUploadStatus({
  pending,
  failed,
  onDismiss,
}: {
  pending: PendingUpload[];
  failed: FailedUpload[];
  onDismiss: (id: string) => void;
}) {
  const status =
    pending.length > 0 ? `Uploading ${pending.length} ${pending.length === 1 ? 'image' : 'images'}...` : '';
  return (
    <>
      <p role="status" className="sr-only">
        {status}
      </p>
      {(pending.length > 0 || failed.length > 0) && (
        <ul aria-label="Image uploads" className="space-y-1.5 border-b bg-muted/20 px-3 py-2 text-sm">
          {pending.map((p) => {
            const percent = Math.round(p.progress * 100);
            const processing = p.state === 'processing';
            return (
              <li key={p.id} data-testid="editor-upload" className="flex items-center gap-2">
                <ImageUp aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate" title={p.name}>
                  {p.name}
                </span>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${p.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={processing ? 100 : percent}
                  aria-valuetext={processing ? 'Processing' : p.state === 'waiting' ? 'Waiting' : `${percent}%`}
                  className="h-2 w-20 shrink-0 overflow-hidden rounded-full bg-muted sm:w-32"
                >
                  <div
                    className={cn('h-full rounded-full bg-primary transition-[width]', processing && 'animate-pulse')}
                    style={{ width: `${processing ? 100 : percent}%` }}
                  />
                </div>
                <span className="w-20 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                  {p.state === 'waiting' ? 'Waiting' : processing ? 'Processing...' : `${percent}%`}
                </span>
              </li>
            );
          })}
          {failed.map((f) => (
            <li
              key={f.id}
              data-testid="editor-upload-error"
              className="flex items-start justify-between gap-2 rounded-md border border-destructive/60 bg-background px-2 py-1"
            >
              <p role="alert" className="min-w-0 font-medium break-words text-destructive">
                {f.message.includes(f.name) ? f.message : `"${f.name}" was not uploaded: ${f.message}`}
              </p>
              <Button
                variant="ghost"
                size="iconSm"
                className="size-7 shrink-0"
                aria-label={`Dismiss the error about ${f.name}`}
                onClick={() => onDismiss(f.id)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
