import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { loginSchema, REFRESH_COOKIE, type AuthResponse, type LoginInput } from '@atendo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { AuthUser } from '../../common/auth-user.js';
import { CurrentUser, Public } from '../../common/decorators.js';
import { YupPipe } from '../../common/validation.pipe.js';
import { AuthService, type SignedIn } from './auth.service.js';
import { REFRESH_TTL_MS } from '../sessions/sessions.service.js';
import { TokensService } from '../sessions/tokens.service.js';
import { wrongCredentials } from '../throttle/attempt-limiter.js';
import { Throttles } from '../throttle/throttles.js';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly tokens: TokensService,
    private readonly throttles: Throttles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body(new YupPipe(loginSchema)) body: LoginInput,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthResponse> {
    const signedIn = await this.throttles.login.run(
      body.email,
      req.ip,
      () => this.auth.login(body, { userAgent: String(req.headers['user-agent'] ?? ''), ip: req.ip }),
      wrongCredentials,
    );
    return this.answer(signedIn, reply);
  }

  @Public()
  @Post('refresh_token')
  @HttpCode(200)
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuthResponse> {
    try {
      return this.answer(await this.auth.refresh(req.cookies[REFRESH_COOKIE]), reply);
    } catch (error) {
      this.clearCookie(reply);
      throw error;
    }
  }

  /** Public so an expired access token can still sign out: the cookie names the session. */
  @Public()
  @Delete('logout')
  @HttpCode(204)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const claims = bearer ? await this.tokens.verifyAccess(bearer).catch(() => null) : null;
    await this.auth.logout(req.cookies[REFRESH_COOKIE], claims?.sid ?? null, claims?.companyId ?? null);
    this.clearCookie(reply);
  }

  @Get('me')
  me(@CurrentUser() auth: AuthUser) {
    return this.auth.me(auth.userId);
  }

  private answer(signedIn: SignedIn, reply: FastifyReply): AuthResponse {
    if (signedIn.refreshToken) {
      void reply.setCookie(REFRESH_COOKIE, signedIn.refreshToken, {
        ...this.cookieOptions(),
        maxAge: REFRESH_TTL_MS / 1000,
      });
    }
    return { token: signedIn.token, user: signedIn.user };
  }

  private clearCookie(reply: FastifyReply): void {
    void reply.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  /** Sent only to the /auth routes, never readable by scripts. */
  private cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.publicUrl.startsWith('https:'),
      path: '/auth',
    };
  }
}
