import { jest } from '@jest/globals';
import { AppLogger } from './app-logger.js';

describe('AppLogger', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each(['text', 'json'] as const)('writes an error line without a stack (%s)', (format) => {
    const written: string[] = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const logger = new AppLogger(format, ['error']);
    expect(() => logger.error('Shutdown did not finish', undefined, 'Shutdown')).not.toThrow();
    expect(() => logger.error('Only a message')).not.toThrow();
    expect(written.join('')).toContain('Shutdown did not finish');
  });

  it('masks a token inside a stack', () => {
    const written: string[] = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    new AppLogger('text', ['error']).error('failed', 'Error: at call (authorization: Bearer abc.def.ghi)', 'Test');
    expect(written.join('')).not.toContain('abc.def.ghi');
  });
});
