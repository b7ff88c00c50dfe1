import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors.js';

/**
 * Serves uploaded images at /uploads (local storage only; with S3 their URLs point at the bucket) and the built web app at / with a deep-link fallback to index.html (not for
 * /assets). In production source maps are not served (they would hand out the client's source), should a build
 * contain any.
 */
export async function registerWebAndUploads(
  app: FastifyInstance,
  options: { webDist: string; uploadDir: string | null; serveSourceMaps: boolean },
) {
  const isSourceMap = (url: string) => url.split('?')[0]!.endsWith('.map');
  if (options.uploadDir) {
    mkdirSync(options.uploadDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
        res.header('x-content-type-options', 'nosniff');
      },
    });
  }
  const indexHtml = path.join(options.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: true,
      allowedPath: (pathName) => options.serveSourceMaps || !isSourceMap(pathName),
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api') || request.url.startsWith('/uploads');
    // A build file that is gone (a page still open from an older release asks for it) must fail as a 404: the app
    // page in its place reaches the browser as a broken script.
    const isBuildFile = request.url.startsWith('/assets/');
    if (!isApi && !isBuildFile && hasWeb && !isSourceMap(request.url) && request.method === 'GET')
      return reply.type('text/html').sendFile('index.html', options.webDist);
    return reply.status(404).send(apiNotFound(request.url));
  });
}
