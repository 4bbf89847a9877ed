import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { checkoutSchema, type CheckoutInput } from '@atendo/shared';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, Public, RequirePermission } from '../../common/decorators.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { WEBHOOK_TOKEN_HEADER } from './payments/asaas-webhook.js';
import { SubscriptionService } from './subscription.service.js';

@Controller('subscription')
export class SubscriptionController {
  constructor(private readonly subscription: SubscriptionService) {}

  @Get()
  state(@CurrentUser() auth: AuthUser) {
    return this.subscription.state(auth);
  }

  @Post()
  @RequirePermission('invoices:manage')
  checkout(@CurrentUser() auth: AuthUser, @Body(new YupPipe(checkoutSchema)) body: CheckoutInput) {
    return this.subscription.checkout(auth, body);
  }

  /** The payment provider's notifications; authenticated by its token header, not by a session. */
  @Public()
  @Post('webhook')
  @HttpCode(200)
  webhook(@Headers(WEBHOOK_TOKEN_HEADER) token: string | undefined, @Body() body: unknown) {
    return this.subscription.webhook(token, body);
  }
}
