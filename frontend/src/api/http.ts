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

interface Answer {
  ok: boolean;
  status: number;
  statusText: string;
  text: string;
}

/** GETs under way, by path: a second caller while one is in flight shares its answer (the top bar and the deck both ask for the swipe window as a screen opens). */
const readsInFlight = new Map<string, Promise<Answer>>();

async function send(method: Method, path: string, payload: unknown): Promise<Answer> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: payload === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { ok: response.ok, status: response.status, statusText: response.statusText, text: await response.text() };
}

/**
 * Every call sends the session cookie; bodies travel as JSON. Calls are never retried. A write without a
 * body still sends `{}`: the gateway only accepts writes with a JSON content type (its CSRF defence).
 * Each caller gets its own parsed copy, also of a shared GET.
 */
export async function requestJson<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const payload = body ?? (method === 'GET' ? undefined : {});
  let answering: Promise<Answer>;
  if (method === 'GET') {
    answering = readsInFlight.get(path) ?? send(method, path, payload).finally(() => readsInFlight.delete(path));
    readsInFlight.set(path, answering);
  } else {
    answering = send(method, path, payload);
  }
  const answer = await answering;
  if (!answer.ok) throw new HttpError(answer.status, answer.text, answer.statusText);
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
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
