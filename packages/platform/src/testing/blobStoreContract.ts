import type { BlobStore } from '../ports';
import { uniqueSuffix } from './eventually';
import type { StoreContractOptions } from './eventStoreContract';

/** Behaviour every BlobStore must have. Keys are unique per test. */
export function blobStoreContract(name: string, makeStore: () => BlobStore | Promise<BlobStore>, options: StoreContractOptions<BlobStore> = {}): void {
  describe(`BlobStore contract: ${name}`, () => {
    if (options.timeoutMs) jest.setTimeout(options.timeoutMs);
    let blobs: BlobStore;
    const key = (label: string) => `contract/${uniqueSuffix()}/${label}`;

    beforeEach(async () => {
      blobs = await makeStore();
    }, options.timeoutMs);
    afterEach(async () => {
      await blobs.close();
    }, options.timeoutMs);

    it('stores, reads back and deletes bytes with their content type', async () => {
      const k = key('photo.jpg');
      const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256));
      await blobs.put(k, { data, contentType: 'image/jpeg' });
      const blob = await blobs.get(k);
      expect(blob?.contentType).toBe('image/jpeg');
      expect(Buffer.compare(blob!.data, data)).toBe(0);
      await blobs.delete(k);
      expect(await blobs.get(k)).toBeNull();
    });

    it('answers null for a missing key and deletes one quietly', async () => {
      expect(await blobs.get(key('missing'))).toBeNull();
      await blobs.delete(key('missing'));
    });

    it('replaces a blob put again under the same key', async () => {
      const k = key('avatar');
      await blobs.put(k, { data: Buffer.from('old'), contentType: 'image/png' });
      await blobs.put(k, { data: Buffer.from('new'), contentType: 'image/webp' });
      expect(await blobs.get(k)).toEqual({ data: Buffer.from('new'), contentType: 'image/webp' });
    });

    it('rejects keys that could escape their place', async () => {
      for (const bad of ['', '../etc/passwd', 'a/../../b', '/absolute', 'a//b', 'a\\b', 'dir/.hidden/..', 'nul\0byte']) {
        await expect(blobs.put(bad, { data: Buffer.from('x'), contentType: 'text/plain' })).rejects.toThrow();
        await expect(blobs.get(bad)).rejects.toThrow();
      }
    });

    if (options.reopen) {
      const reopen = options.reopen;
      it('keeps blobs across a close and reopen', async () => {
        const k = key('kept');
        await blobs.put(k, { data: Buffer.from('kept'), contentType: 'text/plain' });
        await blobs.close();
        blobs = await reopen();
        expect(await blobs.get(k)).toEqual({ data: Buffer.from('kept'), contentType: 'text/plain' });
      });
    }
  });
}
