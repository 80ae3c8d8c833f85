// The history of a post or page (issue 12): its saved versions, the chosen one compared word by word
// with the current saved text, and Restore (which saves that text again as a new version).
import { History } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Revision, RevisionKind, RevisionSummary, RevisionTranslation } from '../../../shared/schemas/revisions';
import { EmptyCard, QueryState } from '../query-state';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogTrigger } from '../ui/dialog';
import { cn } from '../../lib/utils';
import { useRestoreRevision, useRevision, useRevisions } from './api';
import { compareRevision, type DiffPart, type FieldDiff, type RevisionField } from './diff';

export interface HistoryProps {
  kind: RevisionKind;
  /** The post's id (posts only). */
  itemId?: number;
  /** A translation's item and language (kind 'translation', issue 24). */
  translation?: RevisionTranslation;
  /** The fields compared, when not the kind's own (a translation's). */
  fields?: readonly RevisionField[];
  /** How the item is named in the dialog's texts, when not by its kind ('the German translation'). */
  itemName?: string;
  /** The item as last saved: what each version is compared with. */
  current: Record<string, unknown>;
  /** After a restore, with the item as the server saved it. */
  onRestored?: (item: Record<string, unknown> & { version: number }) => void;
}

const ITEM_NAMES: Record<RevisionKind, string> = {
  post: 'this post',
  about: 'the About Us page',
  privacy: 'the privacy policy',
  home: 'the home page content',
  translation: 'this translation',
};

const REASONS: Record<string, string> = {
  save: 'Saved',
  restore: 'Restored',
  publish: 'Published',
  unpublish: 'Unpublished',
  schedule: 'Scheduled',
  'scheduled publish': 'Published on schedule',
};
const reasonLabel = (reason: string) => REASONS[reason] ?? reason.charAt(0).toUpperCase() + reason.slice(1);

const authorLabel = (revision: RevisionSummary) =>
  revision.author ?? (revision.reason === 'scheduled publish' ? 'the scheduler' : 'a deleted account');

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A one-item editor's History (About Us, Privacy Policy, Home Content): the button for the page's
 * actions once the item is loaded, and `restores` to key the form with, so that it starts again
 * from the text a restore saved.
 */
export function useItemHistory(
  kind: Exclude<RevisionKind, 'post'>,
  query: { isSuccess: boolean; data?: Record<string, unknown> | null },
): { button: ReactNode; restores: number } {
  const [restores, setRestores] = useState(0);
  const button = query.isSuccess && (
    <HistoryButton kind={kind} current={query.data ?? {}} onRestored={() => setRestores((n) => n + 1)} />
  );
  return { button, restores };
}

