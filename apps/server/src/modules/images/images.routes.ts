import { imageContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { IMAGE_LIMITS, imageUploadRoute, readImageUploads } from '../../lib/images.js';
import { ok } from '../../lib/responses.js';
import { ImagesService } from './images.service.js';

/** Image uploads: the multipart body is read here, the storing and logging is the service's. */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ImagesService(app.db, app.storage);

  serve(
    app,
    contracts.uploadMany,
    async (request) => {
      const { files, fields } = await readImageUploads(request, 'images');
      // Several pictures take their alt texts from their file names.
      const images = await service.upload(files, { folder: fields.folder }, auditContext(request));
      return ok({ images }, 'Images uploaded successfully');
    },
    imageUploadRoute(IMAGE_LIMITS.maxFiles),
  );

  serve(
    app,
    contracts.uploadOne,
    async (request) => {
      const { files, fields } = await readImageUploads(request, 'image', 1);
      const images = await service.upload(files, { folder: fields.folder, alt: fields.alt }, auditContext(request));
      return ok({ image: images[0]!, images }, 'Image uploaded successfully');
    },
    imageUploadRoute(1),
  );
};
