import { z } from 'zod';
import { endpoint, envelope } from '../contract.js';
import { imageUploadView } from '../products.js';

const tag = 'images';

/** Image uploads (multipart): content-sniffed, re-encoded into original, webp and thumbnail; all or nothing. */
export const imageContracts = {
  uploadMany: endpoint({
    operationId: 'uploadImages',
    method: 'POST',
    path: '/images/upload-multiple',
    summary: 'Upload up to 10 images (repeated `images` field; optional `folder`)',
    tag,
    access: 'catalogueWrite',
    multipart: true,
    responses: { 200: envelope(z.object({ images: z.array(imageUploadView) })) },
    errors: [413, 415, 507],
  }),
  uploadOne: endpoint({
    operationId: 'uploadImage',
    method: 'POST',
    path: '/upload',
    summary: 'Upload one image (`image` field; optional `folder` and `alt`)',
    tag,
    access: 'catalogueWrite',
    multipart: true,
    responses: { 200: envelope(z.object({ image: imageUploadView, images: z.array(imageUploadView) })) },
    errors: [413, 415, 507],
  }),
};
