import { ValidationError } from 'yup';
import { helpEmbedUrl, helpSchema, helpVideoCode } from '../index.js';

describe('help video codes', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', 'dQw4w9WgXcQ'],
  ])('reads %s as %s', (input, code) => {
    expect(helpVideoCode(input)).toBe(code);
  });

  it('leaves what is not a YouTube video as it came', () => {
    expect(helpVideoCode('https://vimeo.com/123456789')).toBe('https://vimeo.com/123456789');
    expect(helpVideoCode('https://www.youtube.com/watch?v=short')).toBe('https://www.youtube.com/watch?v=short');
    expect(helpVideoCode('not a video')).toBe('not a video');
  });

  it('plays the code in the privacy-enhanced player', () => {
    expect(helpEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  });

  it('stores a pasted link as its code and refuses anything else', async () => {
    await expect(helpSchema.validate({ title: 'Intro', video: 'https://youtu.be/dQw4w9WgXcQ' })).resolves.toMatchObject(
      { title: 'Intro', video: 'dQw4w9WgXcQ', description: '' },
    );
    const error = await helpSchema
      .validate({ title: ' ', video: 'https://vimeo.com/1' }, { abortEarly: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).inner.map((e) => [e.path, e.message])).toEqual([
      ['title', 'validation.required'],
      ['video', 'validation.videoCode'],
    ]);
  });
});
