import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuthResponse, LoginInput, SessionUser } from '@atendo/shared';
import { IsNull, Repository } from 'typeorm';
import { DomainError } from '../../common/domain-error.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { decoyHash, verifyPassword } from '../sessions/passwords.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { TokensService } from '../sessions/tokens.service.js';

export interface SignedIn extends AuthResponse {
  refreshToken: string | null;
}

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(CompanyEntity) private readonly companies: Repository<CompanyEntity>,
    private readonly sessions: SessionsService,
    private readonly tokens: TokensService,
    private readonly usersService: UsersService,
  ) {}

  async login(input: LoginInput, meta: { userAgent: string; ip: string }): Promise<SignedIn> {
    const user = await this.users.findOne({
      where: { email: input.email },
      select: { id: true, companyId: true, passwordHash: true, language: true },
    });
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
    if (!user || !valid) throw new DomainError('ERR_INVALID_CREDENTIALS');
    await this.assertCompanyMaySignIn(user.companyId);
    // A user who never chose a language gets their e-mails (password reset) in the one their app
    // shows; a choice made in the menu (POST /users/set-language) is never overwritten here.
    if (input.language && !user.language) {
      await this.users.update({ id: user.id, language: IsNull() }, { language: input.language });
    }
    const { sessionId, refreshToken } = await this.sessions.start(user, meta);
    return { ...(await this.issue(user.id, sessionId)), refreshToken };
  }

  async refresh(presented: string | undefined): Promise<SignedIn> {
    if (!presented) throw new DomainError('ERR_SESSION_EXPIRED');
    const rotation = await this.sessions.rotate(presented);
    const user = await this.users.findOne({ where: { id: rotation.userId }, select: { id: true, companyId: true } });
    if (!user) throw new DomainError('ERR_SESSION_EXPIRED');
    await this.assertCompanyMaySignIn(user.companyId);
    return { ...(await this.issue(user.id, rotation.sessionId)), refreshToken: rotation.refreshToken };
  }

  async logout(presented: string | undefined, sessionId: string | null, companyId: number | null): Promise<void> {
    if (presented) await this.sessions.revokeByRefreshToken(presented);
    if (sessionId && companyId) await this.sessions.revoke(sessionId, companyId, 'logout');
  }

  me(userId: number): Promise<SessionUser> {
    return this.usersService.sessionUser(userId);
  }

  /**
   * A disabled company, or one whose subscription is past due, cannot sign in; the platform's own
   * company is exempt so the super-admin can always reach the back office.
   */
  private async assertCompanyMaySignIn(companyId: number): Promise<void> {
    const company = await this.companies.findOneBy({ id: companyId });
    if (!company) throw new DomainError('ERR_INVALID_CREDENTIALS');
    if (company.isPlatform) return;
    if (!company.status) throw new DomainError('ERR_COMPANY_INACTIVE');
    if (company.dueDate && company.dueDate.getTime() < Date.now()) {
      throw new DomainError('ERR_SUBSCRIPTION_EXPIRED', { dueDate: company.dueDate.toISOString() });
    }
  }

  private async issue(userId: number, sessionId: string): Promise<AuthResponse> {
    const user = await this.usersService.sessionUser(userId);
    const token = await this.tokens.signAccess({
      sub: String(user.id),
      sid: sessionId,
      companyId: user.companyId,
      profile: user.profile,
      super: user.super,
    });
    return { token, user };
  }
}
