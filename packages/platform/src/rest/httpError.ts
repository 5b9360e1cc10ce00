/** The one error body of every non-GraphQL answer: `{ error, field?, code? }` (docs/design.md, Errors). */
export interface ErrorBody {
  error: string;
  field?: string;
  /** A refused plan limit: which one (`likes-limit`, `super-likes-used`, `advanced-filters`, `window-closed`). */
  code?: string;
}

/** An HTTP answer other than success, thrown by REST routes and the gateway's own handlers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}
