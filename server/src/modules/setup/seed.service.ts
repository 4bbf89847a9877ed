import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { withDatabaseLock } from '../../database/migrate.js';
import { hashPassword } from '../sessions/passwords.js';
import { CompanyEntity } from '../companies/entities/company.entity.js';
import { PlanEntity } from '../plans/entities/plan.entity.js';
import { SettingsService } from '../settings/settings.service.js';
import { UserEntity } from '../users/entities/user.entity.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * First start on an empty database: the platform company, a default plan, the platform's
 * settings and the super-admin. Later starts only say how to sign in.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Setup');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Nodes of a new installation starting together: one creates the platform, the others find it.
    await withDatabaseLock(this.db, 'first start', () => this.seed());
  }

  private async seed(): Promise<void> {
    const platform = await this.db.getRepository(CompanyEntity).findOneBy({ isPlatform: true });
    if (platform) {
      const admin = await this.db
        .getRepository(UserEntity)
        .findOne({ where: { companyId: platform.id, super: true }, order: { id: 'ASC' } });
      if (admin) this.logger.log(`Sign in at ${this.config.publicUrl} as ${admin.email}`);
      return;
    }
    const email = this.config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const password = this.config.adminPassword ?? randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (em) => {
      const plan = await em.save(
        em.create(PlanEntity, { name: 'Default', users: 10, connections: 3, queues: 10, value: 0 }),
      );
      const company = await em.save(
        em.create(CompanyEntity, {
          name: 'Platform',
          email,
          planId: plan.id,
          status: true,
          dueDate: null,
          recurrence: 'MENSAL',
          isPlatform: true,
          schedules: [],
        }),
      );
      await this.settings.createDefaults(em, company.id);
      await em.insert(UserEntity, {
        companyId: company.id,
        name: 'Admin',
        email,
        passwordHash,
        profile: 'admin',
        super: true,
        allTicket: 'enabled',
      });
    });
    const shown = this.config.adminPassword ? '(the ADMIN_PASSWORD you configured)' : password;
    // Printed once: the generated password is stored only as its hash.
    this.logger.log(
      [
        'First start: platform created.',
        `  Sign in at ${this.config.publicUrl}`,
        `  e-mail:   ${email}`,
        `  password: ${shown}`,
        this.config.adminPassword ? '' : '  Keep this password: it is shown only now.',
      ]
        .filter(Boolean)
        .join('\n'),
    );
  }
}
