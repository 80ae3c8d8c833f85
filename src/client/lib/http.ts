// The one HTTP client: credentials always, JSON only when there is a payload (SPEC §7),
// and every non-OK reply becomes an ApiError whose message is "<status>: <body>" (SPEC §8).
import type { ApiErrorBody } from '../../shared/api-error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's { message, code, issues } when the body had that shape. */
    readonly body?: ApiErrorBody,
  ) {
    super(message);
  }

  /** The server's own message (what toasts show), else the generic text. */
  get serverMessage(): string {
    return this.body?.message ?? this.message;
  }
}

export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

let fetcher: Fetcher = (path, init) => fetch(path, init);

/** The server render swaps in a fetcher that answers from the app itself. */
export function setFetcher(next: Fetcher): void {
  fetcher = next;
}

/** The ApiError for a non-OK reply's status and body text. */
export function errorFrom(status: number, statusText: string, text: string): ApiError {
  let body: ApiErrorBody | undefined;
  try {
    const parsed = JSON.parse(text) as ApiErrorBody;
    if (parsed && typeof parsed.message === 'string') body = parsed;
  } catch {
    // not JSON: keep the text
  }
  return new ApiError(status, `${status}: ${text || statusText}`, body);
}

async function toError(res: Response): Promise<ApiError> {
  return errorFrom(res.status, res.statusText, await res.text().catch(() => ''));
}

export async function request<T>(
  method: string,
  path: string,
  payload?: unknown,
  run: Fetcher = fetcher,
  headers: Record<string, string> = {},
): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { ...headers } };
  if (payload !== undefined) {
    init.headers = { ...headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  const res = await run(path, init);
  if (!res.ok) throw await toError(res);
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export const http = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, payload?: unknown) => request<T>('POST', path, payload),
  put: <T>(path: string, payload?: unknown) => request<T>('PUT', path, payload),
  /** A PUT of an edit based on `version` (If-Match): refused with 409 when the item has moved on. */
  putVersion: <T>(path: string, payload: unknown, version: number | undefined) =>
    request<T>('PUT', path, payload, fetcher, version ? { 'if-match': `"${version}"` } : {}),
  patch: <T>(path: string, payload?: unknown) => request<T>('PATCH', path, payload),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** What a toast shows for a failed call: the server's message, or the error's own text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}
