// Where media is kept (issue 28): the storage settings row, the moves of every file between the
// database and the object store, and the files' records as a move walks and switches them.
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { MediaMove, StorageName } from '../../../shared/schemas/media-storage';
import type { Db } from '../../db/client';
import { mediaFiles, mediaMoves, mediaStorage } from '../../db/schema';
import { iso } from '../../lib/rows';
import { rowsOf } from '../../db/rows';

export type StorageRow = typeof mediaStorage.$inferSelect;
export type StorageRowInput = Omit<StorageRow, 'id' | 'updatedAt' | 'backend'>;

/** What a move needs of a file: where its bytes are and what they must be. */
export interface FileRecord {
  id: number;
  path: string;
  type: string;
  storage: string;
  size: number;
  sha256: string;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return [e, e?.cause].some((x) => x?.code === '23505');
};

const toMove = (row: typeof mediaMoves.$inferSelect): MediaMove => ({
  id: row.id,
  target: row.target as StorageName,
  status: row.status as MediaMove['status'],
  total: row.total,
  moved: row.moved,
  failed: row.failed,
  lastError: row.lastError,
  startedAt: iso(row.startedAt),
  updatedAt: iso(row.updatedAt),
  finishedAt: iso(row.finishedAt),
});

/** A file's record with its bytes (null when they are in the object store). */
const FILE_COLUMNS = {
  id: mediaFiles.id,
  path: mediaFiles.path,
  type: mediaFiles.type,
  storage: mediaFiles.storage,
  size: mediaFiles.size,
  sha256: mediaFiles.sha256,
  bytes: mediaFiles.bytes,
};

