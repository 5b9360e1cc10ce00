/** A non-success answer of the REST facade. The message follows the spec: `${status}: ${body or statusText}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every call sends the session cookie; bodies travel as JSON. Calls are never retried. A write without a
 * body still sends `{}`: the gateway only accepts writes with a JSON content type (its CSRF defence).
 */
export async function requestJson<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const payload = body ?? (method === 'GET' ? undefined : {});
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: payload === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!response.ok) throw new HttpError(response.status, await response.text(), response.statusText);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface ServerError {
  message: string;
  field?: string;
  /** The stable reason of a refusal by a plan limit (`likes-limit`, `window-closed`, ...). */
  code?: string;
}

/** The `{ error, field?, code? }` body of a failed call, when the server sent one. */
export function serverError(error: unknown): ServerError | undefined {
  if (!(error instanceof HttpError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string') {
      const { error: message, field, code } = parsed as { error: string; field?: unknown; code?: unknown };
      return { message, ...(typeof field === 'string' && { field }), ...(typeof code === 'string' && { code }) };
    }
  } catch {
    // A plain-text or empty body carries no server message.
  }
  return undefined;
}
