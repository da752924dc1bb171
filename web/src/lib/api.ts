/** Tiny fetch client for the lucky server's JSON API under /api/v1. */

export const API_BASE = '/api/v1';

/** An error answered by the server as {"error":{"code","message"}}, or a transport failure. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown };
}

function isErrorBody(v: unknown): v is ErrorBody {
  return typeof v === 'object' && v !== null && 'error' in v;
}

/** Turns a non-2xx response into an ApiError, reading the server's error shape when present. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: fall through to a generic error
  }
  if (isErrorBody(body) && body.error && typeof body.error === 'object') {
    const code = typeof body.error.code === 'string' ? body.error.code : 'http_' + res.status;
    const message =
      typeof body.error.message === 'string' ? body.error.message : res.statusText || 'Request failed';
    return new ApiError(code, message, res.status);
  }
  return new ApiError('http_' + res.status, res.statusText || 'Request failed', res.status);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined>;
}

/** Calls `/api/v1${path}` and returns the decoded JSON body. Throws ApiError on failure. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let url = API_BASE + (path.startsWith('/') ? path : '/' + path);
  if (opts.query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined) q.set(k, String(v));
    const s = q.toString();
    if (s) url += '?' + s;
  }
  const init: RequestInit = {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: { Accept: 'application/json' },
    signal: opts.signal,
  };
  if (opts.body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('network_error', 'Network error: the server could not be reached.', 0);
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}
