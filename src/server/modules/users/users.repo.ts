import { asc, eq, sql } from 'drizzle-orm';
import type { User } from '../../../shared/schemas/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

const publicColumns = { id: users.id, username: users.username, isAdmin: users.isAdmin, email: users.email };

export function usersRepo(db: Db) {
  return {
    async list(): Promise<User[]> {
      return db.select(publicColumns).from(users).orderBy(asc(users.id));
    },
    async get(id: number): Promise<User | undefined> {
      const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
      return row;
    },
    /** The user with the password hash, for sign-in only. Usernames match case-insensitively. */
    async findForLogin(username: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`);
      return row;
    },
    async getPasswordHash(id: number): Promise<string | undefined> {
      const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, id));
      return row?.password;
    },
    async usernameTaken(username: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`);
      return Boolean(row);
    },
    /** The account a password-reset request names: its username, or its email (both ignoring case). */
    async findByUsernameOrEmail(login: string): Promise<User | undefined> {
      const [row] = await db
        .select(publicColumns)
        .from(users)
        .where(sql`lower(${users.username}) = lower(${login}) or lower(${users.email}) = lower(${login})`)
        .orderBy(asc(users.id))
        .limit(1);
      return row;
    },
    /** Whether another account than `exceptId` has this email, ignoring case. */
    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${exceptId ?? -1}`);
      return Boolean(row);
    },
    async setEmail(id: number, email: string | null): Promise<User | undefined> {
      const [row] = await db.update(users).set({ email }).where(eq(users.id, id)).returning(publicColumns);
      return row;
    },
    async create(data: {
      username: string;
      passwordHash: string;
      isAdmin: boolean;
      email?: string | null;
    }): Promise<User> {
      const [row] = await db
        .insert(users)
        .values({
          username: data.username,
          password: data.passwordHash,
          isAdmin: data.isAdmin,
          email: data.email ?? null,
        })
        .returning(publicColumns);
      return row!;
    },
    async setPassword(id: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ password: passwordHash }).where(eq(users.id, id));
    },
    /**
     * Deletes a user unless that would leave no administrator, as one transaction that first locks
     * every administrator row: two administrators deleting each other at once are decided one after
     * the other, and the second sees that only one is left. The acting administrator must still be
     * one at that moment (another request may just have deleted them).
     */
    async removeKeepingAnAdmin(
      id: number,
      actingAdminId: number,
    ): Promise<'removed' | 'not-found' | 'last-admin' | 'not-admin'> {
      return db.transaction(async (tx) => {
        const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
        const adminIds = new Set(admins.map((a) => a.id));
        if (!adminIds.has(actingAdminId)) return 'not-admin';
        if (adminIds.has(id) && adminIds.size <= 1) return 'last-admin';
        const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        return rows.length > 0 ? 'removed' : 'not-found';
      });
    },

    /**
     * Changes a user's role unless that would leave no administrator: locked like the delete above,
     * so two administrators demoting each other at once cannot both succeed.
     */
    async setRoleKeepingAnAdmin(
      id: number,
      isAdmin: boolean,
      actingAdminId: number,
    ): Promise<{ outcome: 'updated'; user: User } | { outcome: 'not-found' | 'last-admin' | 'not-admin' }> {
      return db.transaction(async (tx) => {
        const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
        const adminIds = new Set(admins.map((a) => a.id));
        if (!adminIds.has(actingAdminId)) return { outcome: 'not-admin' as const };
        if (!isAdmin && adminIds.has(id) && adminIds.size <= 1) return { outcome: 'last-admin' as const };
        const [row] = await tx.update(users).set({ isAdmin }).where(eq(users.id, id)).returning(publicColumns);
        return row ? { outcome: 'updated' as const, user: row } : { outcome: 'not-found' as const };
      });
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
