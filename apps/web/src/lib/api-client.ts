import type { ErrorResponse, StockShortfall } from '@habi/shared';

/** The one place that knows where the API lives. */
export const API_BASE = '/api';

const UNKNOWN = 'An unknown error occurred';

/** An error answer from the API: `{ message, errors?, available? }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** With a 409 about stock: what each refused line can have now. */
    readonly available: StockShortfall[] = [],
  ) {
    super(message);
  }
}

/** The message to show for any failure: the server's, else the fallback. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : UNKNOWN;
}

type Query = Record<string, string | number | readonly string[] | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function url(path: string, query?: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** How requests reach the API: the browser's fetch, or in server rendering the server itself. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Sends every later request through `next` (entry-server.tsx: the server answers in process). */
export function setTransport(next: typeof fetch) {
  transport = next;
}

/** The fetch itself: a network failure is an ApiError with status 0, an abort stays an abort. */
async function send(path: string, options: RequestOptions, headers: Record<string, string>, body?: BodyInit) {
  try {
    return await transport(url(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error. Check your connection and try again.');
  }
}

/** The API's error answer `{ message, errors?, available? }` as an ApiError. */
function failure(response: Response, data: unknown) {
  const body = (data ?? {}) as Partial<ErrorResponse>;
  return new ApiError(
    response.status,
    typeof body.message === 'string' ? body.message : UNKNOWN,
    body.errors,
    body.available,
  );
}

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Calls the API with cookies and returns the parsed body and headers. */
export async function requestWithHeaders<T>(path: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await send(path, options, headers, body);
  const data = parsed(await response.text());
  if (!response.ok) throw failure(response, data);
  return { data: data as T, headers: response.headers };
}

/** Calls the API for a file (a CSV export) and returns its bytes. */
export async function requestFile(path: string, options: Pick<RequestOptions, 'query' | 'signal'> = {}) {
  const response = await send(path, options, {});
  if (!response.ok) throw failure(response, parsed(await response.text()));
  return response.blob();
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(path, options)).data;
}
