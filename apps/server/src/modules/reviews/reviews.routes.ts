import { reviewContracts as contracts, REVIEW_PHOTO_LIMIT } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { imageUploadRoute, readImageUploads } from '../../lib/images.js';
import { ok } from '../../lib/responses.js';
import { ModerationService } from './moderation.service.js';
import { ReviewPhotosService } from './review-photos.service.js';
import { productReviews } from './review-views.js';
import { ReviewsService } from './reviews.service.js';

/** Product reviews: anyone reads the published ones, buyers write theirs, moderators and admins moderate. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ReviewsService(app.db, app.config.reviews, app.storage);
  const photos = new ReviewPhotosService(app.db, app.storage, service);
  const moderation = new ModerationService(app.db);

  // Published reviews may be a few seconds old: a replica's when there is one (the writer's own read stays on the primary).
  serve(app, contracts.listForProduct, async (request) =>
    ok(await productReviews(await app.readDb(request), request.params.id, request.query)),
  );

  serve(app, contracts.create, async (request, reply) => {
    const review = await service.create(request.params.id, request.body, request.user!);
    const message =
      review.status === 'published' ? 'Review published' : 'Review received: it will appear once approved';
    return reply.status(201).send(ok({ review }, message));
  });

  serve(app, contracts.mine, async (request) => ok({ reviews: await service.mine(request.user!) }));

  serve(app, contracts.update, async (request) =>
    ok({ review: await service.update(request.params.id, request.body, request.user!) }, 'Review updated'),
  );

  serve(app, contracts.remove, async (request) => {
    await service.remove(request.params.id, request.user!);
    return { success: true as const, message: 'Review deleted' };
  });

  serve(
    app,
    contracts.addPhotos,
    async (request) => {
      const { files } = await readImageUploads(request, 'photos', REVIEW_PHOTO_LIMIT);
      return ok({ review: await photos.add(request.params.id, files, request.user!) }, 'Photos added');
    },
    imageUploadRoute(REVIEW_PHOTO_LIMIT),
  );
  serve(app, contracts.removePhoto, async (request) =>
    ok({ review: await photos.remove(request.params.id, request.params.photoId, request.user!) }, 'Photo removed'),
  );

  serve(app, contracts.votes, async (request) =>
    ok({ reviewIds: await service.votedAmong(request.query.reviewIds, request.user!) }),
  );
  serve(app, contracts.vote, async (request) => ok(await service.vote(request.params.id, request.user!)));
  serve(app, contracts.unvote, async (request) => ok(await service.unvote(request.params.id, request.user!)));

  serve(app, contracts.queue, async (request) => ok(await moderation.queue(request.query)));

  serve(app, contracts.approve, async (request) =>
    ok(
      { review: await moderation.moderateOne(request.params.id, 'approve', auditContext(request)) },
      'Review published',
    ),
  );
  serve(app, contracts.reject, async (request) =>
    ok(
      { review: await moderation.moderateOne(request.params.id, 'reject', auditContext(request), request.body.reason) },
      'Review rejected',
    ),
  );
  serve(app, contracts.hide, async (request) =>
    ok({ review: await moderation.moderateOne(request.params.id, 'hide', auditContext(request)) }, 'Review hidden'),
  );
  serve(app, contracts.reply, async (request) =>
    ok({ review: await moderation.reply(request.params.id, request.body.reply, auditContext(request)) }, 'Reply saved'),
  );
  serve(app, contracts.bulk, async (request) =>
    ok(
      await moderation.moderateMany(request.body.ids, request.body.action, auditContext(request), request.body.reason),
    ),
  );
};