/** The "History" button of an editor: opens the history in a wide dialog (also from inside another dialog). */
export function HistoryButton({ onRestored, size, ...props }: HistoryProps & { size?: 'sm' }) {
  const [open, setOpen] = useState(false);
  // A post not yet created has no history.
  if (props.kind === 'post' && props.itemId === undefined) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size={size}>
          <History aria-hidden="true" />
          History
        </Button>
      </DialogTrigger>
      <DialogContent
        title="History"
        description={`Earlier versions of ${props.itemName ?? ITEM_NAMES[props.kind]}, compared with the last saved text.`}
        className="max-w-5xl p-4 sm:p-6"
      >
        <HistoryPanel
          {...props}
          onRestored={(item) => {
            setOpen(false);
            onRestored?.(item);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The list of versions beside the chosen one's differences. */
export function HistoryPanel({ kind, itemId, translation, fields, itemName, current, onRestored }: HistoryProps) {
  const revisions = useRevisions({ kind, itemId, translation });
  const currentVersion = typeof current.version === 'number' ? current.version : undefined;
  const [chosen, setChosen] = useState<number>();
  const listHeading = useId();

  // Versions other than the one the editor shows: what there is to compare and restore.
  const earlier = (list: RevisionSummary[]) => list.filter((r) => r.version !== currentVersion);

  return (
    <QueryState
      query={revisions}
      loading="Loading history..."
      error="Failed to load the history"
      errorStyle="inline"
      isEmpty={(list) => earlier(list).length === 0}
      empty={
        <EmptyCard icon={<History aria-hidden="true" className="mb-3 size-8 text-muted-foreground" />}>
          No earlier versions yet
          <p className="mt-1 text-sm font-normal text-muted-foreground">Each save keeps a version here.</p>
        </EmptyCard>
      }
    >
      {(list) => {
        const selectedId = chosen ?? earlier(list)[0]!.id;
        const selected = list.find((r) => r.id === selectedId) ?? earlier(list)[0]!;
        return (
          <div className="grid min-w-0 gap-4 md:grid-cols-[15rem_minmax(0,1fr)]">
            <nav aria-labelledby={listHeading} className="min-w-0">
              <h3 id={listHeading} className="mb-2 text-sm font-semibold">
                Versions <span className="font-normal text-muted-foreground">({list.length})</span>
              </h3>
              <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg border p-1 md:max-h-[60vh]">
                {list.map((revision) => (
                  <li key={revision.id}>
                    <RevisionButton
                      revision={revision}
                      isCurrent={revision.version === currentVersion}
                      selected={revision.id === selected.id}
                      onSelect={() => setChosen(revision.id)}
                    />
                  </li>
                ))}
              </ul>
            </nav>
            <RevisionDiff
              key={selected.id}
              kind={kind}
              itemId={itemId}
              translation={translation}
              fields={fields}
              itemName={itemName}
              summary={selected}
              isCurrent={selected.version === currentVersion}
              current={current}
              onRestored={onRestored}
            />
          </div>
        );
      }}
    </QueryState>
  );
}

function RevisionButton({
  revision,
  isCurrent,
  selected,
  onSelect,
}: {
  revision: RevisionSummary;
  isCurrent: boolean;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'w-full rounded-md border border-transparent px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
        selected && 'border-primary bg-accent',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="font-medium">Version {revision.version}</span>
        {isCurrent && <Badge variant="green">Current</Badge>}
      </span>
      <span className="block text-muted-foreground">
        <time dateTime={revision.createdAt}>{dateTime(revision.createdAt)}</time>
      </span>
      <span className="block text-muted-foreground">
        {reasonLabel(revision.reason)} by {authorLabel(revision)}
      </span>
    </button>
  );
}

function RevisionDiff({
  kind,
  itemId,
  translation,
  fields,
  itemName,
  summary,
  isCurrent,
  current,
  onRestored,
}: {
  kind: RevisionKind;
  itemId?: number;
  translation?: RevisionTranslation;
  fields?: readonly RevisionField[];
  itemName?: string;
  summary: RevisionSummary;
  isCurrent: boolean;
  current: Record<string, unknown>;
  onRestored?: HistoryProps['onRestored'];
}) {
  const revision = useRevision(summary.id);
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="min-w-0 space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={heading} className="font-semibold">
            Version {summary.version} compared with the current text
          </h3>
          <p className="text-sm text-muted-foreground">
            {reasonLabel(summary.reason)} by {authorLabel(summary)} on{' '}
            <time dateTime={summary.createdAt}>{dateTime(summary.createdAt)}</time>
          </p>
        </div>
        {revision.isSuccess && (
          <RestoreButton
            kind={kind}
            itemId={itemId}
            translation={translation}
            itemName={itemName}
            summary={summary}
            isCurrent={isCurrent}
            onRestored={onRestored}
          />
        )}
      </div>
      <QueryState
        query={revision}
        loading="Loading this version..."
        error="Failed to load this version"
        errorStyle="inline"
      >
        {(data) => <Changes revision={data} current={current} fields={fields} />}
      </QueryState>
    </section>
  );
}

function RestoreButton({
  kind,
  itemId,
  translation,
  itemName,
  summary,
  isCurrent,
  onRestored,
}: {
  kind: RevisionKind;
  itemId?: number;
  translation?: RevisionTranslation;
  itemName?: string;
  summary: RevisionSummary;
  isCurrent: boolean;
  onRestored?: HistoryProps['onRestored'];
}) {
  const restore = useRestoreRevision({ kind, itemId, translation });
  const [confirming, setConfirming] = useState(false);
  if (isCurrent) {
    return (
      <Button type="button" variant="outline" disabled>
        This is the current version
      </Button>
    );
  }
  return (
    <>
      <Button type="button" onClick={() => setConfirming(true)} disabled={restore.isPending}>
        Restore this version
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !restore.isPending && setConfirming(open)}
        title={`Restore version ${summary.version}?`}
        description={`Its text replaces the current text of ${itemName ?? ITEM_NAMES[kind]} and is saved as a new version; the current text stays in the history. Unsaved changes in the editor are lost.`}
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        onConfirm={() =>
          restore.mutate(summary.id, {
            onSuccess: (item) => {
              setConfirming(false);
              onRestored?.(item);
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </>
  );
}

function Changes({
  revision,
  current,
  fields,
}: {
  revision: Revision;
  current: Record<string, unknown>;
  fields?: readonly RevisionField[];
}) {
  const compared = compareRevision(revision.kind, revision.data, current, fields);
  const changed = compared.filter((f) => f.changed);
  const unchanged = compared.filter((f) => !f.changed && (f.before || f.after));
  if (changed.length === 0) {
    return (
      <p className="rounded-lg border p-4 text-sm">
        The text of this version is the same as the current text
        {(revision.kind === 'post' || revision.kind === 'translation') &&
        revision.data.isPublished !== current.isPublished
          ? ' (only its published state differed, which a restore keeps as it is now).'
          : '.'}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <Legend />
      {changed.map((field) => (
        <FieldChanges key={field.key} field={field} />
      ))}
      {unchanged.length > 0 && (
        <p className="text-sm text-muted-foreground">Unchanged: {unchanged.map((f) => f.label).join(', ')}.</p>
      )}
    </div>
  );
}

// Not by colour alone: a removal is struck through, an addition underlined, and each is named for screen readers.
const REMOVED =
  'rounded-sm bg-red-100 px-0.5 text-red-900 line-through decoration-2 dark:bg-red-500/20 dark:text-red-100';
const ADDED =
  'rounded-sm bg-green-100 px-0.5 text-green-900 underline decoration-2 underline-offset-2 dark:bg-green-500/20 dark:text-green-100';

function Legend() {
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-1 rounded-lg bg-muted/50 px-3 py-2 text-sm" aria-label="Legend">
      <span>
        <del className={REMOVED}>Struck through</del>: only in this version
      </span>
      <span>
        <ins className={ADDED}>Underlined</ins>: added since, in the current text
      </span>
    </div>
  );
}

function Part({ part }: { part: DiffPart }) {
  if (part.change === 'same') return <span>{part.text}</span>;
  // The spaces around a changed word are not part of the change: left unmarked, so no stray underline.
  const [, lead, words, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text)!;
  const Mark = part.change === 'removed' ? 'del' : 'ins';
  return (
    <>
      {lead}
      <Mark className={part.change === 'removed' ? REMOVED : ADDED}>
        <span className="sr-only">{part.change === 'removed' ? 'Removed: ' : 'Added: '}</span>
        {words}
      </Mark>
      {trail}
    </>
  );
}

function FieldChanges({ field }: { field: FieldDiff }) {
  return (
    <div className="rounded-lg border">
      <h4 className="border-b px-3 py-2 text-sm font-semibold">{field.label}</h4>
      {field.parts ? (
        <p className="px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap">
          {field.parts.map((part, i) => (
            <Part key={i} part={part} />
          ))}
        </p>
      ) : (
        // Too different to compare word by word in time: both texts whole.
        <div className="grid gap-2 px-3 py-2 text-sm sm:grid-cols-2">
          <div>
            <p className="font-medium">This version</p>
            <p className="break-words whitespace-pre-wrap">
              <Part part={{ change: 'removed', text: field.before }} />
            </p>
          </div>
          <div>
            <p className="font-medium">Current text</p>
            <p className="break-words whitespace-pre-wrap">
              <Part part={{ change: 'added', text: field.after }} />
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
