// A list of image URLs (an app's screenshots, a post's gallery): added by address or uploaded,
// reordered by dragging or with the move buttons, removed one by one. The form owns the value.
import { ArrowLeft, ArrowRight, GripVertical, ImageOff, Plus, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '../../../shared/constants';
import { imageUrl } from '../../../shared/schemas/common';
import { Button } from '../ui/button';
import { FieldError, Input, Label } from '../ui/input';
import { cn } from '../../lib/utils';
import { MediaUpload } from './media-upload';

/** What the field says: each form names its images its own way. */
export interface ImageListTexts {
  /** The address field's label ('Screenshot URL'). */
  urlLabel: string;
  /** Show the label (else it is for screen readers only, under a legend saying the same). */
  showUrlLabel?: boolean;
  placeholder: string;
  hint?: string;
  /** One image, by position from 1: its alt text ('Screenshot 1'). */
  itemName: (n: number) => string;
  /** The lower-case noun for buttons ('screenshot' gives 'Remove screenshot 1'). */
  noun: string;
  /** The list's accessible name. */
  listLabel: string;
  empty: string;
  tooMany: string;
  duplicate: string;
  /** The add button's accessible name when the form has other lists ('Add logo'); its text stays 'Add'. */
  addLabel?: string;
  /** The upload button ('Upload screenshots'). */
  upload: string;
  uploadAlt: string;
}

export interface ImageListFieldProps {
  /** Prefix of element ids; the list's error is `${id}-error`. */
  id: string;
  /** The address field's id (forms focus it for the list's errors); its error is `${inputId}-error`. */
  inputId: string;
  value: string[];
  onChange: (next: string[]) => void;
  texts: ImageListTexts;
  /** The list's own error from the form's schema. */
  error?: string;
  /** An error about the address field set by the form (e.g. typed but not added). */
  draftError?: string;
  /** The address being typed, for forms that treat it as unsaved work. */
  onDraftChange?: (draft: string) => void;
  /** True while uploads run. */
  onBusyChange?: (busy: boolean) => void;
  /** data-testid of each item. */
  itemTestId?: string;
  max?: number;
}

type FocusTarget = { index: number; control: 'earlier' | 'later' | 'remove' } | 'input';

/** Keys that survive a reorder: the URL, numbered when the same one appears twice. */
function itemKeys(value: string[]): string[] {
  const seen = new Map<string, number>();
  return value.map((src) => {
    const n = (seen.get(src) ?? 0) + 1;
    seen.set(src, n);
    return `${src}#${n}`;
  });
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function ImageListField({
  id,
  inputId,
  value,
  onChange,
  texts,
  error,
  draftError: externalDraftError,
  onDraftChange,
  onBusyChange,
  itemTestId,
  max = LIMITS.imagesMax,
}: ImageListFieldProps) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const controls = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<FocusTarget | null>(null);

  // Uploads finish after re-renders: they add to the list as it is then.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });

  // After a change made from the keyboard, the focus stays with the item (or the address field).
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'input') return inputRef.current?.focus();
    const button = controls.current.get(`${target.index}-${target.control}`);
    const fallback = controls.current.get(
      `${target.index}-${target.control === 'earlier' ? 'later' : target.control === 'later' ? 'earlier' : 'remove'}`,
    );
    const el = button && !button.disabled ? button : fallback;
    if (el && !el.disabled) el.focus();
    else inputRef.current?.focus();
  }, [value]);

  const shownDraftError = draftError ?? externalDraftError;
  const setDraftValue = (next: string) => {
    setDraft(next);
    setDraftError(undefined);
    onDraftChange?.(next);
  };

  const add = () => {
    const raw = draft.trim();
    if (!raw) {
      // A blank value is ignored.
      setDraftValue('');
      return;
    }
    const parsed = imageUrl().safeParse(raw);
    if (!parsed.success) return setDraftError(parsed.error.issues[0]?.message);
    if (value.includes(parsed.data)) return setDraftError(texts.duplicate);
    if (value.length >= max) return setDraftError(texts.tooMany);
    onChange([...value, parsed.data]);
    setDraftValue('');
    focusNext.current = 'input';
  };

  const onDraftKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the image instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  const remove = (index: number) => {
    const next = value.filter((_, i) => i !== index);
    // Keep the keyboard in place: the next Remove button, else the previous, else the address field.
    focusNext.current = next.length === 0 ? 'input' : { index: Math.min(index, next.length - 1), control: 'remove' };
    onChange(next);
    setAnnouncement(`${texts.itemName(index + 1)} removed.`);
  };

  const reorder = (from: number, to: number, control?: 'earlier' | 'later') => {
    if (to < 0 || to >= value.length || from === to) return;
    if (control) focusNext.current = { index: to, control };
    onChange(move(value, from, to));
    setAnnouncement(`${texts.itemName(from + 1)} moved to position ${to + 1} of ${value.length}.`);
  };

  const onUploaded = (items: { url: string }[]) => {
    const current = latest.current;
    const fresh = items.map((i) => i.url).filter((url, i, all) => !current.includes(url) && all.indexOf(url) === i);
    const next = [...current, ...fresh].slice(0, max);
    if (next.length === current.length) return;
    latest.current = next;
    onChange(next);
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragFrom === null) return;
    event.preventDefault();
    reorder(dragFrom, index);
    setDragFrom(null);
    setDragOver(null);
  };

  const describedBy = shownDraftError
    ? `${inputId}-error`
    : error
      ? `${id}-error`
      : texts.hint
        ? `${inputId}-hint`
        : undefined;
  const keys = itemKeys(value);

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={inputId} className={texts.showUrlLabel ? undefined : 'sr-only'}>
          {texts.urlLabel}
        </Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            ref={inputRef}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={texts.placeholder}
            className="min-w-0 flex-1"
            value={draft}
            onChange={(e) => setDraftValue(e.target.value)}
            onKeyDown={onDraftKeyDown}
            aria-invalid={shownDraftError || error ? true : undefined}
            aria-describedby={describedBy}
          />
          <Button variant="secondary" onClick={add} aria-label={texts.addLabel}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
        {shownDraftError ? (
          <FieldError id={`${inputId}-error`} message={shownDraftError} />
        ) : (
          texts.hint && (
            <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
              {texts.hint}
            </p>
          )
        )}
        <FieldError id={`${id}-error`} message={error} />
      </div>

      <MediaUpload
        id={`${id}-upload`}
        label={texts.upload}
        altLabel={texts.uploadAlt}
        capacity={max - value.length}
        fullMessage={texts.tooMany}
        onUploaded={onUploaded}
        onBusyChange={onBusyChange}
      />

      <p role="status" className="sr-only">
        {announcement}
      </p>
      {value.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={texts.listLabel}>
          {value.map((src, i) => (
            <ImageItem
              key={keys[i]}
              src={src}
              index={i}
              count={value.length}
              texts={texts}
              testId={itemTestId}
              dragging={dragFrom === i}
              dropTarget={dragOver === i && dragFrom !== null && dragFrom !== i}
              register={(control, el) => {
                const key = `${i}-${control}`;
                if (el) controls.current.set(key, el);
                else controls.current.delete(key);
              }}
              onMove={(to, control) => reorder(i, to, control)}
              onRemove={() => remove(i)}
              dragProps={{
                draggable: true,
                onDragStart: (e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', src);
                  setDragFrom(i);
                },
                onDragOver: (e) => {
                  if (dragFrom === null) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  if (dragOver !== i) setDragOver(i);
                },
                onDrop: (e) => onDrop(e, i),
                onDragEnd: () => {
                  setDragFrom(null);
                  setDragOver(null);
                },
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{texts.empty}</p>
      )}
    </div>
  );
}

/** An item's two move buttons: one place earlier, one place later. */
const MOVES = [
  { direction: 'earlier', step: -1, Icon: ArrowLeft },
  { direction: 'later', step: 1, Icon: ArrowRight },
] as const;

function ImageItem({
  src,
  index,
  count,
  texts,
  testId,
  dragging,
  dropTarget,
  register,
  onMove,
  onRemove,
  dragProps,
}: {
  src: string;
  index: number;
  count: number;
  texts: ImageListTexts;
  testId?: string;
  dragging: boolean;
  dropTarget: boolean;
  register: (control: 'earlier' | 'later' | 'remove', el: HTMLButtonElement | null) => void;
  onMove: (to: number, control: 'earlier' | 'later') => void;
  onRemove: () => void;
  dragProps: Pick<React.ComponentProps<'li'>, 'draggable' | 'onDragStart' | 'onDragOver' | 'onDrop' | 'onDragEnd'>;
}) {
  const [failed, setFailed] = useState(false);
  const n = index + 1;
  const name = texts.itemName(n);
  return (
    <li
      data-testid={testId}
      {...dragProps}
      className={cn(
        'flex flex-col overflow-hidden rounded-lg border bg-card transition-shadow',
        dragging && 'opacity-50',
        dropTarget && 'ring-2 ring-primary',
      )}
    >
      <div className="relative cursor-grab bg-muted active:cursor-grabbing">
        {failed ? (
          <div className="flex aspect-video flex-col items-center justify-center gap-1 p-2 text-center text-xs text-muted-foreground">
            <ImageOff aria-hidden="true" className="size-5" />
            <span>{name} could not be loaded</span>
          </div>
        ) : (
          <img
            src={src}
            alt={name}
            loading="lazy"
            draggable={false}
            className="aspect-video w-full object-contain"
            onError={() => setFailed(true)}
          />
        )}
        <span
          aria-hidden="true"
          title="Drag to reorder"
          className="absolute top-1.5 left-1.5 grid size-7 place-items-center rounded-md bg-background/80 text-muted-foreground shadow-sm"
        >
          <GripVertical className="size-4" />
        </span>
      </div>
      <p className="truncate border-t px-2 py-1 text-xs text-muted-foreground" title={src}>
        {src}
      </p>
      <div className="mt-auto flex items-center gap-1 border-t p-1">
        {MOVES.map(({ direction, step, Icon }) => {
          const to = index + step;
          return (
            <Button
              key={direction}
              ref={(el) => register(direction, el)}
              variant="ghost"
              size="iconSm"
              className="size-8"
              aria-label={`Move ${texts.noun} ${n} ${direction}`}
              title={`Move ${direction}`}
              disabled={to < 0 || to >= count}
              onClick={() => onMove(to, direction)}
            >
              <Icon aria-hidden="true" />
            </Button>
          );
        })}
        <Button
          ref={(el) => register('remove', el)}
          variant="ghost"
          size="sm"
          className="ml-auto h-8 px-2"
          aria-label={`Remove ${texts.noun} ${n}`}
          title={`Remove ${texts.noun} ${n}`}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
          <span className="hidden lg:inline">Remove</span>
        </Button>
      </div>
    </li>
  );
}
