import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { badInput, unauthenticated } from '../../errors.ts';
import type { ClientInfo, RequestContext } from '../../graphql/context.ts';
import { parseInput, password, requiredText } from '../../validation.ts';
import type { AuditAggregator } from '../audit/audit-aggregator.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { rolesOf, type UserRecord } from '../users/user-record.ts';
import type { AuthRepository, LoginCandidate } from './auth.repository.ts';
import {
  type LoginThrottle,
  ThrottledError,
  type ThrottleReservation,
  throttledLoginError,
  throttledPasswordError,
} from './login-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  ACCESS_TOKEN_SECONDS,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_SECONDS,
  type TokenService,
} from './tokens.ts';

/** The authenticated user of a request. */
export interface Viewer extends UserRecord {
  sessionId: string;
  roles: { id: number; name: string }[];
}

declare module 'mercurius' {
  // Declaration merging: mercurius' context gains the request's fields (graphql/context.ts), with
  // this module's Viewer as the authenticated user.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends RequestContext<Viewer> {}
}

/** Where a request came from: built by the GraphQL context (graphql/context.ts). */
export type { ClientInfo };

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  refreshExpiresAt: Date;
  user: { id: number; name: string; roles: { id: number; name: string }[] };
}

const loginSchema = z.object({
  username: requiredText('username', 100),
  password: z
    .string({ error: 'El campo "password" es obligatorio' })
    .min(1, 'El campo "password" es obligatorio')
    .max(256, 'El campo "password" admite como máximo 256 caracteres'),
});

