import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@atendo/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError } from '../../common/domain-error.js';

const ALGORITHM = 'HS256';
const ISSUER = 'atendo';

@Injectable()
export class TokensService {
  private readonly accessKey: Uint8Array;

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

  /** Expired answers 403 (the client refreshes); anything else wrong answers 401. */
  async verifyAccess(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.accessKey, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sid !== 'string' || typeof payload.companyId !== 'number') {
        throw new DomainError('ERR_INVALID_TOKEN');
      }
      return payload as unknown as AccessTokenClaims;
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
