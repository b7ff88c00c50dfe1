import { loadSharp, storeImage } from '../../lib/images.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import type { StoredImage } from '../schema/index.js';
import { COLOR_HEX, type GarmentShape } from './catalogue-data.js';

/** Garment silhouettes on a 600×600 canvas, drawn locally (no network, no stock photos). */
const SHAPES: Record<GarmentShape, string> = {
  tshirt:
    'M200 130 L260 105 Q300 145 340 105 L400 130 L480 210 L430 260 L400 230 L400 480 L200 480 L200 230 L170 260 L120 210 Z',
  shirt:
    'M205 120 L262 100 L300 150 L338 100 L395 120 L470 250 L425 275 L395 220 L395 485 L205 485 L205 220 L175 275 L130 250 Z M262 100 L300 150 L285 175 L250 115 Z',
  hoodie:
    'M215 140 Q230 80 300 78 Q370 80 385 140 L470 250 L430 455 L395 450 L395 485 L205 485 L205 450 L170 455 L130 250 Z',
  jacket:
    'M205 120 L265 100 L300 135 L335 100 L395 120 L470 250 L440 470 L400 465 L400 490 L200 490 L200 465 L160 470 L130 250 Z',
  pants: 'M215 110 L385 110 L405 490 L320 490 L300 230 L280 490 L195 490 Z',
  shorts: 'M205 170 L395 170 L420 380 L320 390 L300 290 L280 390 L180 380 Z',
  dress: 'M250 100 L350 100 L345 170 L380 230 L450 490 L150 490 L220 230 L255 170 Z',
  skirt: 'M230 170 L370 170 L440 450 L160 450 Z',
  shoe: 'M130 360 L150 250 L240 250 Q270 320 340 320 L450 340 Q490 350 490 390 L490 410 L130 410 Z',
  bag: 'M170 220 L430 220 L455 480 L145 480 Z M235 220 Q235 120 300 120 Q365 120 365 220 L345 220 Q345 140 300 140 Q255 140 255 220 Z',
  cap: 'M160 330 Q165 190 300 180 Q435 190 440 330 Z M430 320 L530 340 Q540 360 520 365 L430 350 Z',
  scarf: 'M200 120 L400 120 L400 200 L330 230 L350 480 L290 480 L270 240 L200 200 Z',
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function garmentSvg(shape: GarmentShape, color: string, caption?: string): string {
  const fill = COLOR_HEX[color] ?? '#9ca3af';
  const stroke = color === 'White' || color === 'Cream' ? '#d1d5db' : 'none';
  const text = caption
    ? `<text x="300" y="555" font-family="DejaVu Sans, sans-serif" font-size="30" text-anchor="middle" fill="#1f2937">${escapeXml(caption)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="#f3f4f6"/>
    <ellipse cx="300" cy="505" rx="190" ry="18" fill="#e5e7eb"/>
    <path d="${SHAPES[shape]}" fill="${fill}" stroke="${stroke}" stroke-width="4" fill-rule="evenodd"/>${text}
  </svg>`;
}

function badgeSvg(initials: string, color: string, caption: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" rx="48" fill="${color}"/>
    <text x="200" y="215" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="120" text-anchor="middle" fill="#ffffff">${escapeXml(initials)}</text>
    <text x="200" y="320" font-family="DejaVu Sans, sans-serif" font-size="28" text-anchor="middle" fill="#ffffff">${escapeXml(caption)}</text>
  </svg>`;
}

/** Renders each distinct picture once (by key) and stores it through the normal image pipeline. */
export class DemoImages {
  private readonly cache = new Map<string, Promise<StoredImage>>();
  constructor(private readonly storage: ObjectStorage) {}

  private render(key: string, folder: string, svg: () => string, alt: string): Promise<StoredImage> {
    let image = this.cache.get(key);
    if (!image) {
      // Rendered at 480 px (density 57.6 of the 600-unit drawing): plenty for demo pictures, quick to encode.
      image = loadSharp()
        .then((sharp) => sharp(Buffer.from(svg()), { density: 57.6 }).png({ compressionLevel: 3 }).toBuffer())
        .then((png) => storeImage(this.storage, folder, png, alt));
      this.cache.set(key, image);
    }
    return image.then((stored) => ({ ...stored, alt }));
  }

  garment(shape: GarmentShape, color: string, caption: string | undefined, alt: string) {
    return this.render(`${shape}:${color}:${caption ?? ''}`, 'products', () => garmentSvg(shape, color, caption), alt);
  }

  /**
   * A shopper's photo of a garment for a review: the garment on a warm floor, without caption. Rendered for each
   * review (`key`), as a review's photos are its own files and go with it.
   */
  reviewPhoto(key: string, shape: GarmentShape, color: string) {
    return this.render(
      `review:${key}`,
      'reviews',
      () => garmentSvg(shape, color).replace('#f3f4f6', '#e7d8c9').replace('#e5e7eb', '#d6c3ae'),
      '',
    );
  }

  category(name: string, shape: GarmentShape, color: string) {
    return this.render(
      `category:${name}`,
      'categories',
      () => garmentSvg(shape, 'White', name).replace('#f3f4f6', color),
      `${name} category`,
    );
  }

  brandLogo(name: string, color: string) {
    const initials = name
      .split(/\s+/)
      .filter((w) => /^[A-Za-z]/.test(w))
      .slice(0, 2)
      .map((w) => w[0])
      .join('');
    return this.render(`brand:${name}`, 'brands', () => badgeSvg(initials, color, name), `${name} logo`);
  }
}