export function mediaStorageRepo(db: Db, now: () => Date) {
  return {
    /** The settings row (the defaults when none was saved). */
    async settings(): Promise<StorageRow> {
      const [row] = await db.select().from(mediaStorage).where(eq(mediaStorage.id, 1));
      return (
        row ?? {
          id: 1,
          backend: 'db',
          endpoint: '',
          region: '',
          bucket: '',
          pathStyle: true,
          accessKeyId: '',
          secretAccessKey: '',
          keyPrefix: '',
          publicBaseUrl: '',
          serveMode: 'redirect',
          updatedAt: now(),
        }
      );
    },

    async saveSettings(input: StorageRowInput): Promise<void> {
      const values = { ...input, updatedAt: now() };
      await db
        .insert(mediaStorage)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: mediaStorage.id, set: values });
    },

    /** Where new uploads go (the admin's choice; a move sets it to its target when it starts). */
    async setBackend(backend: StorageName): Promise<void> {
      await db
        .insert(mediaStorage)
        .values({ id: 1, backend, updatedAt: now() })
        .onConflictDoUpdate({ target: mediaStorage.id, set: { backend, updatedAt: now() } });
    },

    /** How many files each storage holds. */
    async fileCounts(): Promise<{ db: number; s3: number }> {
      const rows = await db
        .select({ storage: mediaFiles.storage, n: count() })
        .from(mediaFiles)
        .groupBy(mediaFiles.storage);
      const of = (s: string) => rows.find((r) => r.storage === s)?.n ?? 0;
      return { db: of('db'), s3: of('s3') };
    },

    /** The file record at this URL path. */
    async file(path: string): Promise<(FileRecord & { bytes: Buffer | null }) | null> {
      const [row] = await db.select(FILE_COLUMNS).from(mediaFiles).where(eq(mediaFiles.path, path));
      return row ?? null;
    },

    /** Which of these paths no file record holds (objects that may be deleted). */
    async unheld(paths: string[]): Promise<string[]> {
      if (paths.length === 0) return [];
      const rows = await db.select({ path: mediaFiles.path }).from(mediaFiles).where(inArray(mediaFiles.path, paths));
      const held = new Set(rows.map((r) => r.path));
      return paths.filter((p) => !held.has(p));
    },

    async latestMove(): Promise<MediaMove | null> {
      const [row] = await db.select().from(mediaMoves).orderBy(desc(mediaMoves.id)).limit(1);
      return row ? toMove(row) : null;
    },

    async runningMove(): Promise<MediaMove | null> {
      const [row] = await db.select().from(mediaMoves).where(eq(mediaMoves.status, 'running')).limit(1);
      return row ? toMove(row) : null;
    },

    async move(id: number): Promise<MediaMove | null> {
      const [row] = await db.select().from(mediaMoves).where(eq(mediaMoves.id, id));
      return row ? toMove(row) : null;
    },

    /**
     * Starts a move of every file not yet in `target` (null: one is already running) and makes
     * `target` where new uploads go, in one transaction.
     */
    async startMove(target: StorageName): Promise<MediaMove | null> {
      try {
        return await db.transaction(async (tx) => {
          const [total] = await tx.select({ n: count() }).from(mediaFiles).where(ne(mediaFiles.storage, target));
          const [row] = await tx
            .insert(mediaMoves)
            .values({ target, total: total?.n ?? 0, startedAt: now(), updatedAt: now() })
            .returning();
          await tx
            .insert(mediaStorage)
            .values({ id: 1, backend: target, updatedAt: now() })
            .onConflictDoUpdate({ target: mediaStorage.id, set: { backend: target, updatedAt: now() } });
          return toMove(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Stops the running move (null: none was running). */
    async cancelMove(): Promise<MediaMove | null> {
      const [row] = await db
        .update(mediaMoves)
        .set({ status: 'cancelled', updatedAt: now(), finishedAt: now() })
        .where(eq(mediaMoves.status, 'running'))
        .returning();
      return row ? toMove(row) : null;
    },

    /** The next file after `afterId` (in id order) that is not yet in `target`. */
    async nextFile(target: StorageName, afterId: number): Promise<(FileRecord & { bytes: Buffer | null }) | null> {
      const [row] = await db
        .select(FILE_COLUMNS)
        .from(mediaFiles)
        .where(and(ne(mediaFiles.storage, target), gt(mediaFiles.id, afterId)))
        .orderBy(asc(mediaFiles.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Switches a copied and verified file to `target` and counts it, in one transaction: to the
     * database with its bytes (read back and checked there before the commit), to the object store
     * with none. False when the record changed meanwhile (deleted, or switched by someone else).
     */
    async switchFile(moveId: number, file: FileRecord, target: StorageName, bytes: Buffer | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [switched] = await tx
          .update(mediaFiles)
          .set({ storage: target, bytes: target === 'db' ? bytes : null })
          .where(
            and(eq(mediaFiles.id, file.id), eq(mediaFiles.storage, file.storage), eq(mediaFiles.sha256, file.sha256)),
          )
          .returning({ id: mediaFiles.id });
        if (!switched) return false;
        if (target === 'db') {
          const check = await tx.execute(
            sql`select octet_length(bytes) as size, encode(sha256(bytes), 'hex') as sha256 from media_files where id = ${file.id}`,
          );
          const [stored] = rowsOf<{ size: number; sha256: string }>(check);
          if (Number(stored?.size) !== file.size || stored?.sha256 !== file.sha256) {
            throw new Error('the bytes read back from the database differ from the original');
          }
        }
        await tx
          .update(mediaMoves)
          .set({ moved: sql`${mediaMoves.moved} + 1`, updatedAt: now() })
          .where(eq(mediaMoves.id, moveId));
        return true;
      });
    },

    async countFailure(moveId: number, error: string): Promise<void> {
      await db
        .update(mediaMoves)
        .set({ failed: sql`${mediaMoves.failed} + 1`, lastError: error.slice(0, 1000), updatedAt: now() })
        .where(eq(mediaMoves.id, moveId));
    },

    /** Ends a running move once it walked every file: done, or failed when some are still elsewhere. */
    async finishMove(moveId: number, target: StorageName): Promise<MediaMove | null> {
      const [left] = await db.select({ n: count() }).from(mediaFiles).where(ne(mediaFiles.storage, target));
      const remaining = left?.n ?? 0;
      const [row] = await db
        .update(mediaMoves)
        .set({
          status: remaining === 0 ? 'done' : 'failed',
          ...(remaining > 0
            ? {
                lastError: sql`coalesce(${mediaMoves.lastError}, '') || ${` (${remaining} file${remaining === 1 ? '' : 's'} not moved)`}`,
              }
            : {}),
          updatedAt: now(),
          finishedAt: now(),
        })
        .where(and(eq(mediaMoves.id, moveId), eq(mediaMoves.status, 'running')))
        .returning();
      return row ? toMove(row) : null;
    },
  };
}
export type MediaStorageRepo = ReturnType<typeof mediaStorageRepo>;
