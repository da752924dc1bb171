import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const list = { entry: '/assets/index-1.js', preload: ['/assets/react-1.js', '/assets/page-1.js'], later: ['/assets/content-1.js'] };

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

/** What the boot script put in the head: [tag, rel or type, href or src, fetchpriority, crossorigin]. */
function added() {
  return Array.from(document.head.querySelectorAll('link, script:not(#route-scripts)'), (el) =>
    el instanceof HTMLLinkElement
      ? ['link', el.rel, el.getAttribute('href'), el.fetchPriority, el.getAttribute('crossorigin')]
      : ['script', (el as HTMLScriptElement).type, el.getAttribute('src'), '', el.getAttribute('crossorigin')],
  );
}

const expected = [
  ['link', 'modulepreload', '/assets/react-1.js', 'auto', ''],
  ['link', 'modulepreload', '/assets/page-1.js', 'auto', ''],
  ['link', 'modulepreload', '/assets/content-1.js', 'low', ''],
  ['script', 'module', '/assets/index-1.js', '', ''],
];

describe('boot', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    document.head.innerHTML = `<script type="application/json" id="route-scripts">${JSON.stringify(list)}</script>`;
    // A script element added to jsdom's head is not fetched (no resources are loaded here).
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
  });

  it('fetches the app and the route scripts right after the screen is painted', async () => {
    setVisibility('visible');
    await import('@/boot');
    expect(added()).toEqual([]); // nothing before the frame
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(added()).toEqual([]); // the frame callback runs before the paint
    vi.runAllTimers();
    expect(added()).toEqual(expected);
  });

  it('fetches at once in a background tab, where no frame comes', async () => {
    setVisibility('hidden');
    await import('@/boot');
    expect(frames).toHaveLength(0);
    expect(added()).toEqual(expected);
  });

  it('adds nothing to a page without the list', async () => {
    document.head.innerHTML = '';
    setVisibility('hidden');
    await import('@/boot');
    expect(added()).toEqual([]);
  });
});
