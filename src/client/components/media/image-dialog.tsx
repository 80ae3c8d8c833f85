// The rich-text editor's Image dialog: upload a new image (the upload control, alt text asked for)
// or pick one from the media library (a searchable, paginated grid, operated with the arrow keys),
// check its alt text and insert it. For an image already in the text it edits the alt text.
import { ImageIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ALT_MAX, type MediaItem } from '../../../shared/schemas/media';
import { errorMessage } from '../../lib/http';
import { cn } from '../../lib/utils';
import { Pager } from '../pager';
import { Button } from '../ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/controls';
import { DialogClose, DialogContent, DialogFooter } from '../ui/dialog';
import { Input, Label } from '../ui/input';
import { Skeleton } from '../ui/skeleton';
import { formatDimensions } from './format';
import { useMediaList } from './media-api';
import { MediaUpload } from './media-upload';
import { thumbnailOf } from './thumbnail';
import { MediaCount } from './media-count';
import { SearchField } from '../ui/search-field';

/** What goes into the text: `<img src alt width height>`. */
export interface ImageChoice {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

interface Selected extends ImageChoice {
  /** What the preview shows (a small variant for library items). */
  thumb: string;
  /** The file name, for library items. */
  name?: string;
}

/** Images per page of the picker: four rows of three, or six of two on a phone. */
const PICKER_PAGE_SIZE = 12;
/** The search runs this long after the last key press. */
const SEARCH_DELAY_MS = 300;

const fromItem = (item: MediaItem): Selected => ({
  src: item.url,
  alt: item.alt,
  width: item.width,
  height: item.height,
  thumb: thumbnailOf(item),
  name: item.filename,
});

const pickerGrid = 'grid grid-cols-2 gap-2 sm:grid-cols-3';

/** Columns of a grid as laid out now: the items on the first item's row. */
function columnsOf(buttons: HTMLElement[]): number {
  const top = buttons[0]?.offsetTop;
  const n = buttons.filter((b) => b.offsetTop === top).length;
  return Math.max(1, n);
}

function LibraryPicker({ selected, onSelect }: { selected: string | null; onSelect: (item: MediaItem) => void }) {
  const id = useId();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useMediaList({ page, search, pageSize: PICKER_PAGE_SIZE });
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(input.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const data = list.data;
  const items = data?.items ?? [];
  const totalPages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || PICKER_PAGE_SIZE))) : 1;
  // One stop for Tab in the grid: the chosen image, else the first; the arrow keys move from there.
  const selectedIndex = items.findIndex((item) => item.url === selected);
  const tabStop = selectedIndex >= 0 ? selectedIndex : 0;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const buttons = Array.from(grid.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]') ?? []);
    const columns = columnsOf(buttons);
    const next = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      ArrowDown: index + columns,
      ArrowUp: index - columns,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.min(Math.max(next, 0), items.length - 1);
    const item = items[target];
    if (!item) return;
    onSelect(item);
    buttons[target]?.focus();
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          id={`${id}-search`}
          label="Search images"
          className="w-full sm:max-w-xs"
          placeholder="Search by file name or alt text..."
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches now instead of submitting the dialog's form.
            if (e.key === 'Enter') {
              e.preventDefault();
              setSearch(input.trim());
              setPage(1);
            }
          }}
          inputClassName="h-9"
        />
        {data && <MediaCount total={data.total} search={search} />}
      </div>

      {list.isPending ? (
        <div aria-busy="true">
          <p role="status" className="sr-only">
            Loading images...
          </p>
          <div className={pickerGrid}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="aspect-[4/3] w-full" />
            ))}
          </div>
        </div>
      ) : list.isError && !data ? (
        <div role="alert" className="rounded-lg border p-6 text-center">
          <p className="font-semibold">Failed to load images</p>
          <p className="mt-1 text-sm text-muted-foreground">{errorMessage(list.error)}</p>
          <Button variant="outline" className="mt-3" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching ? 'Loading...' : 'Try again'}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-lg border border-dashed p-6 text-center">
          <ImageIcon aria-hidden="true" className="mx-auto size-8 text-muted-foreground" />
          <p className="mt-2 font-semibold">{search ? 'No images found' : 'No images yet'}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {search ? 'Try other search terms.' : 'Upload an image in the Upload tab.'}
          </p>
        </div>
      ) : (
        <>
          {list.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(list.error)}
            </p>
          )}
          <div
            ref={grid}
            role="radiogroup"
            aria-label="Images in the library"
            aria-busy={list.isPlaceholderData || undefined}
            className={cn(pickerGrid, list.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
            {items.map((item, i) => {
              const checked = item.url === selected;
              return (
                <button
                  key={item.id}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  tabIndex={i === tabStop ? 0 : -1}
                  data-testid="image-choice"
                  onClick={() => onSelect(item)}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  className={cn(
                    'flex min-w-0 flex-col overflow-hidden rounded-lg border bg-card text-left transition-shadow hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    checked && 'border-primary ring-2 ring-primary',
                  )}
                >
                  <img
                    src={thumbnailOf(item)}
                    alt=""
                    width={item.width}
                    height={item.height}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full bg-muted object-contain"
                  />
                  <span className="block truncate px-2 pt-1 text-xs font-medium" title={item.filename}>
                    {item.filename}
                  </span>
                  <span className="block truncate px-2 pb-1 text-xs text-muted-foreground">
                    {formatDimensions(item.width, item.height)}
                    {item.alt && <span className="sr-only">, alt text: {item.alt}</span>}
                  </span>
                </button>
              );
            })}
          </div>
          <Pager page={page} pages={totalPages} onPage={setPage} label="Library pages" />
        </>
      )}
    </div>
  );
}

