import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { Thumbnail } from './thumbnail';

describe('a thumbnail', () => {
  it('offers every stored copy of an upload and asks for it at its drawn size', () => {
    const { container } = render(
      <Thumbnail src="/media/abcdefgh1234/960.webp" size={48} lazy className="size-12" />,
    );
    const image = container.querySelector('img')!;
    expect(image.getAttribute('srcset')).toBe(
      '/media/abcdefgh1234/320.webp 320w, /media/abcdefgh1234/640.webp 640w, /media/abcdefgh1234/960.webp 960w',
    );
    expect(image.getAttribute('sizes')).toBe('48px');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['48', '48']);
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it("draws the shop's own pictures as they are, loaded at once unless asked", () => {
    const { container } = render(
      <Thumbnail src="/images/categories/phones.svg" size={64} className="size-16" />,
    );
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/images/categories/phones.svg');
    expect(image.hasAttribute('srcset')).toBe(false);
    expect(image.hasAttribute('loading')).toBe(false);
  });
});
