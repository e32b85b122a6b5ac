import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'planta';
const AUDIENCE = 'planta-web';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** A verified access token's claims and when it expires (ms since the epoch). */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: number;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(this.key);
  }

  /** Returns the claims of a valid token, or null for anything else (bad signature, alg, iss, aud, expired). */
  async verifyAccess(token: string): Promise<VerifiedAccess | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isInteger(userId) || typeof sessionId !== 'string') return null;
      return { userId, sessionId, expiresAt: (payload.exp ?? 0) * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** Opaque refresh token (256 random bits) and the hash we store instead of it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** JWT_SECRET when set; otherwise one generated at first start and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
