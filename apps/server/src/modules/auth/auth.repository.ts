import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens, sessions, users } from '../../db/schema/index.ts';
import { loginCandidateQuery, type UserRecord, userRecordQuery } from '../users/user-record.ts';

export interface LoginCandidate extends UserRecord {
  passwordHash: string;
}

export interface RefreshTokenRow {
  id: number;
  sessionId: string;
  usedAt: Date | null;
  userId: number;
  sessionExpiresAt: Date;
  sessionRevokedAt: Date | null;
}

/** Told after sessions are revoked (to close their websockets). */
export type RevocationListener = (
  scope: { sessionId: string } | { userId: number; keepSessionId?: string },
) => void;

export class AuthRepository {
  private revocationListener: RevocationListener | undefined;

  constructor(private readonly db: Db) {}

  onRevoked(listener: RevocationListener): void {
    this.revocationListener = listener;
  }

  /** Which of these sessions are alive: not revoked, not expired, their user not deleted. */
  async liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, sessionIds),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          isNull(users.deletedAt),
        ),
      );
    return new Set(rows.map((row) => row.id));
  }

  async findLoginCandidate(username: string): Promise<LoginCandidate | undefined> {
    const [row] = await loginCandidateQuery(this.db).where(
      sql`lower(${users.username}) = lower(${username})`,
    );
    return row;
  }

  /** Prepared once (it runs on every authenticated request): no SQL building, planned once per connection. */
  private sessionUserQuery: ReturnType<typeof prepareSessionUserQuery> | undefined;

  /** The user behind a session, only while both are alive: one indexed query per request. */
  async findSessionUser(userId: number, sessionId: string): Promise<UserRecord | undefined> {
    this.sessionUserQuery ??= prepareSessionUserQuery(this.db);
    const [row] = await this.sessionUserQuery.execute({ userId, sessionId });
    return row;
  }

  async findPasswordHash(userId: number): Promise<string | undefined> {
    const [row] = await this.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row?.hash;
  }

  async updatePasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }

  async createSession(input: {
    id: string;
    userId: number;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
    tokenHash: string;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        id: input.id,
        userId: input.userId,
        expiresAt: input.expiresAt,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
      });
      await tx.insert(refreshTokens).values({ sessionId: input.id, tokenHash: input.tokenHash });
    });
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        userId: sessions.userId,
        sessionExpiresAt: sessions.expiresAt,
        sessionRevokedAt: sessions.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /**
   * Spends a refresh token and stores its successor in one transaction. Returns false when the
   * token was already spent (two concurrent uses: only one wins).
   */
  async rotateRefreshToken(tokenId: number, sessionId: string, nextHash: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const spent = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (spent.length === 0) return false;
      await tx.insert(refreshTokens).values({ sessionId, tokenHash: nextHash });
      return true;
    });
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    this.revocationListener?.({ sessionId });
  }

  /** Revokes every live session of a user, optionally keeping one (the caller's own). */
  async revokeUserSessions(userId: number, reason: string, keepSessionId?: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      );
    this.revocationListener?.({ userId, keepSessionId });
  }
}

function prepareSessionUserQuery(db: Db) {
  return userRecordQuery(db)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(users.deletedAt),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('planta_session_user');
}
