import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { shedAnswer } from './admission.js';
import { apiNotFound } from './errors.js';

/** Where the storefront is served; everything else that is not the API or an upload is the back office. */
export const SHOP_PREFIX = '/shop';

const isSourceMap = (url: string) => url.split('?')[0]!.endsWith('.map');
const isShopUrl = (url: string) =>
  url === SHOP_PREFIX || url.startsWith(`${SHOP_PREFIX}/`) || url.startsWith(`${SHOP_PREFIX}?`);

/**
 * Static files in a scope of their own whose routes are never shed under overload (plugins/admission.ts): a page
 * already open must not lose a chunk of its code or an image, and a file costs the server little. `reply.sendFile` is
 * decorated once at the top level (registerWebAndUploads).
 */
async function registerFiles(app: FastifyInstance, options: FastifyStaticOptions) {
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, admission: 'always' };
    });
    await files.register(fastifyStatic, { ...options, decorateReply: false });
  });
}

/**
 * A built single-page app: its files, hashed assets cached for a year, the page itself revalidated every time. One
 * route per file of the build, listed once at start (a release is a new process): an address that is no file goes
 * straight to the not-found handler. A catch-all file route would look on disk first, and its spelling check reads
 * the folder — about 0.3 ms of the server's time for every unknown address, `/api` ones included.
 */
async function registerSpa(app: FastifyInstance, dist: string, prefix: string, options: { serveSourceMaps: boolean }) {
  await registerFiles(app, {
    root: dist,
    prefix,
    wildcard: false,
    // No index file: the apps' own addresses are pages (registerWebAndUploads), shed under overload like the others.
    index: false,
    allowedPath: (pathName) => options.serveSourceMaps || !isSourceMap(pathName),
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/**
 * Serves uploaded images at /uploads (local storage only; with S3 their URLs point at the bucket), the storefront at
 * /shop and the back office at /, each with a deep-link fallback to its index.html (not for its /assets). In
 * production source maps are not served (they would hand out the client's source), should a build contain any.
 */
export async function registerWebAndUploads(
  app: FastifyInstance,
  options: {
    webDist: string;
    shopDist: string;
    uploadDir: string | null;
    serveSourceMaps: boolean;
    /**
     * Registers the storefront's server-rendered pages (`shopDist` null when the shop is not built) and sitemaps:
     * the storefront module's, handed in by app.ts because plugins sit below the modules.
     */
    storefront: (app: FastifyInstance, shopDist: string | null) => void;
  },
) {
  if (options.uploadDir) {
    mkdirSync(options.uploadDir, { recursive: true });
    await registerFiles(app, {
      root: options.uploadDir,
      prefix: '/uploads/',
      index: false,
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
        res.header('x-content-type-options', 'nosniff');
      },
    });
  }
  const hasWeb = existsSync(path.join(options.webDist, 'index.html'));
  const hasShop = existsSync(path.join(options.shopDist, 'index.html'));
  // reply.sendFile for the app pages below (the file routes are registered without it).
  if (hasWeb || hasShop)
    await app.register(fastifyStatic, { root: hasWeb ? options.webDist : options.shopDist, serve: false });
  // Sends the page and returns nothing: a handler that returned the reply would have Fastify await it as a promise,
  // one more 'close' listener on a file answer that already carries Node's cap of them.
  const appPage = (reply: FastifyReply, dist: string): void => {
    reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', dist);
  };
  if (hasWeb) {
    await registerSpa(app, options.webDist, '/', options);
    // The back office's own address is a page like its deep links (shed under overload), not a file.
    app.get('/', { config: { admission: 'page' } }, (_request, reply) => appPage(reply, options.webDist));
  }
  if (hasShop) {
    await registerSpa(app, options.shopDist, `${SHOP_PREFIX}/`, options);
  }
  // Home, product, category and brand pages carry their search-engine head and no-JavaScript body.
  options.storefront(app, hasShop ? options.shopDist : null);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api') || url.startsWith('/uploads');
    // A build file that is gone (a page still open from an older release asks for it) must fail as a 404: the app
    // page in its place reaches the browser as a broken script.
    const isBuildFile = url.startsWith('/assets/') || url.startsWith(`${SHOP_PREFIX}/assets/`);
    const isPageRequest = !isApi && !isBuildFile && !isSourceMap(url) && request.method === 'GET';
    const dist = isShopUrl(url) ? (hasShop ? options.shopDist : null) : hasWeb ? options.webDist : null;
    if (isPageRequest && dist) {
      // Under overload a new visit waits on the busy page rather than starting the app and its first calls.
      if (app.isUnderPressure()) return reply.send(shedAnswer(reply, 'page'));
      appPage(reply, dist);
      return;
    }
    return reply.status(404).send(apiNotFound(url));
  });
}
