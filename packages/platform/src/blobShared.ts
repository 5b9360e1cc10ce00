/** Keys are relative, slash-separated paths of [A-Za-z0-9._-] segments: no "..", no absolute paths. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertValidBlobKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new Error('blob key must be 1 to 512 characters');
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new Error(`invalid blob key "${key}"`);
  }
}
