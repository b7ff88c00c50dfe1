import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shedAnswer } from './admission.js';
import { apiNotFound } from './errors.js';
import { tagOf } from './public-cache.js';
import { matches } from './reused-answers.js';

/** Where the storefront is served; everything else that is not the API or an upload is the back office. */
export const SHOP_PREFIX = '/shop';

const isSourceMap = (url: string) => url.split('?')[0]!.endsWith('.map');
const isShopUrl = (url: string) =>
  url === SHOP_PREFIX || url.startsWith(`${SHOP_PREFIX}/`) || url.startsWith(`${SHOP_PREFIX}?`);

/**
 * Static files in a scope of their own whose routes are never shed under overload (plugins/admission.ts): a page
 * already open must not lose a chunk of its code or an image, and a file costs the server little.
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
    // The build writes a brotli and a gzip copy beside each text file (scripts/build.mjs): a browser gets the smaller
    // one its Accept-Encoding allows, else the file itself. The copies get no route of their own.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // No index file: the apps' own addresses are pages (registerWebAndUploads), shed under overload like the others.
    index: false,
    allowedPath: (pathName) => options.serveSourceMaps || !isSourceMap(pathName),
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** A built app's page (its index.html), read once: a release is a new process. */
type AppPage = { bytes: Buffer; etag: string };

function readAppPage(dist: string): AppPage | null {
  const file = path.join(dist, 'index.html');
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  return { bytes, etag: tagOf(bytes) };
}

/**
 * An app page from memory, revalidated on every visit (`no-cache`): a browser that has it gets 304. Read from disk
 * each time, a deep link cost the server about 0.25 ms — five reused answers.
 */
function sendAppPage(request: FastifyRequest, reply: FastifyReply, page: AppPage) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
  if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  return reply.send(page.bytes);
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
  const webPage = readAppPage(options.webDist);
  const shopPage = readAppPage(options.shopDist);
  if (webPage) {
    await registerSpa(app, options.webDist, '/', options);
    // The back office's own address is a page like its deep links (shed under overload), not a file.
    app.get('/', { config: { admission: 'page' } }, (request, reply) => sendAppPage(request, reply, webPage));
  }
  if (shopPage) {
    await registerSpa(app, options.shopDist, `${SHOP_PREFIX}/`, options);
  }
  // Home, product, category and brand pages carry their search-engine head and no-JavaScript body.
  options.storefront(app, shopPage ? options.shopDist : null);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/api') || url.startsWith('/uploads');
    // A build file that is gone (a page still open from an older release asks for it) must fail as a 404: the app
    // page in its place reaches the browser as a broken script.
    const isBuildFile = url.startsWith('/assets/') || url.startsWith(`${SHOP_PREFIX}/assets/`);
    const isPageRequest = !isApi && !isBuildFile && !isSourceMap(url) && request.method === 'GET';
    const page = isShopUrl(url) ? shopPage : webPage;
    if (isPageRequest && page) {
      // Under overload a new visit waits on the busy page rather than starting the app and its first calls.
      if (app.isUnderPressure()) return reply.send(shedAnswer(reply, 'page'));
      return sendAppPage(request, reply, page);
    }
    return reply.status(404).send(apiNotFound(url));
  });
}
