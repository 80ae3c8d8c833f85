// Manage Apps (SPEC §2): every app with its icon, title, shortened description and status, Edit and
// Delete (with confirmation); and their order (issue 11), which the home page follows: drag a row by
// its handle, or with the keyboard (Space on the handle, arrows, Space), or Move up / Move down.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_APP_LIST_LOADING_ROWS, ADMIN_DESCRIPTION_TRUNCATE } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { App } from '../../../shared/schemas/apps';
import { truncate } from '../../../shared/text';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Tooltip } from '../../components/ui/controls';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Skeleton, SkeletonLines } from '../../components/ui/skeleton';
import { useDeleteApp, useReorderApps } from '../../features/apps/admin-api';
import { useApps } from '../../features/apps/api';
import { DEFAULT_ICON, FallbackImage } from '../../features/apps/app-card';
import { StatusBadge } from '../../features/apps/status-badge';
import { scheduleTime } from '../../features/blogs/post-status';
import { cn } from '../../lib/utils';
import { useSiteLocales, useTranslationSummary } from '../../features/translations/api';
import { CompletenessMarkers } from '../../features/translations/completeness';
import { AdminPage } from './admin-layout';
import { useDocumentTitle } from './use-document-title';

const row = 'flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:gap-5 sm:p-5';

interface RowProps {
  app: App;
  index: number;
  count: number;
  onDelete: (app: App) => void;
  onMove: (from: number, to: number) => void;
  /** The app's translations per language (none when the site has one language). */
  markers?: ReactNode;
}

function AppRow({ app, index, count, onDelete, onMove, markers }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: app.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(row, 'bg-card', isDragging && 'relative z-10 shadow-lg ring-2 ring-primary')}
      data-testid="app-row"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${app.title}`}
          aria-describedby="apps-reorder-help"
          className="mt-3 grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-muted-foreground hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <FallbackImage
          src={app.icon}
          fallback={DEFAULT_ICON}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className="size-14 shrink-0 rounded-xl border bg-muted object-cover"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base leading-tight font-semibold break-words">{app.title}</h2>
            <StatusBadge status={app.status} />
            {app.goesLiveAt && <Badge variant="grey">Goes Live {scheduleTime(app.goesLiveAt)}</Badge>}
            {app.isFeatured && <Badge variant="blue">Featured</Badge>}
            {app.isHidden && <Badge variant="grey">Hidden</Badge>}
          </div>
          <p
            className="text-sm break-words text-muted-foreground"
            title={app.description.length > ADMIN_DESCRIPTION_TRUNCATE ? app.description : undefined}
          >
            {truncate(app.description, ADMIN_DESCRIPTION_TRUNCATE)}
          </p>
          {markers}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
        <div className="flex gap-1">
          <Tooltip label="Move up">
            <Button
              variant="ghost"
              size="iconSm"
              aria-label={`Move ${app.title} up`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
          </Tooltip>
          <Tooltip label="Move down">
            <Button
              variant="ghost"
              size="iconSm"
              aria-label={`Move ${app.title} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </Tooltip>
        </div>
        <Link
          to={paths.admin.editApp(app.id)}
          className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'flex-1 sm:flex-none')}
        >
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {app.title}</span>
        </Link>
        <Button
          variant="outline"
          size="sm"
          tone="destructive"
          className="flex-1 sm:flex-none"
          onClick={() => onDelete(app)}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {app.title}</span>
        </Button>
      </div>
    </li>
  );
}

