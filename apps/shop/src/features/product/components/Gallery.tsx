import type { ProductImage } from '@seamline/shared';
import { Button } from '@seamline/ui';
import { useState } from 'react';
import { srcSet } from '../../../lib/srcset';

/** The main picture's slot: the page's left half next to the details on wide screens, the full width on phones. */
const MAIN_SIZES = '(min-width: 1280px) 620px, (min-width: 1024px) 50vw, 100vw';

/** The picture of a color, by its alt text ("Puffer Jacket in Black"), if the product has one. */
const pictureOf = (images: ProductImage[], color: string) =>
  images.findIndex((image) => ` ${image.alt.toLowerCase()} `.includes(` ${color.toLowerCase()} `));

/**
 * The product's pictures: the chosen one large (the page's largest paint: loaded at once, high priority), the others
 * as thumbnail buttons below it. Choosing a color shows its picture when there is one.
 */
export function Gallery({ images, name, color }: { images: ProductImage[]; name: string; color: string }) {
  const [picked, setPicked] = useState<{ index: number; color: string }>({ index: 0, color });
  const colorPicture = pictureOf(images, color);
  // A new color choice wins over a thumbnail picked before it.
  const index = picked.color !== color && colorPicture >= 0 ? colorPicture : picked.index;
  const setIndex = (i: number) => setPicked({ index: i, color });
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return <div className="aspect-square rounded-lg bg-stone-100" />;
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-lg bg-stone-100">
        <img
          src={current.webp}
          srcSet={srcSet(current)}
          sizes={MAIN_SIZES}
          alt={current.alt || name}
          width={1200}
          height={1200}
          fetchPriority="high"
          className="h-full w-full object-cover"
        />
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 grid grid-cols-5 gap-2" aria-label="Pictures">
          {images.map((image, i) => (
            <li key={image.thumbnail}>
              <Button
                type="button"
                variant="ghost"
                onClick={() => setIndex(i)}
                aria-current={i === index}
                aria-label={`Show picture ${i + 1} of ${images.length}${image.alt ? `: ${image.alt}` : ''}`}
                className={`block aspect-square h-auto w-full overflow-hidden rounded-md border-2 p-0 ${i === index ? 'border-ink' : 'border-transparent'}`}
              >
                <img
                  src={image.thumbnail}
                  alt=""
                  loading="lazy"
                  width={300}
                  height={300}
                  className="h-full w-full object-cover"
                />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
