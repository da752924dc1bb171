/**
 * The entry of a page whose route's first screen came in its HTML (src/prerender.tsx): it waits
 * until the browser has painted that screen, then fetches the app (main.tsx) and the route's
 * scripts in one round and runs the app. So the scripts do not compete with the stylesheet for a
 * phone's bandwidth, and the first paint needs only the HTML and the stylesheet. The server lists
 * them in #route-scripts (internal/server/spa.go); pages without a prerendered screen load the
 * app straight from their HTML instead. No imports: it runs before anything else.
 *
 * The work is cut into short tasks, so a tap on the painted screen is never kept waiting long:
 * the links go in a few at a time (each one starts a fetch, a few milliseconds of a phone's
 * main thread), and the app's modules run one per task (React's own takes the longest).
 */
interface RouteScripts {
  /** The app's entry module: index.html's own script. */
  entry: string;
  /** The entry's static imports (React first), run before it, one per task. */
  imports: string[];
  /** The page's modules. */
  preload: string[];
  /** The rest of the first screen: fetched at low priority. */
  later: string[];
}

/** How many preload links go in per task. */
const LINKS_PER_TASK = 6;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function load() {
  const list = document.getElementById('route-scripts')?.textContent;
  if (!list) return;
  const { entry, imports, preload, later } = JSON.parse(list) as RouteScripts;
  const links: [string, 'auto' | 'low'][] = [...[...imports, ...preload].map((href): [string, 'auto'] => [href, 'auto']), ...later.map((href): [string, 'low'] => [href, 'low'])];
  for (let i = 0; i < links.length; i += LINKS_PER_TASK) {
    if (i > 0) await nextTask();
    const batch = document.createDocumentFragment();
    for (const [href, priority] of links.slice(i, i + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.fetchPriority = priority;
      link.crossOrigin = ''; // module scripts are fetched so: a preload without it is fetched twice
      link.href = href;
      batch.append(link);
    }
    document.head.append(batch);
  }
  for (const src of [...imports, entry]) {
    await nextTask();
    await import(/* @vite-ignore */ src);
  }
}

if (document.visibilityState === 'visible') {
  // A frame callback runs right before the browser paints; a task queued from it, right after.
  requestAnimationFrame(() => setTimeout(() => void load(), 0));
} else {
  // A tab in the background, where frames wait until it is shown: nothing is painted anyway.
  void load();
}
