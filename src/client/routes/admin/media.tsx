// Media: every uploaded image, newest first, with search and pages; upload more, edit alt text,
// copy an image's URL, delete one (refused, with the list of places, while it is still used).
import { ImageIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MediaItem, UsedBy } from '../../../shared/schemas/media';
import { Pager } from '../../components/pager';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog, Dialog, DialogContent, DialogFooter } from '../../components/ui/dialog';
import { Skeleton, SkeletonLines } from '../../components/ui/skeleton';
import { useDeleteMedia, usedByOf } from '../../features/media/admin-api';
import { MediaCard, UsedByList } from '../../features/media/media-card';
import { MEDIA_PAGE_SIZE, useMediaList } from '../../components/media/media-api';
import { MediaUpload } from '../../components/media/media-upload';
import { errorMessage } from '../../lib/http';
import { cn } from '../../lib/utils';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';
import { MediaCount } from '../../components/media/media-count';
import { SearchField } from '../../components/ui/search-field';

/** The search runs this long after the last key press. */
const SEARCH_DELAY_MS = 300;
const LOADING_CARDS = 8;

const grid = 'grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function pageOf(raw: string | null): number {
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

function LoadingGrid() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading media...
      </p>
      <div className={grid}>
        {Array.from({ length: LOADING_CARDS }, (_, i) => (
          <Card key={i} className="overflow-hidden">
            <Skeleton className="aspect-[4/3] w-full rounded-none" />
            <SkeletonLines className="space-y-2 p-3" lines={['h-4 w-3/4', 'h-3 w-1/2', 'h-9 w-full']} />
          </Card>
        ))}
      </div>
    </div>
  );
}

export default function MediaPage() {
  useDocumentTitle('Media');
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const search = (params.get('q') ?? '').trim();
  const [searchInput, setSearchInput] = useState(search);
  const list = useMediaList({ page, search });
  const remove = useDeleteMedia();
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);
  const [inUse, setInUse] = useState<{ item: MediaItem; usedBy: UsedBy[] } | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const go = (next: { page?: number; search?: string }) => {
    const q = next.search ?? search;
    const p = next.page ?? page;
    const out = new URLSearchParams();
    if (q) out.set('q', q);
    if (p > 1) out.set('page', String(p));
    setParams(out, { replace: true });
  };

  // The search box sets ?q= a moment after typing stops, and goes back to the first page.
  useEffect(() => {
    const value = searchInput.trim();
    if (value === search) return;
    const timer = setTimeout(() => {
      const out = new URLSearchParams();
      if (value) out.set('q', value);
      setParams(out, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search, setParams]);

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || MEDIA_PAGE_SIZE))) : 1;
  // A page past the end (its last image deleted, or an old link): show the last one instead.
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > totalPages) {
      const out = new URLSearchParams();
      if (search) out.set('q', search);
      if (totalPages > 1) out.set('page', String(totalPages));
      setParams(out, { replace: true });
    }
  }, [data, list.isPlaceholderData, page, totalPages, search, setParams]);

  const onConfirmDelete = () => {
    if (!toDelete) return;
    const item = toDelete;
    remove.mutate(item, {
      onSettled: () => setToDelete(null),
      // Still shown somewhere: say where (the mutation shows no toast for this).
      onError: (error) => {
        const usedBy = usedByOf(error);
        if (usedBy.length > 0) setInUse({ item, usedBy });
      },
    });
  };

  return (
    <AdminPage title="Media" description="Images uploaded for app icons, screenshots, post galleries and pages.">
      <Card className="mb-6">
        <CardHeader className="pb-4">
          <CardTitle>Upload</CardTitle>
          <CardDescription>PNG, JPEG, GIF, WebP, AVIF, BMP or ICO. Several at once.</CardDescription>
        </CardHeader>
        <CardContent>
          <MediaUpload
            id="media-upload"
            label="Upload images"
            onUploaded={() => {
              // The newest images head the first page.
              if (page !== 1 || search) {
                setSearchInput('');
                setParams(new URLSearchParams(), { replace: true });
              }
            }}
          />
        </CardContent>
      </Card>

      <div className="mb-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          id="media-search"
          label="Search media"
          placeholder="Search by file name or alt text..."
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
        />
        {data && <MediaCount total={data.total} search={search} />}
      </div>

      {list.isPending ? (
        <LoadingGrid />
      ) : list.isError && !data ? (
        <Card role="alert" className="p-8 text-center">
          <p className="text-lg font-semibold">Failed to load media</p>
          <p className="mt-1 text-sm text-muted-foreground">{errorMessage(list.error)}</p>
          <Button variant="outline" className="mt-4" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching ? 'Loading...' : 'Try again'}
          </Button>
        </Card>
      ) : !data || data.items.length === 0 ? (
        <Card className="border-dashed p-10 text-center">
          <ImageIcon aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
          <h2 className="mt-3 text-lg font-semibold">{search ? 'No images found' : 'No images yet'}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {search
              ? 'Try adjusting your search terms.'
              : 'Upload images above to use them as app icons, screenshots and gallery images.'}
          </p>
        </Card>
      ) : (
        <>
          {list.isError && (
            <p role="alert" className="mb-4 text-sm font-medium text-destructive">
              {errorMessage(list.error)}
            </p>
          )}
          <ul
            aria-label="Images"
            aria-busy={list.isPlaceholderData || undefined}
            className={cn(grid, list.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
            {data.items.map((item) => (
              <li key={item.id} className="min-w-0">
                <MediaCard
                  item={item}
                  onDelete={(from) => {
                    opener.current = from;
                    setToDelete(item);
                  }}
                />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={totalPages}
            onPage={(next) => go({ page: next })}
            className="mt-6 sm:justify-center"
          />
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        description={
          toDelete ? `This will permanently delete the image "${toDelete.filename}". This action cannot be undone.` : ''
        }
        pending={remove.isPending}
        onConfirm={() => void onConfirmDelete()}
      />

      <Dialog open={inUse !== null} onOpenChange={(open) => !open && setInUse(null)}>
        {inUse && (
          <DialogContent
            title="Image in use"
            description={`"${inUse.item.filename}" was not deleted: it is still shown in these places. Remove it from them first.`}
            onCloseAutoFocus={(event) => {
              if (opener.current?.isConnected) {
                event.preventDefault();
                opener.current.focus();
              }
            }}
          >
            <div className="text-sm">
              <UsedByList usedBy={inUse.usedBy} />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setInUse(null)}>
                Close
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </AdminPage>
  );
}
