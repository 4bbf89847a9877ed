import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecretBox } from '../../common/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { dataSourceOptions, ENTITIES } from '../../database/data-source.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { RedisModule } from '../redis/redis.module.js';

/**
 * What every domain module stands on: the validated config, the database, Redis, the queues and
 * the box of the companies' secrets.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    const configProvider = { provide: APP_CONFIG, useValue: config };
    const secretBox = { provide: SecretBox, useValue: new SecretBox(config.secretsKey) };
    return {
      module: CoreModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(config)),
        TypeOrmModule.forFeature(ENTITIES),
        RedisModule,
        JobsModule.forRoot(config),
      ],
      providers: [configProvider, secretBox],
      exports: [configProvider, secretBox, TypeOrmModule],
    };
  }
}
