/**
 * A cart line's picture (the mini cart's and the cart page's): the thumbnail, or the export's
 * source file where the thumbnail does not load; a grey square where the line has no image.
 */
import type { LineView } from './rules.ts';

export function LineImage({ line, size, emptyClass }: { line: Pick<LineView, 'image' | 'imageFallback'>; size: number; emptyClass: string }) {
  if (!line.image) return <span className={emptyClass} aria-hidden="true" />;
  const fallback = line.imageFallback;
  return (
    <img
      src={line.image}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={
        fallback
          ? (event) => {
              const img = event.currentTarget;
              if (img.getAttribute('src') !== fallback) img.src = fallback;
            }
          : undefined
      }
    />
  );
}
