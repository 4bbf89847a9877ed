import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  INVITATION_TTL_DAYS,
  LANGUAGES,
  PASSWORD_RESET_MAX_ATTEMPTS,
  type Language,
  PASSWORD_RESET_TTL_MINUTES,
  type ResetPasswordParams,
} from '@atendo/shared';
import { LessThan, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError } from '../../common/domain-error.js';
import { MailService } from '../mail/mail.service.js';
import { hashPassword } from '../sessions/passwords.js';
import { PASSWORD_RESET, SessionsService } from '../sessions/sessions.service.js';
import { UserEntity } from '../users/entities/user.entity.js';
import { PasswordResetEntity } from './entities/password-reset.entity.js';
import { invitationMail } from './invitation-mail.js';
import { displayResetCode, hashResetCode, newResetCode, sameHash } from './reset-code.js';
import { resetMail } from './reset-mail.js';

@Injectable()
export class PasswordResetService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(PasswordResetEntity) private readonly resets: Repository<PasswordResetEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly sessions: SessionsService,
  ) {}

  /** Mails a new code to the address, replacing any code sent before. Unknown addresses answer 404. */
  async request(email: string): Promise<{ expiresInMinutes: number }> {
    const user = await this.users.findOne({
      where: { email },
      select: { id: true, name: true, email: true, language: true },
    });
    if (!user) throw new DomainError('ERR_USER_DONT_EXISTS');
    const code = newResetCode();
    await this.resets.upsert(
      {
        userId: user.id,
        codeHash: hashResetCode(this.config.jwtRefreshSecret, user.id, code),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
        attempts: 0,
        createdAt: new Date(),
      },
      ['userId'],
    );
    const link = `${this.config.publicUrl}/forgetpsw?email=${encodeURIComponent(user.email)}`;
    await this.mail.send(
      resetMail({
        to: user.email,
        name: user.name,
        code: displayResetCode(code),
        link,
        language: user.language && LANGUAGES.includes(user.language) ? user.language : 'en',
      }),
    );
    return { expiresInMinutes: PASSWORD_RESET_TTL_MINUTES };
  }

  /**
   * Invites a user who has no password yet (a company's first admin created without one): a code
   * that lasts INVITATION_TTL_DAYS, mailed with a link to the set-password page holding it. It is a
   * reset code in every other way (one pending per user, spent once, POST /resetpasswords sets the
   * password), so the page and every client's reset form take it, and a code asked for later at
   * "forgot password" replaces it. The code travels in the link's fragment, which browsers never
   * send to a server, so no access log or proxy in between records it.
   */
  async invite(user: { id: number; name: string; email: string }, company: string, language: Language): Promise<void> {
    const code = newResetCode();
    await this.resets.upsert(
      {
        userId: user.id,
        codeHash: hashResetCode(this.config.jwtRefreshSecret, user.id, code),
        expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
        attempts: 0,
        createdAt: new Date(),
      },
      ['userId'],
    );
    const shown = displayResetCode(code);
    const link = `${this.config.publicUrl}/forgetpsw?email=${encodeURIComponent(user.email)}&invite=1#code=${shown}`;
    await this.mail.send(
      invitationMail({
        to: user.email,
        name: user.name,
        company: company.replace(/\s+/g, ' '),
        code: shown,
        link,
        language,
      }),
    );
  }

  /** Sets the new password when the code is right, then ends every session of the account. */
  async reset({ email, token, newPassword }: ResetPasswordParams): Promise<void> {
    const user = await this.users.findOne({ where: { email }, select: { id: true } });
    if (!user) throw new DomainError('ERR_USER_DONT_EXISTS');
    const pending = await this.resets.findOneBy({ userId: user.id });
    if (!pending || pending.expiresAt.getTime() <= Date.now()) throw new DomainError('ERR_RESET_CODE_EXPIRED');
    if (pending.attempts >= PASSWORD_RESET_MAX_ATTEMPTS) throw new DomainError('ERR_RESET_CODE_LOCKED');

    const open = { id: pending.id, attempts: LessThan(PASSWORD_RESET_MAX_ATTEMPTS) };
    if (!sameHash(pending.codeHash, hashResetCode(this.config.jwtRefreshSecret, user.id, token))) {
      // Counted in the database, so guesses sent in parallel cannot spend more than the budget.
      await this.resets.increment(open, 'attempts', 1);
      const after = await this.resets.findOne({ where: { id: pending.id }, select: { id: true, attempts: true } });
      throw new DomainError(
        !after || after.attempts >= PASSWORD_RESET_MAX_ATTEMPTS ? 'ERR_RESET_CODE_LOCKED' : 'ERR_INVALID_RESET_CODE',
      );
    }
    // Spent before the password changes: of two uses of one code at the same moment, one wins.
    const spent = await this.resets.delete(open);
    if (!spent.affected) throw new DomainError('ERR_RESET_CODE_EXPIRED');
    await this.users.update({ id: user.id }, { passwordHash: await hashPassword(newPassword) });
    await this.sessions.revokeAllOfUser(user.id, PASSWORD_RESET);
  }
}
