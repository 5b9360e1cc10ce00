/**
 * Test support: a multipart upload whose body the test sends piece by piece,
 * so that a suite can tell whether the server answered before it had read the body.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request, type IncomingHttpHeaders } from 'node:http';

export interface UploadAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers, checked by the tests
}

export interface StreamingUpload {
  /** Writes more of the body; resolves once it is flushed, or at once when the answer came first. */
  send(bytes: Buffer): Promise<void>;
  /** Ends the body. */
  finish(): void;
  /** Bytes of the body written so far. */
  sent(): number;
  /** The answer, whenever it comes (before the body is complete or after). */
  answer: Promise<UploadAnswer>;
  /** The answer if it comes within `ms`, else null: "did the server answer without the rest?". */
  answerWithin(ms: number): Promise<UploadAnswer | null>;
  /** Drops the connection (the test is done with it). */
  abort(): void;
}

/** The multipart framing of one file in the field `photos`: what goes before its bytes and after them. */
export function multipartFile(boundary: string, filename: string, contentType: string): { head: Buffer; tail: Buffer } {
  return {
    head: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/** Starts `POST <url>` with a multipart content type and a declared length; the body follows through `send`. */
export function streamingUpload(url: string, options: { declaredLength: number; boundary?: string; headers?: Record<string, string> }): StreamingUpload & { boundary: string } {
  const boundary = options.boundary ?? `----nocturne${randomBytes(8).toString('hex')}`;
  let written = 0;
  let answered = false;
  const req = request(url, {
    method: 'POST',
    headers: { ...options.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(options.declaredLength) },
  });
  const answer = new Promise<UploadAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', reject);
    });
    // A server that answered and closed makes the rest of the body fail to send: not an error here.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  answer.catch(() => undefined);
  req.flushHeaders();
  return {
    boundary,
    answer,
    sent: () => written,
    send: async (bytes) => {
      if (answered || req.destroyed) return;
      written += bytes.length;
      if (req.write(bytes)) return;
      // Flushed, or no longer wanted: the server answered or the connection closed.
      const stop = new AbortController();
      await Promise.race([
        once(req, 'drain', { signal: stop.signal }).catch(() => undefined),
        once(req, 'close', { signal: stop.signal }).catch(() => undefined),
        answer.catch(() => undefined),
      ]);
      stop.abort();
    },
    finish: () => {
      if (!req.destroyed) req.end();
    },
    answerWithin: (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
      return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
    },
    abort: () => req.destroy(),
  };
}
