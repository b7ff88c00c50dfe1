import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

function Placeholder() {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 text-slate-800">
      <h1 className="text-2xl font-semibold">Seamline back office</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
