import { type ImageUploadView, imageUploadView } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StoredImage } from '../../db/schema/index.js';
import { auditContext, writeActivity } from '../../lib/audit.js';
import { commitOrDiscard, discardImage, readImageUploads, storeImage } from '../../lib/images.js';
import { envelope, ok } from '../../lib/responses.js';

const tags = ['images'];
const UPLOAD_FOLDERS = ['products', 'categories', 'brands'];

function view(image: StoredImage): ImageUploadView {
  return {
    url: image.original,
    webpUrl: image.webp,
    thumbnailUrl: image.thumbnail,
    alt: image.alt,
    original: image.original,
    webp: image.webp,
    thumbnail: image.thumbnail,
  };
}

/** The file name without its extension, as a default alt text. */
const altFrom = (filename: string) => filename.replace(/\.[^.]+$/, '').slice(0, 200);

/** Image uploads: content-sniffed, re-encoded into original, webp and thumbnail; all or nothing per request. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.storage;

  async function storeAll(files: { buffer: Buffer; filename: string }[], folder: string, alt?: string) {
    const stored: StoredImage[] = [];
    try {
      for (const file of files)
        stored.push(await storeImage(storage, folder, file.buffer, alt || altFrom(file.filename)));
    } catch (error) {
      await Promise.all(stored.map((image) => discardImage(storage, image)));
      throw error;
    }
    return stored;
  }

  app.post(
    '/images/upload-multiple',
    {
      config: { access: 'catalogueWrite' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ images: z.array(imageUploadView) })) },
      },
    },
    async (request) => {
      const { files, fields } = await readImageUploads(request, 'images');
      const folder = UPLOAD_FOLDERS.includes(fields.folder ?? '') ? fields.folder! : 'products';
      const images = await storeAll(files, folder);
      await commitOrDiscard(storage, images, () =>
        writeActivity(app.db, auditContext(request), {
          action: 'upload',
          resource: 'image',
          details: { count: images.length, folder },
        }),
      );
      return ok({ images: images.map(view) }, 'Images uploaded successfully');
    },
  );

  app.post(
    '/upload',
    {
      config: { access: 'catalogueWrite' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ image: imageUploadView, images: z.array(imageUploadView) })) },
      },
    },
    async (request) => {
      const { files, fields } = await readImageUploads(request, 'image', 1);
      const folder = UPLOAD_FOLDERS.includes(fields.folder ?? '') ? fields.folder! : 'products';
      const stored = await storeAll(files, folder, fields.alt);
      await commitOrDiscard(storage, stored, () =>
        writeActivity(app.db, auditContext(request), {
          action: 'upload',
          resource: 'image',
          details: { count: 1, folder },
        }),
      );
      const [image] = stored;
      return ok({ image: view(image!), images: [view(image!)] }, 'Image uploaded successfully');
    },
  );
};
