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
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
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

/** Calls the API with cookies and returns the parsed body and headers. */
export async function requestWithHeaders<T>(path: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(url(path, options.query), {
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
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const body = (data ?? {}) as Partial<ErrorResponse>;
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : UNKNOWN,
      body.errors,
      body.available,
    );
  }
  return { data: data as T, headers: response.headers };
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(path, options)).data;
}
