// Deletion requests (issue 14): stored with a short reference and a due date, their first event
// (the visitor's) and the visitor's confirmation email in one transaction; every status change
// appends an event (who, from, to, when, note), never edits one. Issue 21: the visitor confirms
// their address by an emailed link before the request counts (its due date runs from then, the
// confirmation is on the trail), and is emailed when it is done or rejected, with the staff's note.
import { createHash, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import {
  DELETION_CONFIRM_DAYS,
  OPEN_STATUSES,
  type DeletionConfirmation,
  type DeletionEvent,
  type DeletionFilter,
  type DeletionRequest,
  type DeletionRequestDetail,
  type DeletionStatus,
} from '../../../shared/schemas/app-pages';
import type { Db } from '../../db/client';
import { apps, deletionRequestEvents, deletionRequests } from '../../db/schema';
import { iso } from '../../lib/rows';
import type { NotificationsRepo } from '../notifications/notifications.repo';

/** No 0/O, 1/I/L or U/V: a reference read aloud or copied by hand is not misread. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
const REFERENCE_LENGTH = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

export function newReference(): string {
  let out = 'DEL-';
  for (let i = 0; i < REFERENCE_LENGTH; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/** What the visitor's submission records as its actor. */
export const VISITOR = 'Visitor';
/** The trail's note when the visitor confirms their address. */
export const CONFIRMED_NOTE = 'Email address confirmed by the emailed link';

/** Only a hash of a confirmation link's secret is stored. */
export const hashDeletionToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Row = typeof deletionRequests.$inferSelect;
type EventRow = typeof deletionRequestEvents.$inferSelect;

/** A unique constraint refused the insert (PostgreSQL's 23505, bare or wrapped by the driver). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

const toRequest = (row: Row, app: { title: string; slug: string }, now: Date): DeletionRequest => ({
  id: row.id,
  reference: row.reference,
  appId: row.appId,
  appTitle: app.title,
  appSlug: app.slug,
  email: row.email,
  accountId: row.accountId,
  note: row.note,
  status: row.status as DeletionStatus,
  dueAt: iso(row.dueAt),
  overdue: row.confirmedAt !== null && isOpen(row.status) && row.dueAt.getTime() < now.getTime(),
  confirmation:
    row.confirmedAt !== null
      ? 'confirmed'
      : row.confirmExpiresAt && row.confirmExpiresAt.getTime() <= now.getTime()
        ? 'expired'
        : 'awaiting',
  confirmedAt: row.confirmedAt ? iso(row.confirmedAt) : null,
  locale: row.locale,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const toEvent = (row: EventRow): DeletionEvent => ({
  id: row.id,
  actorName: row.actorName,
  fromStatus: row.fromStatus as DeletionStatus | null,
  toStatus: row.toStatus as DeletionStatus,
  note: row.note,
  createdAt: iso(row.createdAt),
});

/** A request as its link's page shows it, before it is put in the visitor's language (the route's). */
export type StoredConfirmation = Omit<DeletionConfirmation, 'locale'> & { appId: number; locale: string | null };

export interface NewDeletionRequest {
  appId: number;
  email: string;
  accountId: string;
  note: string;
  /** Days until it is due (the app's deletion_days). */
  days: number;
  /**
   * 'mail': it waits for the visitor's confirmation, whose email is queued with it; 'held': it waits
   * too, but no email goes (a mail limit was reached); 'none': the site sends no mail, so it counts
   * from now (there is nothing to confirm by).
   */
  confirm: 'mail' | 'held' | 'none';
  /** The language the visitor asked in (one of the site's); null: the default (issue 24). */
  locale: string | null;
}

/** `notifications`: where confirmations and outcomes are queued (in the same transaction). */
export function deletionRequestsRepo(db: Db, now: () => Date, notifications: NotificationsRepo) {
  const where = ({ appId, status }: { appId?: number; status?: DeletionFilter }, at: Date): SQL | undefined => {
    const conditions: SQL[] = [];
    if (appId) conditions.push(eq(deletionRequests.appId, appId));
    // Open and overdue count what staff must act on: confirmed requests (issue 21).
    const confirmed = isNotNull(deletionRequests.confirmedAt);
    if (status === 'open') conditions.push(inArray(deletionRequests.status, [...OPEN_STATUSES]), confirmed);
    else if (status === 'overdue') {
      conditions.push(inArray(deletionRequests.status, [...OPEN_STATUSES]), confirmed, lt(deletionRequests.dueAt, at));
    } else if (status === 'unconfirmed') conditions.push(isNull(deletionRequests.confirmedAt));
    else if (status) conditions.push(eq(deletionRequests.status, status));
    return conditions.length ? and(...conditions) : undefined;
  };

  const withApp = () =>
    db
      .select({ request: deletionRequests, title: apps.title, slug: apps.slug })
      .from(deletionRequests)
      .innerJoin(apps, eq(apps.id, deletionRequests.appId));

  return {
    /** Stores the request, its first event and (when asked) its confirmation job, all or nothing. */
    async create(input: NewDeletionRequest): Promise<{ reference: string; dueAt: string }> {
      const at = now();
      const dueAt = new Date(at.getTime() + input.days * DAY_MS);
      // A reference already taken (one chance in hundreds of millions) is drawn again.
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(deletionRequests)
              .values({
                reference: newReference(),
                appId: input.appId,
                email: input.email,
                accountId: input.accountId,
                note: input.note,
                locale: input.locale,
                status: 'new',
                dueAt,
                confirmedAt: input.confirm === 'none' ? at : null,
                // Until the link is sent (which restarts it), and for good when none is (held).
                confirmExpiresAt:
                  input.confirm === 'none' ? null : new Date(at.getTime() + DELETION_CONFIRM_DAYS * DAY_MS),
                createdAt: at,
                updatedAt: at,
              })
              .returning();
            await tx.insert(deletionRequestEvents).values({
              requestId: row!.id,
              actorId: null,
              actorName: VISITOR,
              fromStatus: null,
              toStatus: 'new',
              note: '',
              createdAt: at,
            });
            if (input.confirm === 'mail') {
              await notifications.enqueueDeletionConfirmation(tx as unknown as Db, row!.id, at);
            }
            return { reference: row!.reference, dueAt: iso(row!.dueAt) };
          });
        } catch (error) {
          if (attempt < 3 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },

    /** One page, the most urgent first: open ones by due date, then the rest newest first. */
    async page(query: { appId?: number; status?: DeletionFilter; limit: number; offset: number }) {
      const at = now();
      const filter = where(query, at);
      const [rows, [total]] = await Promise.all([
        withApp()
          .where(filter)
          .orderBy(
            // Open requests (new, in_progress) before closed ones…
            asc(inArray(deletionRequests.status, ['done', 'rejected'])),
            // …the earliest due first; closed ones by when they were asked, newest first.
            asc(deletionRequests.dueAt),
            desc(deletionRequests.id),
          )
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(deletionRequests).where(filter),
      ]);
      return {
        items: rows.map((r) => toRequest(r.request, r, at)),
        total: Number(total?.n ?? 0),
      };
    },

    async get(id: number): Promise<DeletionRequestDetail | undefined> {
      const [row] = await withApp().where(eq(deletionRequests.id, id));
      if (!row) return undefined;
      const events = await db
        .select()
        .from(deletionRequestEvents)
        .where(eq(deletionRequestEvents.requestId, id))
        .orderBy(asc(deletionRequestEvents.id));
      return { ...toRequest(row.request, row, now()), events: events.map(toEvent) };
    },

    /**
     * What a confirmation link confirms: an unconfirmed request whose link has not expired (a used
     * link is cleared, so it finds nothing). Nothing changes.
     */
    async findByToken(token: string): Promise<StoredConfirmation | undefined> {
      const [row] = await withApp().where(
        and(
          eq(deletionRequests.confirmTokenHash, hashDeletionToken(token)),
          isNull(deletionRequests.confirmedAt),
          gt(deletionRequests.confirmExpiresAt, now()),
        ),
      );
      if (!row) return undefined;
      return {
        appId: row.request.appId,
        reference: row.request.reference,
        appTitle: row.title,
        appSlug: row.slug,
        days: Math.round((row.request.dueAt.getTime() - row.request.createdAt.getTime()) / DAY_MS),
        dueAt: null,
        locale: row.request.locale,
      };
    },

    /**
     * Confirms the request the link names, once: the due date now runs from this moment (the same
     * number of days it was given), the link is spent, and the trail records it. Undefined when the
     * link is unknown, used or expired.
     */
    async confirm(token: string): Promise<StoredConfirmation | undefined> {
      const hash = hashDeletionToken(token);
      return db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .select()
          .from(deletionRequests)
          .where(eq(deletionRequests.confirmTokenHash, hash))
          .for('update');
        if (!row || row.confirmedAt || !row.confirmExpiresAt || row.confirmExpiresAt.getTime() <= at.getTime()) {
          return undefined;
        }
        const span = row.dueAt.getTime() - row.createdAt.getTime();
        const dueAt = new Date(at.getTime() + span);
        await tx
          .update(deletionRequests)
          .set({ confirmedAt: at, dueAt, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: at })
          .where(eq(deletionRequests.id, row.id));
        await tx.insert(deletionRequestEvents).values({
          requestId: row.id,
          actorId: null,
          actorName: VISITOR,
          fromStatus: row.status,
          toStatus: row.status,
          note: CONFIRMED_NOTE,
          createdAt: at,
        });
        const [app] = await tx.select({ title: apps.title, slug: apps.slug }).from(apps).where(eq(apps.id, row.appId));
        return {
          appId: row.appId,
          reference: row.reference,
          appTitle: app!.title,
          appSlug: app!.slug,
          days: Math.round(span / DAY_MS),
          dueAt: iso(dueAt),
          locale: row.locale,
        };
      });
    },

    /**
     * Moves the request to `status` and records who did it. Moving to the status it has already is
     * recorded too when a note comes with it (a note on the trail); otherwise nothing changes.
     * Returns false when there is no such request. With `mail`, a move to done or rejected queues the
     * visitor's email of it (with the note), to a confirmed address only (issue 21).
     */
    async setStatus(
      id: number,
      change: { status: DeletionStatus; note: string },
      actor: { id: number; name: string },
      mail = false,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(deletionRequests).where(eq(deletionRequests.id, id)).for('update');
        if (!row) return false;
        if (row.status === change.status && !change.note) return true;
        const at = now();
        await tx
          .update(deletionRequests)
          .set({ status: change.status, updatedAt: at })
          .where(eq(deletionRequests.id, id));
        const [event] = await tx
          .insert(deletionRequestEvents)
          .values({
            requestId: id,
            actorId: actor.id,
            actorName: actor.name,
            fromStatus: row.status,
            toStatus: change.status,
            note: change.note,
            createdAt: at,
          })
          .returning({ id: deletionRequestEvents.id });
        const closes = (change.status === 'done' || change.status === 'rejected') && row.status !== change.status;
        if (mail && closes && row.confirmedAt) {
          await notifications.enqueueDeletionOutcome(tx as unknown as Db, id, event!.id, at);
        }
        return true;
      });
    },
  };
}
export type DeletionRequestsRepo = ReturnType<typeof deletionRequestsRepo>;
