import type { mongo } from 'mongoose';
import type { CheckpointStore } from '../ports';

/** Checkpoints as documents `{ _id: name, position }` in the service's database. */
export class MongoCheckpointStore implements CheckpointStore {
  private readonly collection: mongo.Collection<{ _id: string; position: number; updatedAt: Date }>;

  constructor(db: mongo.Db, collection = 'checkpoints') {
    this.collection = db.collection(collection);
  }

  async load(name: string): Promise<number> {
    return (await this.collection.findOne({ _id: name }))?.position ?? 0;
  }

  async save(name: string, position: number): Promise<void> {
    await this.collection.updateOne({ _id: name }, { $set: { position, updatedAt: new Date() } }, { upsert: true });
  }

  async close(): Promise<void> {}
}
