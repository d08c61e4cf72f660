// SQL for users, sessions and password resets.
import crypto from 'node:crypto';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { AGE_GROUPS, GENDERS, type Role, type SpeakerProfile, type User } from '../../../core/api/auth.ts';
import type { Db } from '../../db/driver.ts';
import { passwordResets, sessions, users } from '../../db/schema.ts';
import { defineDatabaseRepository } from '../../lib/repositories.ts';
import { hashToken } from './tokens.ts';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    ...speakerProfileOf(row),
  };
}

/** The speaker fields of a user row; a value outside today's lists reads as not given. */
export function speakerProfileOf(row: Pick<UserRow, 'ageGroup' | 'gender' | 'dialect'>): SpeakerProfile {
  const ageGroup = AGE_GROUPS.find((value) => value === row.ageGroup) ?? null;
  const gender = GENDERS.find((value) => value === row.gender) ?? null;
  return { ageGroup, gender, dialect: row.dialect ?? null };
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * Creates a user; the first account of a fresh installation becomes admin.
   * Runs in a transaction holding a lock on the users table so two first sign-ups cannot both become admin.
   * Returns undefined when the email is taken.
   */
  async create(input: { email: string; name: string; passwordHash: string }): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in share row exclusive mode`);
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.email})`);
      if (taken) return undefined;
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(users);
      const [row] = await tx
        .insert(users)
        .values({ id: crypto.randomUUID(), ...input, role: total === 0 ? 'admin' : 'contributor' })
        .returning();
      return row;
    });
  }

  async list(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.createdAt));
  }

  async countAdmins(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(users).where(eq(users.role, 'admin'));
    return row?.total ?? 0;
  }

  async setRole(id: string, role: Role): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Sets the given profile fields (name, speaker profile); undefined leaves a field as it is. */
  async updateProfile(
    id: string,
    changes: { name?: string | undefined } & { [K in keyof SpeakerProfile]?: SpeakerProfile[K] | undefined },
  ): Promise<UserRow | undefined> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const [row] = await this.db
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  async createSession(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ tokenHash, userId, expiresAt });
  }

  async findSessionUser(tokenHash: string, now = new Date()): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), isNull(sessions.revokedAt)));
    return row?.user;
  }

  /** The user a bearer token signs in, with the token's hash (what the sessions table keeps); null if none. */
  async sessionOf(token: string): Promise<{ user: User; tokenHash: string } | null> {
    const tokenHash = hashToken(token);
    const row = await this.findSessionUser(tokenHash);
    return row ? { user: toUser(row), tokenHash } : null;
  }

  async revokeSession(tokenHash: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Revokes every session of a user except, optionally, the one in use. */
  async revokeAllSessions(userId: string, keepTokenHash?: string): Promise<void> {
    const keep = keepTokenHash ? sql` and ${sessions.tokenHash} <> ${keepTokenHash}` : sql``;
    await this.db.execute(
      sql`update ${sessions} set revoked_at = now() where ${sessions.userId} = ${userId} and ${sessions.revokedAt} is null${keep}`,
    );
  }

  async createPasswordReset(
    userId: string,
    tokenHash: string,
    expiresAt: Date,
    createdBy?: string,
  ): Promise<void> {
    await this.db
      .insert(passwordResets)
      .values({ tokenHash, userId, expiresAt, createdBy: createdBy ?? null });
  }

  /** Marks a valid, unused reset link as used and returns its user id; undefined when invalid or expired. */
  async consumePasswordReset(tokenHash: string, now = new Date()): Promise<string | undefined> {
    const [row] = await this.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    return row?.userId;
  }
}

declare module '../../lib/repositories.ts' {
  interface Repositories {
    users: UsersRepository;
  }
}

export const usersRepository = defineDatabaseRepository('users', (db) => new UsersRepository(db));
