import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './images.ts';

describe('imageSrcSet', () => {
  it('lists every stored width of an uploaded image', () => {
    expect(imageSrcSet('/uploads/3f2a9c-800.webp')).toBe(
      '/uploads/3f2a9c-400.webp 400w, /uploads/3f2a9c-800.webp 800w',
    );
  });

  it('keeps a hash that itself contains dashes', () => {
    expect(imageSrcSet('/uploads/ab-cd-800.webp')).toBe(
      '/uploads/ab-cd-400.webp 400w, /uploads/ab-cd-800.webp 800w',
    );
  });

  it.each([
    ['/uploads/3f2a9c-400.webp', 'not the largest width'],
    ['/uploads/3f2a9c.png', 'not a re-encoded upload'],
    ['/images/hero-800.webp', 'outside /uploads'],
    ['https://example.com/uploads/x-800.webp', 'an absolute URL'],
    ['', 'no image'],
  ])('gives nothing for %j (%s)', (url) => {
    expect(imageSrcSet(url)).toBeUndefined();
  });
});
