import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@atendo/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError } from '../../common/domain-error.js';

const ALGORITHM = 'HS256';
const ISSUER = 'atendo';

@Injectable()
export class TokensService {
  private readonly accessKey: Uint8Array;
  private readonly verified = new LRUCache<string, { claims: AccessTokenClaims; exp: number }>({ max: 10_000 });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.accessKey = new TextEncoder().encode(config.jwtSecret);
  }

  signAccess(claims: AccessTokenClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.accessKey);
  }

  /**
   * Expired answers 403 (the client refreshes); anything else wrong answers 401. A token whose
   * signature was checked is remembered (the same bytes verify the same way), so an agent's requests
   * pay the HMAC once per token instead of on every call — WebCrypto's asynchronous HMAC was 3% of
   * the server's CPU on the ticket list. Its expiry is still checked on every use; revocation is the
   * session's business (AuthGuard).
   */
  async verifyAccess(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 <= Date.now()) throw new DomainError('ERR_TOKEN_EXPIRED');
      return known.claims;
    }
    const verified = await this.verifySignature(token);
    this.verified.set(token, verified);
    return verified.claims;
  }

  private async verifySignature(token: string): Promise<{ claims: AccessTokenClaims; exp: number }> {
    try {
      const { payload } = await jwtVerify(token, this.accessKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sid !== 'string' || typeof payload.companyId !== 'number') {
        throw new DomainError('ERR_INVALID_TOKEN');
      }
      return { claims: payload as unknown as AccessTokenClaims, exp: payload.exp as number };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new DomainError('ERR_TOKEN_EXPIRED');
      throw new DomainError('ERR_INVALID_TOKEN');
    }
  }

  newRefreshToken(): string {
    return randomBytes(32).toString('base64url');
  }

  /** Refresh tokens are stored as an HMAC keyed by the refresh secret, never as themselves. */
  hashRefresh(token: string): string {
    return createHmac('sha256', this.config.jwtRefreshSecret).update(token).digest('hex');
  }
}
