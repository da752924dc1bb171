import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api';

function mockFetch(status: number, body: unknown, statusText = '') {
  const res = new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText });
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(res);
}

describe('api', () => {
  afterEach(() => vi.restoreAllMocks());

  it('GETs /api/v1 paths and decodes JSON', async () => {
    const f = mockFetch(200, { network: 'devnet' });
    await expect(api<{ network: string }>('/config')).resolves.toEqual({ network: 'devnet' });
    expect(f).toHaveBeenCalledWith('/api/v1/config', expect.objectContaining({ method: 'GET' }));
  });

  it('adds a query string and POSTs JSON bodies', async () => {
    const f = mockFetch(200, { ok: true });
    await api('/tx/build', { body: { a: 1 }, query: { wait: '30s', skip: undefined } });
    const [url, init] = f.mock.calls[0]!;
    expect(url).toBe('/api/v1/tx/build?wait=30s');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
  });

  it('parses the error shape into an ApiError', async () => {
    mockFetch(404, { error: { code: 'not_found', message: 'no such route' } });
    const err = await api('/nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'not_found', message: 'no such route', status: 404 });
  });

  it('falls back to a generic ApiError for non-JSON failures', async () => {
    mockFetch(502, '<html>bad gateway</html>', 'Bad Gateway');
    await expect(api('/x')).rejects.toMatchObject({ code: 'http_502', status: 502 });
  });

  it('reports network failures', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/x')).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });
});