function LoadingRows() {
  return (
    <Card aria-busy="true">
      <p role="status" className="sr-only">
        Loading apps
      </p>
      <ul className="divide-y" aria-hidden="true">
        {Array.from({ length: ADMIN_APP_LIST_LOADING_ROWS }, (_, i) => (
          <li key={i} className={row} data-testid="app-row-skeleton">
            <div className="flex flex-1 items-start gap-4">
              <Skeleton className="size-14 shrink-0 rounded-xl" />
              <SkeletonLines className="flex-1 space-y-2" lines={['h-5 w-40 max-w-full', 'h-4 w-full', 'h-4 w-3/4']} />
            </div>
            <div className="flex gap-2">
              <Skeleton className="h-9 w-20" />
              <Skeleton className="h-9 w-24" />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** What a screen reader hears while an app is moved with the keyboard. */
function announcements(apps: App[]): Announcements {
  const title = (id: number | string) => apps.find((a) => a.id === id)?.title ?? 'The app';
  const place = (id: number | string | undefined) => apps.findIndex((a) => a.id === id) + 1;
  return {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}, position ${place(active.id)} of ${apps.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${title(active.id)} is now at position ${place(over.id)} of ${apps.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${title(active.id)} dropped at position ${place(over.id)} of ${apps.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${title(active.id)} was cancelled.`,
  };
}

function SortableApps({
  apps,
  onDelete,
  markers,
}: {
  apps: App[];
  onDelete: (app: App) => void;
  markers: (app: App) => ReactNode;
}) {
  const reorder = useReorderApps();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= apps.length) return;
    reorder.mutate(arrayMove(apps, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(
      apps.findIndex((a) => a.id === active.id),
      apps.findIndex((a) => a.id === over.id),
    );
  };
  return (
    <Card className="overflow-hidden">
      <p id="apps-reorder-help" className="sr-only">
        Press Space to pick the app up, the arrow keys to move it, Space again to drop it, or Escape to cancel.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: announcements(apps), screenReaderInstructions: { draggable: '' } }}
      >
        <SortableContext items={apps.map((a) => a.id)} strategy={verticalListSortingStrategy}>
          <ul className="divide-y" aria-label="Apps">
            {apps.map((app, index) => (
              <AppRow
                key={app.id}
                app={app}
                index={index}
                count={apps.length}
                onDelete={onDelete}
                onMove={move}
                markers={markers(app)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </Card>
  );
}

export default function AppsList() {
  useDocumentTitle('Manage Apps');
  const apps = useApps();
  const remove = useDeleteApp();
  // The app being deleted stays named while the dialog closes.
  const [target, setTarget] = useState<App | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Each app's translations per language, in one read (nothing when the site has one language).
  const locales = useSiteLocales();
  const multilingual = (locales.data?.length ?? 0) > 1;
  const completeness = useTranslationSummary('app', multilingual);
  const markers = (app: App) =>
    multilingual && (
      <CompletenessMarkers
        locales={locales.data ?? []}
        statuses={completeness.data?.get(String(app.id))}
        className="pt-1"
      />
    );
  const askDelete = (app: App) => {
    setTarget(app);
    setConfirming(true);
  };

  const onConfirm = () => {
    if (!target || remove.isPending) return;
    remove.mutate({ id: target.id, title: target.title }, { onSettled: () => setConfirming(false) });
  };

  return (
    <AdminPage
      title="Manage Apps"
      description="Add, edit and remove the games and apps shown on the site, and choose their order."
      actions={
        <Link to={paths.admin.newApp} className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Add New App
        </Link>
      }
    >
      <QueryState
        query={apps}
        loading={<LoadingRows />}
        error="Failed to load apps"
        isEmpty={(data) => data.length === 0}
        empty={
          <Card className="flex flex-col items-center p-10 text-center">
            <h2 className="text-lg font-semibold">No apps found</h2>
            <p className="mt-1 text-sm text-muted-foreground">Apps you add appear here and on the home page.</p>
            <Link to={paths.admin.newApp} className={cn(buttonVariants(), 'mt-5')}>
              <Plus aria-hidden="true" />
              Add Your First App
            </Link>
          </Card>
        }
      >
        {(data) => <SortableApps apps={data} onDelete={askDelete} markers={markers} />}
      </QueryState>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(false);
        }}
        pending={remove.isPending}
        description={
          <>
            This will permanently delete the app{' '}
            <strong className="font-semibold text-foreground">&ldquo;{target?.title}&rdquo;</strong> and its blog posts.
            This action cannot be undone.
          </>
        }
        onConfirm={onConfirm}
      />
    </AdminPage>
  );
}
