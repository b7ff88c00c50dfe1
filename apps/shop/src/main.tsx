// First, before React and the app are evaluated: starts loading the opened page's code (app/opening-page.ts).
import './app/opening-page';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { openingPage } from './app/opening-page';
import { seedFromPage } from './lib/page-data';
import { queryClient } from './lib/query-client';
import './index.css';

// Before the first render: the app's first read of a server-rendered page comes from the page itself.
seedFromPage(queryClient);

const root = document.getElementById('root')!;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A page the server rendered keeps showing its content until the app can show the same page (not its "Loading…" in
// between); any other page shows the app's frame at once.
if (root.childElementCount > 0) openingPage.then(render, render);
else render();
