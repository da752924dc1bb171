import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
// A transition: React renders the first screen in slices of a few milliseconds, yielding to the
// browser between them, instead of in one long task that blocks input.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
