import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Permission, PlanFeature } from '@atendo/shared';
import type { AuthUser } from './auth-user.js';

export const IS_PUBLIC = 'atendo:public';
export const REQUIRED_PERMISSION = 'atendo:permission';
export const REQUIRED_FEATURE = 'atendo:feature';

/** Marks a route that answers without a session. Every other route needs one. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const RequirePermission = (permission: Permission) => SetMetadata(REQUIRED_PERMISSION, permission);

/** The company's plan must have this feature flag on. */
export const RequirePlan = (feature: PlanFeature) => SetMetadata(REQUIRED_FEATURE, feature);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ auth: AuthUser }>().auth;
});
