import { STORE_NAME } from '@seamline/shared';

/**
 * The page a shed navigation gets instead of the app: one self-contained document (inline style, no script, no
 * external resource), so it works under the site's Content-Security-Policy and costs the busy server nothing more.
 * `<meta http-equiv="refresh">` reloads the same address after the delay; CSP does not govern it, so no nonce is needed.
 */
export function busyPage(retryInSeconds: number): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<meta http-equiv="refresh" content="${retryInSeconds}" />
<title>Busy, retrying · ${STORE_NAME}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fafaf9; color: #1c1917; }
  main { max-width: 28rem; margin: 1.5rem; padding: 2rem; background: #fff; border: 1px solid #e7e5e4;
    border-radius: 0.75rem; text-align: center; }
  h1 { margin: 0 0 0.75rem; font-size: 1.25rem; }
  p { margin: 0 0 1.25rem; line-height: 1.5; color: #44403c; }
  .spinner { width: 2rem; height: 2rem; margin: 0 auto 1.25rem; border-radius: 50%;
    border: 3px solid #e7e5e4; border-top-color: #1c1917; animation: spin 1s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
  a { display: inline-block; padding: 0.5rem 1rem; border-radius: 0.5rem; background: #1c1917; color: #fff;
    text-decoration: none; font-weight: 600; }
  a:focus-visible { outline: 3px solid #57534e; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <div class="spinner" aria-hidden="true"></div>
  <h1>${STORE_NAME} is very busy right now</h1>
  <p role="status">Nothing is lost. This page tries again by itself in ${retryInSeconds} seconds.</p>
  <a href="">Try again now</a>
</main>
</body>
</html>
`;
}
