import { KeyedLock } from './keyed-lock.js';
import { mediaTypeOf, previewOf, ratingOf } from './automatic-messages.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedLock', () => {
  it('runs one task at a time per key, in arrival order, and other keys alongside', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const task = (key: string, name: string) =>
      lock.run(key, async () => {
        log.push(`start ${name}`);
        await tick();
        log.push(`end ${name}`);
      });
    await Promise.all([task('a', 'a1'), task('a', 'a2'), task('b', 'b1')]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    expect(lock.size).toBe(0);
  });

  it('keeps going after a failed task', async () => {
    const lock = new KeyedLock();
    await expect(lock.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run('k', async () => 'next')).resolves.toBe('next');
  });
});

describe('message rules', () => {
  it('reads a rating answer only when it is exactly 1, 2 or 3', () => {
    expect([' 1 ', '2', '3'].map(ratingOf)).toEqual([1, 2, 3]);
    expect(['0', '4', '1.', 'one', '', '12'].map(ratingOf)).toEqual([null, null, null, null, null, null]);
  });

  it('types media by their MIME type and previews empty captions by kind', () => {
    expect(
      ['image/jpeg', 'audio/ogg; codecs=opus', 'video/mp4', 'application/pdf', 'text/vcard'].map(mediaTypeOf),
    ).toEqual(['image', 'audio', 'video', 'application', 'application']);
    expect(previewOf('', 'image')).toBe('image');
    expect(previewOf('  two\nlines ', 'chat')).toBe('two lines');
    expect(previewOf('x'.repeat(300), 'chat')).toHaveLength(255);
  });
});
