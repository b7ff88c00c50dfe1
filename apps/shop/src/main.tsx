import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { seedFromPage } from './lib/page-data';
import { queryClient } from './lib/query-client';
import './index.css';

// Before the first render: the app's first read of a server-rendered page comes from the page itself.
seedFromPage(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
