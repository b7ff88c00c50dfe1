import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { discardImage, storeImage } from './images.js';
import { LocalStorage } from './storage/local.js';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-images-'));
const storage = new LocalStorage(uploadDir);
const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#4f46e5' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
    .toBuffer();

describe('storeImage', () => {
  it('re-encodes a real PNG into original, webp and a 300x300 thumbnail without metadata', async () => {
    const image = await storeImage(storage, 'products', await png(), 'Blue tee');
    expect(image.alt).toBe('Blue tee');
    expect(image.original).toMatch(/^\/uploads\/products\/[0-9a-f]{24}\.png$/);
    const file = (url: string) => path.join(uploadDir, url.replace('/uploads/', ''));
    const thumb = await sharp(file(image.thumbnail)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 300, 300]);
    expect((await sharp(file(image.webp)).metadata()).format).toBe('webp');
    expect((await sharp(file(image.original)).metadata()).exif).toBeUndefined();
    await discardImage(storage, image);
    expect(existsSync(file(image.original))).toBe(false);
  });

  it('refuses a text file whatever its name, storing nothing', async () => {
    await expect(storeImage(storage, 'evil', Buffer.from('<script>alert(1)</script>'), 'x.png')).rejects.toMatchObject({
      statusCode: 415,
    });
    expect(existsSync(path.join(uploadDir, 'evil'))).toBe(false);
  });
});
