import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { can, hasFeature, type Permission, type PlanFeature } from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import { SessionsService } from '../modules/sessions/sessions.service.js';
import { TokensService } from '../modules/sessions/tokens.service.js';
import { PlansService } from '../modules/plans/plans.service.js';
import type { AuthUser } from './auth-user.js';
import { IS_PUBLIC, REQUIRED_FEATURE, REQUIRED_PERMISSION } from './decorators.js';
import { DomainError } from './domain-error.js';

/**
 * The global guard: every route needs a valid access token of a live session unless marked
 * @Public(). It then applies the route's permission and plan-feature requirements.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly sessions: SessionsService,
    private readonly plans: PlansService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket messages come from sockets the gateway authenticated when they connected.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { auth?: AuthUser }>();
    request.auth = await this.authenticate(request.headers.authorization);

    const permission = this.reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, targets);
    if (permission && !can(request.auth, permission)) throw new DomainError('ERR_NO_PERMISSION');

    const feature = this.reflector.getAllAndOverride<PlanFeature | undefined>(REQUIRED_FEATURE, targets);
    if (feature && !hasFeature(await this.plans.ofCompany(request.auth.companyId), feature)) {
      throw new DomainError('ERR_NO_PERMISSION');
    }
    return true;
  }

  async authenticate(header: string | undefined): Promise<AuthUser> {
    const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
    if (!token) throw new DomainError('ERR_INVALID_TOKEN');
    const claims = await this.tokens.verifyAccess(token);
    const auth = await this.sessions.resolve(claims.sid);
    if (!auth) throw await this.sessions.endedError(claims.sid);
    if (String(auth.userId) !== claims.sub) throw new DomainError('ERR_SESSION_EXPIRED');
    return auth;
  }
}
