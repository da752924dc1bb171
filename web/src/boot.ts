/**
 * The entry of a page whose route's first screen came in its HTML (src/prerender.tsx): it waits
 * until the browser has painted that screen, then fetches the app (main.tsx) and the route's
 * scripts in one round. So the scripts do not compete with the stylesheet for a phone's bandwidth,
 * and the first paint needs only the HTML and the stylesheet. The server lists them in
 * #route-scripts (internal/server/spa.go); pages without a prerendered screen load the app
 * straight from their HTML instead. No imports: it runs before anything else.
 */
interface RouteScripts {
  /** The app's entry module: index.html's own script. */
  entry: string;
  /** The entry's imports and the page's modules. */
  preload: string[];
  /** The rest of the first screen: fetched at low priority. */
  later: string[];
}

function load() {
  const list = document.getElementById('route-scripts')?.textContent;
  if (!list) return;
  const { entry, preload, later } = JSON.parse(list) as RouteScripts;
  const add = (el: HTMLScriptElement | HTMLLinkElement) => {
    el.crossOrigin = ''; // module scripts are fetched so: a preload without it is fetched twice
    document.head.append(el);
  };
  for (const [hrefs, priority] of [
    [preload, 'auto'],
    [later, 'low'],
  ] as const) {
    for (const href of hrefs) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.fetchPriority = priority;
      link.href = href;
      add(link);
    }
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  add(script);
}

if (document.visibilityState === 'visible') {
  // A frame callback runs right before the browser paints; a task queued from it, right after.
  requestAnimationFrame(() => setTimeout(load, 0));
} else {
  // A tab in the background, where frames wait until it is shown: nothing is painted anyway.
  load();
}
