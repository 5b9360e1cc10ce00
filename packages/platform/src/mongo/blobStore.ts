import { mongo } from 'mongoose';
import { assertValidBlobKey } from '../blobShared';
import type { Blob, BlobStore } from '../ports';

/**
 * Blobs in GridFS (bucket `blobs`), one file per key. A put uploads a new file and then deletes the older
 * ones, so a reader sees either the old or the new blob, never a missing one.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: mongo.GridFSBucket;

  constructor(
    db: mongo.Db,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {
    this.bucket = new mongo.GridFSBucket(db, { bucketName: 'blobs' });
  }

  async put(key: string, blob: Blob): Promise<void> {
    assertValidBlobKey(key);
    const upload = this.bucket.openUploadStream(key, { metadata: { contentType: blob.contentType } });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(blob.data);
    });
    const older = await this.bucket.find({ filename: key, _id: { $ne: upload.id } }).toArray();
    await Promise.all(older.map((file) => this.deleteFile(file._id)));
  }

  async get(key: string): Promise<Blob | null> {
    assertValidBlobKey(key);
    // A put may delete the file between find and read: look again then.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [file] = await this.bucket.find({ filename: key }).sort({ uploadDate: -1, _id: -1 }).limit(1).toArray();
      if (!file) return null;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
        return { data: Buffer.concat(chunks), contentType: String((file.metadata as { contentType?: string } | undefined)?.contentType ?? 'application/octet-stream') };
      } catch (error) {
        if (!/FileNotFound|not found|ChunkIsMissing/i.test(String((error as Error).message))) throw error;
      }
    }
    return null;
  }

  async delete(key: string): Promise<void> {
    assertValidBlobKey(key);
    const files = await this.bucket.find({ filename: key }).toArray();
    await Promise.all(files.map((file) => this.deleteFile(file._id)));
  }

  private async deleteFile(id: mongo.ObjectId): Promise<void> {
    try {
      await this.bucket.delete(id);
    } catch (error) {
      // Deleted meanwhile by a concurrent put or delete: the outcome is the same.
      if (!/FileNotFound|not found/i.test(String((error as Error).message))) throw error;
    }
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
