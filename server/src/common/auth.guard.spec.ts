import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Plan } from '@atendo/shared';
import type { PlansService } from '../modules/plans/plans.service.js';
import type { SessionsService } from '../modules/sessions/sessions.service.js';
import type { TokensService } from '../modules/sessions/tokens.service.js';
import type { AuthUser } from './auth-user.js';
import { AuthGuard } from './auth.guard.js';
import { Public, RequirePermission, RequirePlan } from './decorators.js';
import { DomainError } from './domain-error.js';

class Routes {
  @Public() open() {}
  plain() {}
  @RequirePermission('users:manage') manageUsers() {}
  @RequirePlan('useKanban') kanban() {}
}

const agent: AuthUser = { userId: 7, companyId: 3, profile: 'user', super: false, sessionId: 's1' };

function guardFor(auth: AuthUser, plan: Partial<Plan> | null) {
  const tokens = {
    verifyAccess: async () => ({
      sub: String(auth.userId),
      sid: auth.sessionId,
      companyId: auth.companyId,
      profile: auth.profile,
      super: auth.super,
    }),
  };
  const sessions = { resolve: async () => auth };
  const plans = { ofCompany: async () => plan };
  return new AuthGuard(
    new Reflector(),
    tokens as unknown as TokensService,
    sessions as unknown as SessionsService,
    plans as unknown as PlansService,
  );
}

function context(handler: keyof Routes, headers: Record<string, string> = { authorization: 'Bearer t' }) {
  const request: { headers: Record<string, string>; auth?: AuthUser } = { headers };
  const ctx = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { ctx, request };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (e: DomainError) => e.code,
  );

describe('AuthGuard', () => {
  it('lets public routes through without a token', async () => {
    await expect(guardFor(agent, null).canActivate(context('open', {}).ctx)).resolves.toBe(true);
  });

  it('needs a token everywhere else and sets the caller on the request', async () => {
    expect(await codeOf(guardFor(agent, null).canActivate(context('plain', {}).ctx))).toBe('ERR_INVALID_TOKEN');
    const { ctx, request } = context('plain');
    await expect(guardFor(agent, null).canActivate(ctx)).resolves.toBe(true);
    expect(request.auth).toEqual(agent);
  });

  it("applies the route's permission", async () => {
    expect(await codeOf(guardFor(agent, null).canActivate(context('manageUsers').ctx))).toBe('ERR_NO_PERMISSION');
    expect(await codeOf(guardFor({ ...agent, profile: 'admin' }, null).canActivate(context('manageUsers').ctx))).toBe(
      'ok',
    );
  });

  it("applies the route's plan feature, answering ERR_NO_PERMISSION when the plan lacks it", async () => {
    expect(await codeOf(guardFor(agent, { useKanban: false }).canActivate(context('kanban').ctx))).toBe(
      'ERR_NO_PERMISSION',
    );
    expect(await codeOf(guardFor(agent, null).canActivate(context('kanban').ctx))).toBe('ERR_NO_PERMISSION');
    expect(await codeOf(guardFor(agent, { useKanban: true }).canActivate(context('kanban').ctx))).toBe('ok');
  });

  it('lets socket messages through: their sockets were authenticated when they connected', async () => {
    const { ctx } = context('manageUsers', {});
    const socketContext = { ...ctx, getType: () => 'ws' } as unknown as ExecutionContext;
    await expect(guardFor(agent, null).canActivate(socketContext)).resolves.toBe(true);
  });

  it('refuses a token whose session has ended, with the reason the session ended for', async () => {
    const guard = guardFor(agent, null);
    const ended = (code: 'ERR_SESSION_EXPIRED' | 'ERR_PASSWORD_CHANGED') => ({
      resolve: async () => null,
      endedError: async () => new DomainError(code),
    });
    (guard as unknown as { sessions: unknown }).sessions = ended('ERR_SESSION_EXPIRED');
    expect(await codeOf(guard.canActivate(context('plain').ctx))).toBe('ERR_SESSION_EXPIRED');
    (guard as unknown as { sessions: unknown }).sessions = ended('ERR_PASSWORD_CHANGED');
    expect(await codeOf(guard.canActivate(context('plain').ctx))).toBe('ERR_PASSWORD_CHANGED');
  });
});
