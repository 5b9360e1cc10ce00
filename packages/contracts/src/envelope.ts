import { z } from 'zod';

/** The envelope every integration event travels in, on Kafka and on the in-process bus alike. */
export const eventMetadataSchema = z.object({
  correlationId: z.string().optional(),
  causationId: z.string().optional(),
  traceparent: z.string().optional(),
  actorId: z.number().int().optional(),
});

export const integrationEventSchema = z.object({
  /** Unique id; consumers dedupe by it. */
  id: z.string().min(1),
  type: z.string().min(1),
  /** Schema version of `data`. */
  version: z.number().int().positive(),
  occurredAt: z.string(),
  /** The aggregate the event belongs to (also the Kafka key). */
  aggregateId: z.string().min(1),
  data: z.unknown(),
  metadata: eventMetadataSchema.default({}),
});

export type EventMetadata = z.infer<typeof eventMetadataSchema>;
export type IntegrationEvent<TType extends string = string, TData = unknown> = Omit<
  z.infer<typeof integrationEventSchema>,
  'type' | 'data'
> & { type: TType; data: TData };

/**
 * One integration event as this package defines it: its type, the version of `data`, the schema of `data`,
 * and which fields of `data` are personal. Personal fields never travel in plain text: the outbox relay
 * seals them with the person's published key (`data.userId` names the person, so it is never personal
 * itself) and the kit's consumer opens them; deleting the account shreds that key, which makes every copy
 * on the bus unreadable (docs/design.md, "Personal data").
 */
export interface IntegrationContract<TType extends string = string, TSchema extends z.ZodObject = z.ZodObject> {
  type: TType;
  version: number;
  schema: TSchema;
  personal: ReadonlyArray<Exclude<keyof z.infer<TSchema>, 'userId'> & string>;
}

/** Declares a contract, keeping its literal type (for `switch` on `type`) and checking the personal field names. */
export function integrationContract<const TType extends string, TSchema extends z.ZodObject>(contract: IntegrationContract<TType, TSchema>): IntegrationContract<TType, TSchema> {
  return contract;
}
