/**
 * How the gateway names and flags its cookies. When the public URL is https, every cookie has the
 * `__Host-` prefix and `Secure`, whatever the request looked like on its last hop (a TLS-terminating
 * proxy talks plain HTTP to the gateway): the browser then refuses a cookie of the same name set by
 * another subdomain or over plain HTTP. Without an https public URL (local runs), cookies keep their
 * plain names and are `Secure` only on a request that came over HTTPS.
 */
export interface CookiePolicy {
  hostPrefix: boolean;
}

export const cookiePolicyOf = (publicUrl: string | undefined): CookiePolicy => ({ hostPrefix: publicUrl?.startsWith('https://') ?? false });

export const cookieName = (name: string, policy: CookiePolicy) => (policy.hostPrefix ? `__Host-${name}` : name);

/** `Secure` for an https site always, and for any request that came over HTTPS. */
export const isSecureCookie = (policy: CookiePolicy, requestSecure: boolean) => policy.hostPrefix || requestSecure;
