import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { SecretBox } from '../../common/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { dataSourceOptions, ENTITIES } from '../../database/data-source.js';
import { runMigrationsOnce } from '../../database/migrate.js';
import { oneConnectionPerTransaction } from '../../database/one-connection.js';
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
    const secretBox = { provide: SecretBox, useValue: new SecretBox(config.secretsKey, config.secretsKeysPrevious) };
    return {
      module: CoreModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config),
          dataSourceFactory: async (options?: DataSourceOptions) => {
            const db = new DataSource(options!);
            oneConnectionPerTransaction(db, transactionViolation(config));
            await db.initialize();
            await runMigrationsOnce(db);
            return db;
          },
        }),
        TypeOrmModule.forFeature(ENTITIES),
        RedisModule,
        JobsModule.forRoot(config),
      ],
      providers: [configProvider, secretBox],
      exports: [configProvider, secretBox, TypeOrmModule],
    };
  }
}

/**
 * Outside production a second connection asked for inside a transaction fails the statement, so a
 * test meets it; in production it is logged once per place in the code, and the statement runs.
 */
function transactionViolation(config: AppConfig): (error: Error) => void {
  if (config.env !== 'production') {
    return (error) => {
      throw error;
    };
  }
  const logger = new Logger('Database');
  const seen = new Set<string>();
  return (error) => {
    const where = error.stack?.split('\n').slice(2, 6).join('\n') ?? '';
    if (seen.has(where)) return;
    seen.add(where);
    logger.error(error.stack);
  };
}