export interface ImageDialogContentProps {
  /** The image selected in the text: the dialog edits its alt text instead of inserting. */
  current: ImageChoice | null;
  onSubmit: (choice: ImageChoice) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** The dialog's content, inside the editor's <Dialog>; mounted afresh each time it opens. */
export function ImageDialogContent({ current, onSubmit, onCloseAutoFocus }: ImageDialogContentProps) {
  const id = useId();
  const [selected, setSelected] = useState<Selected | null>(current && { ...current, thumb: current.src });
  const [alt, setAlt] = useState(current?.alt ?? '');
  const [tab, setTab] = useState('upload');
  const editing = current !== null;

  const select = (item: MediaItem) => {
    setSelected(fromItem(item));
    setAlt(item.alt);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles its events to the form around the editor.
    event.stopPropagation();
    if (!selected) return;
    onSubmit({ src: selected.src, alt: alt.trim(), width: selected.width, height: selected.height });
  };

  return (
    <DialogContent
      title={editing ? 'Edit image' : 'Insert image'}
      description={
        editing
          ? 'Change how the image is described to people who cannot see it.'
          : 'Upload a new image or choose one from the media library.'
      }
      className="max-w-3xl"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {!editing && (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="upload">Upload</TabsTrigger>
            <TabsTrigger value="library">Library</TabsTrigger>
          </TabsList>
          {/* Kept mounted while the library shows: leaving the tab must not cancel an upload. */}
          <TabsContent value="upload" forceMount className="data-[state=inactive]:hidden">
            <MediaUpload
              id={`${id}-upload`}
              label="Upload an image"
              altLabel="Alt text (saved in the library)"
              multiple={false}
              onUploaded={([item]) => item && select(item)}
            />
          </TabsContent>
          <TabsContent value="library">
            <LibraryPicker selected={selected?.src ?? null} onSelect={select} />
          </TabsContent>
        </Tabs>
      )}

      <form onSubmit={submit} className="space-y-4 border-t pt-4" aria-label="Image to insert">
        <p role="status" className="sr-only">
          {selected && !editing ? `Chosen: ${selected.name ?? selected.src}` : ''}
        </p>
        {selected ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <img
              src={selected.thumb}
              alt=""
              className="h-28 w-full shrink-0 rounded-md border bg-muted object-contain sm:w-40"
            />
            <div className="min-w-0 flex-1 space-y-1.5">
              <p className="truncate text-sm font-medium" title={selected.name ?? selected.src}>
                {editing ? 'Selected image' : `Chosen: ${selected.name ?? selected.src}`}
              </p>
              {selected.width && selected.height ? (
                <p className="text-xs text-muted-foreground">{formatDimensions(selected.width, selected.height)} px</p>
              ) : null}
              <Label htmlFor={`${id}-alt`}>Alt text</Label>
              <Input
                id={`${id}-alt`}
                value={alt}
                onChange={(e) => setAlt(e.target.value)}
                maxLength={ALT_MAX}
                placeholder="What the image shows"
                autoComplete="off"
                aria-describedby={`${id}-alt-hint`}
              />
              <p id={`${id}-alt-hint`} className="text-xs text-muted-foreground">
                For people who cannot see the image. Leave it empty only for a decorative image.
              </p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No image chosen yet.</p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={!selected}>
            {editing ? 'Save' : 'Insert image'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