const updatePasswordSchema = z
  .object({
    old_password: z
      .string({ error: 'El campo "old_password" es obligatorio' })
      .min(1, 'El campo "old_password" es obligatorio'),
    password: password('password'),
    password_confirmation: z.string({ error: 'El campo "password_confirmation" es obligatorio' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'La confirmación no coincide con la nueva contraseña',
    path: ['password_confirmation'],
  });

/**
 * How long a checked session is taken as alive without asking the database again. Every mutation
 * through this server forgets them all at once (a logout, a revoked session, a role or a user
 * changed); another server's change is seen within this time.
 */
export const SESION_VIGENTE_MS = 1_000;
/** Tokens remembered at most (a burst of distinct tokens only clears the memory). */
const SESIONES_VIGENTES_MAX = 10_000;

const INVALID_CREDENTIALS = 'Usuario o contraseña incorrectos';
const INVALID_REFRESH = 'La sesión ha expirado. Inicie sesión de nuevo.';

export class AuthService {
  /** Viewers of the tokens checked in the last second (authenticate). */
  readonly #vigentes = new Map<string, { viewer: Viewer; hasta: number }>();
  /** Moves on each olvidarSesiones: a check that began before it does not store what it read. */
  #generacion = 0;

  constructor(
    private readonly repo: AuthRepository,
    private readonly audit: AuditRepository,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    /** Throttled attempts: one audit row per IP and username per window, with a count. */
    private readonly throttledAudit: AuditAggregator,
  ) {}

  async login(input: unknown, client: ClientInfo): Promise<IssuedTokens> {
    const { username, password: given } = parseInput(loginSchema, input);
    // Reserved before any await: parallel guesses cannot all pass a count read before the check.
    let reservation: ThrottleReservation;
    try {
      reservation = this.throttle.reserveLogin(client.ip, username);
    } catch (error) {
      if (!(error instanceof ThrottledError)) throw error;
      await this.throttledAudit.note(`${client.ip}|${username.trim().toLowerCase()}`, {
        action: 'login_throttled',
        ip: client.ip,
        details: { username, motivo: error.reason },
      });
      throw throttledLoginError(error);
    }
    let checked = false;
    let active: LoginCandidate | undefined;
    let candidate: LoginCandidate | undefined;
    let ok: boolean;
    try {
      candidate = await this.repo.findLoginCandidate(username);
      active = candidate && candidate.deletedAt === null ? candidate : undefined;
      // Always one argon2 verification, so an unknown or deleted user answers like a wrong password.
      ok = await verifyPassword(active?.passwordHash, given);
      checked = true;
    } finally {
      if (!checked) reservation.cancel();
    }
    if (!active || !ok) {
      // The reserved point stays: it is this failure.
      await this.audit.record({
        action: 'login_failed',
        actorId: active?.id ?? null,
        ip: client.ip,
        details: { username, reason: active ? 'password' : candidate ? 'deleted' : 'unknown' },
      });
      throw unauthenticated(INVALID_CREDENTIALS);
    }
    reservation.succeeded();
    const tokens = await this.startSession(active, client);
    await this.audit.record({ action: 'login', actorId: active.id, ip: client.ip });
    return tokens;
  }

  /** Exchanges a refresh token for new tokens; a spent token replayed revokes its whole family. */
  async refresh(refreshToken: string | undefined, client: ClientInfo): Promise<IssuedTokens> {
    if (!refreshToken || refreshToken.length > 200) throw unauthenticated(INVALID_REFRESH);
    const row = await this.repo.findRefreshToken(hashRefreshToken(refreshToken));
    if (!row || row.sessionRevokedAt || row.sessionExpiresAt <= new Date()) {
      throw unauthenticated(INVALID_REFRESH);
    }
    const next = newRefreshToken();
    const rotated = row.usedAt ? false : await this.repo.rotateRefreshToken(row.id, row.sessionId, next.hash);
    if (!rotated) {
      await this.repo.revokeSession(row.sessionId, 'refresh_reuse');
      await this.audit.record({
        action: 'refresh_reuse',
        actorId: row.userId,
        ip: client.ip,
        targetType: 'session',
        targetId: row.sessionId,
      });
      throw unauthenticated(INVALID_REFRESH);
    }
    const user = await this.repo.findSessionUser(row.userId, row.sessionId);
    if (!user) throw unauthenticated(INVALID_REFRESH);
    return this.issue(user, row.sessionId, next.token, row.sessionExpiresAt);
  }

  /** Resolves the bearer token of a request into a live viewer, or null. */
  async authenticate(accessToken: string): Promise<Viewer | null> {
    const ahora = Date.now();
    const visto = this.#vigentes.get(accessToken);
    if (visto && visto.hasta > ahora) return visto.viewer;
    const generacion = this.#generacion;
    const claims = await this.tokens.verifyAccess(accessToken);
    if (!claims) return null;
    const user = await this.repo.findSessionUser(claims.userId, claims.sessionId);
    if (!user) return null;
    const viewer: Viewer = Object.freeze({ ...user, sessionId: claims.sessionId, roles: rolesOf(user) });
    if (generacion === this.#generacion) {
      if (this.#vigentes.size >= SESIONES_VIGENTES_MAX) this.#vigentes.clear();
      this.#vigentes.set(accessToken, {
        viewer,
        hasta: Math.min(ahora + SESION_VIGENTE_MS, claims.expiresAt),
      });
    }
    return viewer;
  }

  /** Forgets every checked session: called after each mutation, whatever it changed. */
  olvidarSesiones(): void {
    this.#generacion++;
    this.#vigentes.clear();
  }

  async logout(viewer: Viewer | null, refreshToken: string | undefined, client: ClientInfo): Promise<void> {
    if (viewer) await this.repo.revokeSession(viewer.sessionId, 'logout');
    if (refreshToken && refreshToken.length <= 200) {
      const row = await this.repo.findRefreshToken(hashRefreshToken(refreshToken));
      if (row && (!viewer || row.userId === viewer.id))
        await this.repo.revokeSession(row.sessionId, 'logout');
    }
    if (viewer) await this.audit.record({ action: 'logout', actorId: viewer.id, ip: client.ip });
  }

  /** Changes the viewer's password and ends every other session of theirs. */
  async updatePassword(viewer: Viewer, input: unknown, client: ClientInfo): Promise<void> {
    const data = parseInput(updatePasswordSchema, input);
    // Same rule as login: a stolen session must not be able to guess the password at full speed.
    let reservation: ThrottleReservation;
    try {
      reservation = this.throttle.reservePasswordCheck(client.ip, viewer.id);
    } catch (error) {
      if (error instanceof ThrottledError) throw throttledPasswordError(error);
      throw error;
    }
    let right: boolean | undefined;
    try {
      right = await verifyPassword(await this.repo.findPasswordHash(viewer.id), data.old_password);
    } finally {
      if (right === undefined) reservation.cancel();
    }
    if (!right) throw badInput('La contraseña actual no es correcta', 'old_password');
    reservation.succeeded();
    await this.repo.updatePasswordHash(viewer.id, await hashPassword(data.password));
    await this.repo.revokeUserSessions(viewer.id, 'password_changed', viewer.sessionId);
    await this.audit.record({ action: 'password_changed', actorId: viewer.id, ip: client.ip });
  }

  private async startSession(user: UserRecord, client: ClientInfo): Promise<IssuedTokens> {
    const sessionId = randomUUID();
    const refresh = newRefreshToken();
    const expiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000);
    await this.repo.createSession({
      id: sessionId,
      userId: user.id,
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent,
      tokenHash: refresh.hash,
    });
    return this.issue(user, sessionId, refresh.token, expiresAt);
  }

  private async issue(
    user: UserRecord,
    sessionId: string,
    refreshToken: string,
    refreshExpiresAt: Date,
  ): Promise<IssuedTokens> {
    return {
      access_token: await this.tokens.signAccess({ userId: user.id, sessionId }),
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'Bearer',
      refreshExpiresAt,
      user: { id: user.id, name: user.name, roles: rolesOf(user) },
    };
  }
}
