import type { ProductImage } from '@seamline/shared';

/**
 * The renditions the server makes of every upload (apps/server/src/lib/images.ts): a 300 px square webp thumbnail
 * and a webp at most 1200 px wide. The browser picks by the slot's width and the screen's density.
 */
const THUMBNAIL_WIDTH = 300;
const WEBP_WIDTH = 1200;

export const srcSet = (image: Pick<ProductImage, 'thumbnail' | 'webp'>) =>
  `${image.thumbnail} ${THUMBNAIL_WIDTH}w, ${image.webp} ${WEBP_WIDTH}w`;

/** Slot widths of the product grid: two columns on phones, three on tablets, four next to the filters. */
export const GRID_SIZES = '(min-width: 1280px) 280px, (min-width: 768px) 30vw, 50vw';
