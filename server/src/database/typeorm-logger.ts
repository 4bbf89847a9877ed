import { Logger } from '@nestjs/common';
import { AbstractLogger, type LogLevel, type LogMessage } from 'typeorm';

/**
 * TypeORM's lines (failed queries; every query at LOG_LEVEL=debug) through the server's logger, so
 * they share its format (one JSON object a line with LOG_FORMAT=json), its request ids and its
 * masking of secrets, instead of TypeORM's own console output.
 */
export class TypeOrmLogger extends AbstractLogger {
  private readonly logger = new Logger('Database');

  protected writeLog(level: LogLevel, messages: LogMessage | LogMessage[]): void {
    for (const { type, message } of this.prepareLogMessages(messages)) {
      const text = typeof message === 'string' ? message : String(message);
      if (level === 'error' || type === 'query-error') this.logger.error(text);
      else if (level === 'warn' || type === 'query-slow') this.logger.warn(text);
      else this.logger.debug(text);
    }
  }
}
