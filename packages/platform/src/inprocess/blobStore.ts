import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertValidBlobKey } from '../blobShared';
import type { Blob, BlobStore } from '../ports';

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Blob>();

  async put(key: string, blob: Blob): Promise<void> {
    assertValidBlobKey(key);
    this.blobs.set(key, { data: Buffer.from(blob.data), contentType: blob.contentType });
  }

  async get(key: string): Promise<Blob | null> {
    assertValidBlobKey(key);
    const blob = this.blobs.get(key);
    return blob ? { data: Buffer.from(blob.data), contentType: blob.contentType } : null;
  }

  async delete(key: string): Promise<void> {
    assertValidBlobKey(key);
    this.blobs.delete(key);
  }

  async close(): Promise<void> {}
}

/**
 * Blobs as files under `<dir>/blobs/`, one file per key: a JSON header line with the content type, then
 * the bytes. Written aside and renamed, so a reader never sees half a blob.
 */
export class FileBlobStore implements BlobStore {
  private readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir, 'blobs');
  }

  private path(key: string): string {
    assertValidBlobKey(key);
    const path = resolve(join(this.root, `${key}.blob`));
    // Belt and braces: the key rules already exclude "..", but never leave the root whatever they say.
    if (!path.startsWith(this.root + sep)) throw new Error(`invalid blob key "${key}"`);
    return path;
  }

  async put(key: string, blob: Blob): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const file = await open(temporary, 'w');
    try {
      await file.write(`${JSON.stringify({ contentType: blob.contentType })}\n`);
      await file.write(blob.data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  }

  async get(key: string): Promise<Blob | null> {
    let content: Buffer;
    try {
      content = await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const newline = content.indexOf(0x0a);
    const header = JSON.parse(content.subarray(0, newline).toString('utf8')) as { contentType: string };
    return { data: Buffer.from(content.subarray(newline + 1)), contentType: header.contentType };
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async close(): Promise<void> {}
}
