import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const list = {
  entry: '/assets/index-1.js',
  imports: ['/assets/react-1.js'],
  preload: ['/assets/page-1.js', '/assets/page-2.js', '/assets/page-3.js', '/assets/page-4.js', '/assets/page-5.js', '/assets/page-6.js'],
  later: ['/assets/content-1.js'],
};

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

/** The preload links the boot script put in the head: [href, fetchpriority, crossorigin]. */
function links() {
  return Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'), (l) => [l.getAttribute('href'), l.fetchPriority, l.getAttribute('crossorigin')]);
}

const allLinks = [
  ['/assets/react-1.js', 'auto', ''],
  ...list.preload.map((href) => [href, 'auto', '']),
  ['/assets/content-1.js', 'low', ''],
];

describe('boot', () => {
  let frames: FrameRequestCallback[];
  let imported: string[];
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    frames = [];
    imported = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    // The modules are not loaded in jsdom: the test sees which are asked for, in which order.
    vi.doMock('/assets/react-1.js', () => (imported.push('react'), {}));
    vi.doMock('/assets/index-1.js', () => (imported.push('entry'), {}));
    document.head.innerHTML = `<script type="application/json" id="route-scripts">${JSON.stringify(list)}</script>`;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.doUnmock('/assets/react-1.js');
    vi.doUnmock('/assets/index-1.js');
    document.head.innerHTML = '';
  });

  it('without paint timing, fetches the route scripts after the next frame, a few links a task, then runs React and the app', async () => {
    setVisibility('visible');
    await import('@/boot');
    expect(links()).toEqual([]); // nothing before the frame
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(links()).toEqual([]); // the frame callback runs before the paint
    await vi.advanceTimersToNextTimerAsync();
    expect(links()).toEqual(allLinks.slice(0, 6)); // the first task: six links
    await vi.advanceTimersToNextTimerAsync();
    expect(links()).toEqual(allLinks);
    await vi.runAllTimersAsync();
    await vi.waitFor(() => expect(imported).toEqual(['react', 'entry']));
  });

  describe('with paint timing', () => {
    /** Observers of the fake PerformanceObserver, and a way to report a paint to them. */
    let observers: { cb: PerformanceObserverCallback; disconnected: boolean }[];
    const paint = (name: string) => {
      const entries = { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList;
      for (const o of observers) if (!o.disconnected) o.cb(entries, {} as PerformanceObserver);
    };
    beforeEach(() => {
      observers = [];
      class FakeObserver {
        static supportedEntryTypes = ['paint'];
        private o: { cb: PerformanceObserverCallback; disconnected: boolean };
        constructor(cb: PerformanceObserverCallback) {
          this.o = { cb, disconnected: false };
          observers.push(this.o);
        }
        observe() {}
        disconnect() {
          this.o.disconnected = true;
        }
      }
      vi.stubGlobal('PerformanceObserver', FakeObserver);
    });
    afterEach(() => vi.unstubAllGlobals());

    it('waits for the first contentful paint to be reported, not for a frame', async () => {
      setVisibility('visible');
      await import('@/boot');
      expect(frames).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(500);
      paint('first-paint'); // a background colour: not yet the screen
      await vi.advanceTimersByTimeAsync(10);
      expect(links()).toEqual([]);
      paint('first-contentful-paint');
      expect(links()).toEqual([]); // in a task of its own
      await vi.advanceTimersToNextTimerAsync();
      expect(links()).toEqual(allLinks.slice(0, 6));
      await vi.runAllTimersAsync();
      expect(links()).toEqual(allLinks);
      await vi.waitFor(() => expect(imported).toEqual(['react', 'entry']));
      expect(observers.every((o) => o.disconnected)).toBe(true);
    });

    it('loads the app after a second when no paint is reported, and only once', async () => {
      setVisibility('visible');
      await import('@/boot');
      await vi.advanceTimersByTimeAsync(999);
      expect(links()).toEqual([]);
      await vi.advanceTimersByTimeAsync(2);
      expect(links()).toEqual(allLinks.slice(0, 6));
      paint('first-contentful-paint'); // late: changes nothing
      await vi.runAllTimersAsync();
      expect(links()).toEqual(allLinks);
      await vi.waitFor(() => expect(imported).toEqual(['react', 'entry']));
    });

    it('loads the app when the tab goes to the background before the paint', async () => {
      setVisibility('visible');
      await import('@/boot');
      setVisibility('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      expect(links()).toEqual([]);
      await vi.advanceTimersToNextTimerAsync();
      expect(links()).toEqual(allLinks.slice(0, 6));
      await vi.runAllTimersAsync();
      await vi.waitFor(() => expect(imported).toEqual(['react', 'entry']));
    });
  });

  it('fetches at once in a background tab, where no frame comes', async () => {
    setVisibility('hidden');
    await import('@/boot');
    expect(frames).toHaveLength(0);
    expect(links()).toEqual(allLinks.slice(0, 6));
    await vi.runAllTimersAsync();
    expect(links()).toEqual(allLinks);
    await vi.waitFor(() => expect(imported).toEqual(['react', 'entry']));
  });

  it('taps again, once the app has the page, the last button tapped before it ran', async () => {
    setVisibility('hidden');
    document.body.innerHTML = '<button id="a">A</button><button id="b"><span>B</span></button><a id="l" href="#x">L</a>';
    const taps: string[] = [];
    document.body.addEventListener('click', (e) => taps.push(`${(e.target as Element).id || (e.target as Element).tagName}:${imported.join('+') || '-'}`));
    await import('@/boot');
    document.getElementById('a')?.click();
    document.querySelector('#b span')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('l')?.click(); // a link: not kept
    await vi.advanceTimersByTimeAsync(200);
    expect(imported).toEqual(['react', 'entry']);
    // The two taps and the link; B is tapped again only once the app has taken it over.
    expect(taps).toEqual(['a:-', 'SPAN:-', 'l:-']);
    Object.assign(document.getElementById('b')!, { __reactFiber$test: {} });
    await vi.advanceTimersByTimeAsync(60);
    expect(taps).toEqual(['a:-', 'SPAN:-', 'l:-', 'b:react+entry']);
    document.getElementById('a')?.click();
    await vi.runAllTimersAsync();
    expect(taps).toHaveLength(5); // a tap after that is the app's alone
    document.body.innerHTML = '';
  });

  it('adds nothing to a page without the list', async () => {
    document.head.innerHTML = '';
    setVisibility('hidden');
    await import('@/boot');
    await vi.runAllTimersAsync();
    expect(links()).toEqual([]);
    expect(imported).toEqual([]);
  });
});
