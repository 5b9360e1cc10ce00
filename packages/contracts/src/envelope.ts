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
