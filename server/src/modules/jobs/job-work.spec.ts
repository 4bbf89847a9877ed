import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { JobWork } from './job-work.js';

describe('JobWork', () => {
  it('logs a failed run instead of throwing, and runs nothing once stopping', async () => {
    const logger = new Logger('test');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const work = new JobWork(logger);
    await expect(work.run('boom', () => Promise.reject(new Error('x')))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('boom failed: Error: x');
    await work.stop();
    const ran = jest.fn(() => Promise.resolve());
    await work.run('late', ran);
    expect(ran).not.toHaveBeenCalled();
  });

  it('cuts waits short and waits for running work when it stops', async () => {
    const work = new JobWork(new Logger('test'));
    let finished = false;
    const running = work.run('slice', async () => {
      await work.sleep(60_000);
      finished = true;
    });
    const started = Date.now();
    await work.stop();
    await running;
    expect(finished).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
