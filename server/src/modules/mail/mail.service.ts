import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DomainError } from '../../common/domain-error.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Give up on an unreachable or silent mail server well before the client's request times out. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * Sends mail over SMTP when one is configured. Without one (a fresh install, the demo, the browser
 * suite), each message is written as a complete .eml file to DATA_DIR/outbox, which any mail
 * client opens, so nothing is lost and nothing pretends to have been delivered.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly toOutbox: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { smtp } = config.mail;
    this.toOutbox = smtp === null;
    const timeouts = {
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    };
    this.transport =
      smtp === null
        ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
        : typeof smtp === 'string'
          ? nodemailer.createTransport({ url: smtp, ...timeouts })
          : nodemailer.createTransport({ ...smtp, ...timeouts });
  }

  /** Where messages go without SMTP; null when an SMTP server takes them. */
  get outboxDir(): string | null {
    return this.toOutbox ? this.config.mail.outboxDir : null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      const info = (await this.transport.sendMail({ from: this.config.mail.from, ...mail })) as { message?: Buffer };
      if (this.toOutbox && info.message) await this.writeToOutbox(info.message);
    } catch (error) {
      this.logger.error(`Mail to ${mail.to} not sent: ${(error as Error).message}`);
      throw new DomainError('ERR_EMAIL_NOT_SENT');
    }
  }

  private async writeToOutbox(message: Buffer): Promise<void> {
    const dir = this.config.mail.outboxDir;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Sortable by time, unique without coordination between nodes.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    await writeFile(join(dir, name), message, { mode: 0o600 });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
