import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { imageUploadView } from '../product-views.js';

const tag = 'images';

/** Image uploads (multipart): content-sniffed, re-encoded into original, webp and thumbnail; all or nothing. */
export const imageContracts = {
  uploadMany: endpoint({
    operationId: 'uploadImages',
    method: 'POST',
    path: '/images/upload-multiple',
    summary: 'Upload up to 10 images (repeated `images` field; optional `folder`)',
    description:
      'The type is decided by the bytes (JPEG, PNG, WebP, GIF or AVIF, else 415); each image is re-encoded without ' +
      'its metadata into original, webp and thumbnail renditions under server-chosen names, in `folder` products, ' +
      'categories or brands (default products). All or nothing: 413 "Each image must be at most 5 MB" or more ' +
      'than 10 files stores none; 507 when the storage is full. Recorded in the activity log.',
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
    description:
      'As the multiple upload, for one file; the answer carries it as `image` and as the one entry of `images`. ' +
      '`alt` defaults to a text made from the file name.',
    tag,
    access: 'catalogueWrite',
    multipart: true,
    responses: { 200: envelope(z.object({ image: imageUploadView, images: z.array(imageUploadView) })) },
    errors: [413, 415, 507],
  }),
};
