import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/**
 * The first screen of a route as HTML, rendered at build time (scripts/prerender.mjs) for the
 * server to put in that route's page: the browser paints it before any script has run, and the
 * app then hydrates it (main.tsx). It is what the app's first render draws in a browser: the
 * wallet disconnected, nothing read from the server yet, nothing idle-loaded.
 */
export async function render(location: string): Promise<string> {
  // A part whose code arrives during a render (every screen is a lazy chunk) comes out as a
  // hidden segment that an inline script moves in place, which the CSP blocks. The chunks stay
  // loaded, so a render after them has every part in place; more than a few means a part that
  // never settles.
  for (let attempt = 0; attempt < 4; attempt++) {
    const html = await renderOnce(location);
    if (!html.includes('<script')) return html;
  }
  throw new Error(`prerender ${location}: a part of the screen is still loading after four renders`);
}

async function renderOnce(location: string): Promise<string> {
  // A part that fails here would be left to the browser to draw: the build stops instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // One document, every part in place: no part is held back as a later chunk of the stream.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length > 0) throw new AggregateError(errors, `prerender ${location}: ${errors.map(String).join('; ')}`);
  return new Response(prelude).text();
}
