import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.firstElementChild) {
  // The server sent the route's first screen, rendered at build time (src/prerender.tsx): the
  // browser has painted it already, and React takes it over as it is. In a task of its own (not
  // the one that ran the app's modules) and as a transition, in slices of a few milliseconds:
  // the screen already shows, so nothing is gained by blocking a tap for it. A page that differs
  // from the screen is a bug, which React answers by drawing the page again; say so where tests look.
  setTimeout(() =>
    startTransition(() => {
      hydrateRoot(root, app, { onRecoverableError: (error) => console.error('lucky: hydration:', error) });
    }),
  );
} else {
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, instead of in one long task that blocks input.
  startTransition(() => createRoot(root).render(app));
}
