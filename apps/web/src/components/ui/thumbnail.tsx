import { mediaSrcSet } from '@souq/contracts/media';

/**
 * A small square picture of an uploaded image, drawn at `size` CSS pixels from the smallest of
 * its stored widths that is sharp enough (`mediaSrcSet`). Decorative: what it shows is named
 * beside it.
 */
export function Thumbnail({
  src,
  size,
  className,
  lazy = false,
}: {
  src: string;
  size: number;
  className: string;
  lazy?: boolean;
}) {
  return (
    <img
      src={src}
      srcSet={mediaSrcSet(src)}
      sizes={`${size}px`}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      className={className}
    />
  );
}
