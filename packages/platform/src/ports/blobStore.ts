export interface Blob {
  data: Buffer;
  contentType: string;
}

export interface BlobStore {
  put(key: string, blob: Blob): Promise<void>;
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
