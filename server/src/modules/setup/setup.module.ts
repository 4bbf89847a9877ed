import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { SeedService } from './seed.service.js';

/** First-start provisioning of the platform company and its super-admin. */
@Module({ imports: [SettingsModule], providers: [SeedService] })
export class SetupModule {}
