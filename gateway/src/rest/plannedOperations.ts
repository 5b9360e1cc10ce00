import { createHash } from 'node:crypto';
import type { ApolloGateway } from '@apollo/gateway';
import { getVariableValues, parse, specifiedRules, validate, type GraphQLError, type GraphQLFormattedError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { graphqlOperationTelemetry } from '@nocturne/platform/telemetry';
import type { Logger } from '@nocturne/platform/logging';
import { costLimitError, operationCost, queryLimitsRule, type QueryLimits } from '../graphqlLimits';
import type { GatewayContext } from '../requestContext';

interface PlannedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** What the gateway keeps the operation's query plan under, with its name. */
  queryHash: string;
  /** The cost check of the GraphQL path, for these variables: undefined when within the limits. */
  refusal(variables: Record<string, unknown>): GraphQLError | undefined;
}

/** Far more distinct documents than the routes have. */
const MAX_KEPT_PLANS = 500;

export interface PlannedOperationsOptions {
  /** The gateway whose schema the documents are checked against and whose executor plans (once: it keeps its plans) and runs them. */
  gateway: Pick<ApolloGateway, 'executor' | 'schema'>;
  /** The GraphQL path's limits: depth and aliases checked once, the cost on every call (it depends on the variables). */
  limits: QueryLimits;
  /** How the GraphQL path formats an error for a client (production hides internals). */
  formatError(formatted: GraphQLFormattedError): GraphQLFormattedError;
  telemetry: ReturnType<typeof graphqlOperationTelemetry>;
  logger: Logger;
}

/**
 * The REST facade's GraphQL operations, each parsed, validated and hashed once, then run on every call by
 * the gateway's own executor (its kept query plan, its data sources): the same subgraph calls (signed, or
 * in-process in the embedded stack), the same result shaping and the same errors as through Apollo Server,
 * without its request pipeline (hashing, looking up and resolving the document, the plugins) on every call.
 * A route's documents are fixed by the route, so a handful are kept.
 */
export class PlannedOperations {
  private readonly planned = new Map<string, PlannedOperation>();

  constructor(private readonly options: PlannedOperationsOptions) {}

  private get schema(): GraphQLSchema {
    const { schema } = this.options.gateway;
    if (!schema) throw new Error('the gateway has not loaded its schema');
    return schema;
  }

  /** Runs one operation for the request of `context`; answers as Apollo Server would: data, and formatted errors. */
  async execute(document: string, variables: Record<string, unknown>, context: GatewayContext): Promise<{ data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] }> {
    const timing = this.options.telemetry.start();
    let failed = true;
    try {
      const planned = this.plannedFor(document);
      const operationName = planned.operation.name?.value;
      timing.resolved(operationName, planned.operation.operation);
      // In the GraphQL path's order: the cost (a plugin, once the operation is resolved), then the variables (the gateway's executor).
      const refusal = planned.refusal(variables);
      const refused = refusal ? [refusal] : this.variableErrors(planned, variables);
      if (refused) return { errors: this.format(refused) };
      const requestContext = {
        request: { query: document, variables, ...(operationName && { operationName }) },
        context,
        logger: this.options.logger,
        metrics: {},
        queryHash: planned.queryHash,
        document: planned.document,
        operation: planned.operation,
        operationName: operationName ?? null,
        source: document,
        schema: this.schema,
        overallCachePolicy: undefined,
      } as unknown as Parameters<ApolloGateway['executor']>[0];
      const result = await this.options.gateway.executor(requestContext);
      failed = (result.errors?.length ?? 0) > 0;
      return { data: result.data ?? null, ...(result.errors && result.errors.length > 0 && { errors: this.format(result.errors as readonly GraphQLError[]) }) };
    } finally {
      timing.finished(failed);
    }
  }

  private plannedFor(document: string): PlannedOperation {
    const known = this.planned.get(document);
    if (known) return known;
    const { schema } = this;
    const parsed = parse(document);
    const errors = validate(schema, parsed, [...specifiedRules, queryLimitsRule(this.options.limits)]);
    // A route's own document is wrong: a bug, answered 500 by the router.
    if (errors.length > 0) throw new Error(`a REST route's GraphQL document does not validate: ${errors.map((error) => error.message).join('; ')}`);
    const operation = parsed.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition');
    if (!operation) throw new Error("a REST route's GraphQL document holds no operation");
    const planned: PlannedOperation = {
      document: parsed,
      operation,
      queryHash: createHash('sha256').update(document).digest('hex'),
      refusal: (variables) => costLimitError(operationCost(schema, parsed, { variables, defaultListSize: this.options.limits.defaultListSize }), this.options.limits, operation.name?.value),
    };
    // Routes' documents are fixed text, a few dozen in all; a route that built its document from input
    // would still not fill the memory.
    if (this.planned.size < MAX_KEPT_PLANS) this.planned.set(document, planned);
    return planned;
  }

  /** The variables' check the gateway makes before it executes a plan. */
  private variableErrors(planned: PlannedOperation, variables: Record<string, unknown>): readonly GraphQLError[] | undefined {
    const definitions = planned.operation.variableDefinitions;
    if (!definitions || definitions.length === 0) return undefined;
    return getVariableValues(this.schema, definitions, variables).errors;
  }

  /** As Apollo Server formats errors: a code always (INTERNAL_SERVER_ERROR by default), then the gateway's formatter. */
  private format(errors: readonly GraphQLError[]): GraphQLFormattedError[] {
    return errors.map((error) => {
      const { http: _http, ...extensions }: Record<string, unknown> = { ...error.extensions, code: error.extensions?.code ?? 'INTERNAL_SERVER_ERROR' };
      return this.options.formatError({ ...error.toJSON(), extensions });
    });
  }
}
