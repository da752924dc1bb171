/**
 * The entry of a page whose route's first screen came in its HTML (src/prerender.tsx): it waits
 * until the browser has shown that screen, then fetches the app (main.tsx) and the route's
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

// Until the app runs, the screen is HTML: a tap on one of its buttons would do nothing. The last
// button tapped is kept and tapped again once the app has the page (React then replays it on the
// part it belongs to as soon as that part is hydrated). Links need no help: they navigate.
let tapped: HTMLButtonElement | null = null;
function keepTap(e: Event) {
  if (e.target instanceof Element) tapped = e.target.closest('button') ?? tapped;
}

async function load(list: string) {
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
  // Taps from here on are the app's: it hydrates (and listens) in a task of its own, queued while
  // its module ran (main.tsx). The kept tap is made again once its button is the app's: React
  // marks each element it has taken over (a property named __reactFiber$…), and a part of the
  // page comes to it when its code has arrived, which can be later than the app's start.
  document.removeEventListener('click', keepTap, true);
  const button = tapped;
  if (!button) return;
  for (let waited = 0; waited < TAP_WAIT_MS && button.isConnected; waited += TAP_POLL_MS) {
    if (Object.keys(button).some((k) => k.startsWith('__reactFiber$'))) {
      button.click();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, TAP_POLL_MS));
  }
}

/** How long a kept tap waits for its button to be the app's, and how often it looks. */
const TAP_WAIT_MS = 10_000;
const TAP_POLL_MS = 50;

/** How long the boot script waits for the first paint's report before it loads the app anyway. */
const PAINT_WAIT_MS = 1_000;

/**
 * Runs `start` in a task after the browser reports the first contentful paint: the moment the
 * screen is on the glass, not the moment the page has drawn it (a frame reaches the screen later,
 * the more so on a slow phone), so no script fetch competes with that frame. Without paint timing,
 * a task after the next frame. A background tab paints nothing: it starts at once.
 */
function afterFirstPaint(start: () => void) {
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // A frame callback runs right before the browser paints; a task queued from it, right after.
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', go);
    setTimeout(start, 0);
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) go();
  });
  observer.observe({ type: 'paint', buffered: true });
  // No report in time (nothing contentful, or the tab went to the background): start anyway.
  const timer = setTimeout(go, PAINT_WAIT_MS);
  document.addEventListener('visibilitychange', go);
}

const list = document.getElementById('route-scripts')?.textContent;
if (list) {
  document.addEventListener('click', keepTap, true);
  afterFirstPaint(() => void load(list));
}
