// Passkeys (issue 23): the credentials a user signs in with, and the WebAuthn challenges of the two
// ceremonies, kept in auth_tokens by their SHA-256 so that any instance can check and spend them once.
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Passkey } from '../../../shared/schemas/passkeys';
import type { Db } from '../../db/client';
import { authTokens, passkeys } from '../../db/schema';
import type { AuthenticatorTransport, CredentialDeviceType } from '@simplewebauthn/server';

export type ChallengePurpose = 'passkey-register' | 'passkey-login';
/** How long a browser has to answer a challenge (the options' timeout is 5 minutes). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('base64url');

type Row = typeof passkeys.$inferSelect;
const toPasskey = (r: Row): Passkey => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
});

/** A credential as stored: the COSE public key in base64url. */
export interface StoredCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports?: AuthenticatorTransport[];
}

export interface StoredPasskey {
  id: number;
  userId: number;
  name: string;
  credential: StoredCredential;
}

export interface NewPasskey {
  credential: StoredCredential;
  name: string;
  deviceType: CredentialDeviceType;
  backedUp: boolean;
}

export function passkeysRepo(db: Db, now: () => Date) {
  return {
    async listForUser(userId: number): Promise<Passkey[]> {
      const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
      return rows.map(toPasskey);
    },

    /** The user's credentials, for excludeCredentials (an authenticator already holding one is not asked again). */
    async credentialsForUser(userId: number): Promise<{ id: string; transports: AuthenticatorTransport[] }[]> {
      const rows = await db
        .select({ id: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
      return rows.map((r) => ({ id: r.id, transports: r.transports as AuthenticatorTransport[] }));
    },

    async findByCredentialId(credentialId: string): Promise<StoredPasskey | null> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      if (!row) return null;
      return {
        id: row.id,
        userId: row.userId,
        name: row.name,
        credential: {
          id: row.credentialId,
          publicKey: row.publicKey,
          counter: row.counter,
          transports: row.transports as AuthenticatorTransport[],
        },
      };
    },

    /** Adds a passkey; null when that credential is already registered (to anyone). */
    async add(userId: number, input: NewPasskey): Promise<Passkey | null> {
      const [row] = await db
        .insert(passkeys)
        .values({
          userId,
          credentialId: input.credential.id,
          publicKey: input.credential.publicKey,
          counter: input.credential.counter,
          transports: input.credential.transports ?? [],
          name: input.name,
          deviceType: input.deviceType,
          backedUp: input.backedUp,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      return row ? toPasskey(row) : null;
    },

    /** Renames one of the user's passkeys; the old name, or null when the user has no such passkey. */
    async rename(userId: number, id: number, name: string): Promise<{ before: string; passkey: Passkey } | null> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ name: passkeys.name })
          .from(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
          .for('update');
        if (!old) return null;
        const [row] = await tx
          .update(passkeys)
          .set({ name })
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
          .returning();
        return { before: old.name, passkey: toPasskey(row!) };
      });
    },

    /** Removes one of the user's passkeys; its name, or null when the user has no such passkey. */
    async remove(userId: number, id: number): Promise<string | null> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ name: passkeys.name });
      return row?.name ?? null;
    },

    /**
     * A successful sign-in: the new counter and the time. Written only if the counter is still the one
     * that was checked, so two instances verifying the same signature at once cannot both succeed.
     */
    async markUsed(id: number, checkedCounter: number, newCounter: number): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: now() })
        .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },

    /** Keeps a ceremony's challenge (hashed) until it is answered or expires; spent ones are swept here. */
    async saveChallenge(purpose: ChallengePurpose, challenge: string, userId: number | null): Promise<void> {
      const at = now();
      await db.delete(authTokens).where(and(eq(authTokens.purpose, purpose), lt(authTokens.expiresAt, at)));
      await db.insert(authTokens).values({
        tokenHash: hashChallenge(challenge),
        purpose,
        userId,
        createdAt: at,
        expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
      });
    },

    /**
     * Spends a challenge: true once, for the purpose (and user) it was made for, before it expires.
     * The update is the check, so two answers to one challenge cannot both pass, on any instance.
     */
    async takeChallenge(purpose: ChallengePurpose, challenge: string, userId: number | null): Promise<boolean> {
      const at = now();
      const rows = await db
        .update(authTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(authTokens.tokenHash, hashChallenge(challenge)),
            eq(authTokens.purpose, purpose),
            userId === null ? isNull(authTokens.userId) : eq(authTokens.userId, userId),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, at),
          ),
        )
        .returning({ tokenHash: authTokens.tokenHash });
      return rows.length === 1;
    },
  };
}
export type PasskeysRepo = ReturnType<typeof passkeysRepo>;
