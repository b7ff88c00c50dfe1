import { STORE_NAME } from '@seamline/shared';

/**
 * The page a shed navigation gets instead of the app: one self-contained document (inline style and script, nothing
 * loaded from anywhere), so it costs the busy server nothing more. Its script runs under the site's CSP by a nonce
 * (withScriptNonce), reloads the same address after `retryInSeconds` and can be stopped: a refresh the visitor cannot
 * stop is an accessibility failure (WCAG 2.2.1), which rules out `<meta http-equiv="refresh">`. Without JavaScript the
 * page says to try again and offers the link.
 */
export function busyPage(retryInSeconds: number, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
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
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; justify-content: center; margin: 0; }
  a, button { padding: 0.5rem 1rem; border-radius: 0.5rem; font: inherit; font-weight: 600; cursor: pointer; }
  a { background: #1c1917; color: #fff; text-decoration: none; border: 1px solid #1c1917; }
  button { background: #fff; color: #1c1917; border: 1px solid #a8a29e; }
  a:focus-visible, button:focus-visible { outline: 3px solid #57534e; outline-offset: 2px; }
  [hidden] { display: none; }
</style>
</head>
<body>
<main>
  <div class="spinner" id="spinner" aria-hidden="true" hidden></div>
  <h1>${STORE_NAME} is very busy right now</h1>
  <p role="status" id="note">Nothing is lost. Please try again in a few seconds.</p>
  <p class="actions"><a href="">Try again now</a><button type="button" id="stop" hidden>Stop trying</button></p>
</main>
<script nonce="${nonce}">
  (() => {
    const byId = (id) => document.getElementById(id);
    const timer = setTimeout(() => location.reload(), ${retryInSeconds * 1000});
    byId('note').textContent = 'Nothing is lost. This page tries again by itself in ${retryInSeconds} seconds.';
    byId('spinner').hidden = false;
    byId('stop').hidden = false;
    byId('stop').addEventListener('click', () => {
      clearTimeout(timer);
      byId('spinner').hidden = true;
      byId('stop').hidden = true;
      byId('note').textContent = 'Stopped. Try again when you are ready.';
    });
  })();
</script>
</body>
</html>
`;
}

/**
 * The site's Content-Security-Policy (set by the security headers before the request was shed) with this page's inline
 * script allowed by its nonce, every other directive unchanged.
 */
export function withScriptNonce(policy: string | undefined, nonce: string): string {
  const source = `'nonce-${nonce}'`;
  const directives = (policy ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const script = directives.findIndex((directive) => directive.startsWith('script-src '));
  if (script === -1) directives.push(`script-src ${source}`);
  else directives[script] = `${directives[script]} ${source}`;
  return directives.join(';');
}
