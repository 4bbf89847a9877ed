import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { dataSourceOptions, ENTITIES } from '../../database/data-source.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { RedisModule } from '../redis/redis.module.js';

/** What every domain module stands on: the validated config, the database, Redis and the queues. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    const configProvider = { provide: APP_CONFIG, useValue: config };
    return {
      module: CoreModule,
      imports: [
        TypeOrmModule.forRoot(dataSourceOptions(config)),
        TypeOrmModule.forFeature(ENTITIES),
        RedisModule,
        JobsModule.forRoot(config),
      ],
      providers: [configProvider],
      exports: [configProvider, TypeOrmModule],
    };
  }
}
