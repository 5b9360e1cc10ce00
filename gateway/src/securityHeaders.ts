import type { RequestHandler } from 'express';

const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  // styled-components injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every answer carries. `strictTransport` only when the public URL is HTTPS. */
export function securityHeaders(options: { strictTransport: boolean; skipCspFor?: (path: string) => boolean }): RequestHandler {
  return (req, res, next) => {
    if (!options.skipCspFor?.(req.path)) res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Reset links carry their token in the URL; never hand it to another site.
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.strictTransport) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
