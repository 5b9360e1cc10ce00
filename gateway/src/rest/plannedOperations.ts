import { buildOperationContext, executeQueryPlan, type ServiceMap } from '@apollo/gateway';
import { operationFromDocument, Supergraph, type Schema } from '@apollo/federation-internals';
import { QueryPlanner, type QueryPlan } from '@apollo/query-planner';
import { getVariableValues, parse, specifiedRules, validate, type GraphQLError, type GraphQLFormattedError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { graphqlOperationTelemetry } from '@nocturne/platform/telemetry';
import type { Logger } from '@nocturne/platform/logging';
import { costLimitError, operationCost, queryLimitsRule, type QueryLimits } from '../graphqlLimits';
import type { GatewayContext } from '../requestContext';

interface PlannedOperation {
  document: DocumentNode;
  plan: QueryPlan;
  operationContext: ReturnType<typeof buildOperationContext>;
  operation: OperationDefinitionNode;
  /** The cost check of the GraphQL path, for these variables: undefined when within the limits. */
  refusal(variables: Record<string, unknown>): GraphQLError | undefined;
}

/** Far more distinct documents than the routes have. */
const MAX_KEPT_PLANS = 500;

export interface PlannedOperationsOptions {
  supergraphSdl: string;
  /** The gateway's own data sources by subgraph (the same signed or in-process calls, spans and failures). */
  dataSources: () => ServiceMap;
  /** The GraphQL path's limits: depth and aliases checked once, the cost on every call (it depends on the variables). */
  limits: QueryLimits;
  /** How the GraphQL path formats an error for a client (production hides internals). */
  formatError(formatted: GraphQLFormattedError): GraphQLFormattedError;
  telemetry: ReturnType<typeof graphqlOperationTelemetry>;
  logger: Logger;
}

/**
 * The REST facade's GraphQL operations, each validated and planned once, then run on every call with the
 * gateway's own query plan executor and data sources: the same subgraph calls (signed, or in-process in
 * the embedded stack), the same result shaping and the same errors as through Apollo Server, without its
 * request pipeline (hashing, looking up and resolving the document, the plugins) on every call. A route's
 * documents are fixed by the route, so a handful of plans are kept.
 */
export class PlannedOperations {
  private readonly supergraph: Supergraph;
  private readonly planner: QueryPlanner;
  private readonly apiSchema: Schema;
  private readonly apiGraphQLSchema: GraphQLSchema;
  private readonly supergraphGraphQLSchema: GraphQLSchema;
  private readonly planned = new Map<string, PlannedOperation>();

  constructor(private readonly options: PlannedOperationsOptions) {
    this.supergraph = Supergraph.build(options.supergraphSdl);
    this.planner = new QueryPlanner(this.supergraph);
    this.apiSchema = this.supergraph.apiSchema();
    this.apiGraphQLSchema = this.apiSchema.toGraphQLJSSchema();
    this.supergraphGraphQLSchema = this.supergraph.schema.toGraphQLJSSchema();
  }

  /** Runs one operation for the request of `context`; answers as Apollo Server would: data, and formatted errors. */
  async execute(document: string, variables: Record<string, unknown>, context: GatewayContext): Promise<{ data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] }> {
    const timing = this.options.telemetry.start();
    let failed = true;
    try {
      const planned = this.plannedFor(document);
      timing.resolved(planned.operation.name?.value, planned.operation.operation);
      // In the GraphQL path's order: the cost (a plugin, once the operation is resolved), then the variables (the gateway's executor).
      const refusal = planned.refusal(variables);
      const refused = refusal ? [refusal] : this.variableErrors(planned, variables);
      if (refused) return { errors: this.format(refused) };
      const requestContext = {
        request: { query: document, variables, ...(planned.operation.name && { operationName: planned.operation.name.value }) },
        context,
        logger: this.options.logger,
        metrics: {},
        document: planned.document,
        operation: planned.operation,
        operationName: planned.operation.name?.value ?? null,
        source: document,
        schema: this.apiGraphQLSchema,
        overallCachePolicy: undefined,
      } as unknown as Parameters<typeof executeQueryPlan>[2];
      const result = await executeQueryPlan(planned.plan, this.options.dataSources(), requestContext, planned.operationContext, this.supergraphGraphQLSchema, this.apiSchema);
      failed = (result.errors?.length ?? 0) > 0;
      return { data: result.data ?? null, ...(result.errors && result.errors.length > 0 && { errors: this.format(result.errors) }) };
    } finally {
      timing.finished(failed);
    }
  }

  private plannedFor(document: string): PlannedOperation {
    const known = this.planned.get(document);
    if (known) return known;
    const parsed = parse(document);
    const errors = validate(this.apiGraphQLSchema, parsed, [...specifiedRules, queryLimitsRule(this.options.limits)]);
    // A route's own document is wrong: a bug, answered 500 by the router.
    if (errors.length > 0) throw new Error(`a REST route's GraphQL document does not validate: ${errors.map((error) => error.message).join('; ')}`);
    const operationContext = buildOperationContext({ schema: this.apiGraphQLSchema, operationDocument: parsed });
    const plan = this.planner.buildQueryPlan(operationFromDocument(this.apiSchema, parsed));
    const planned: PlannedOperation = {
      document: parsed,
      plan,
      operationContext,
      operation: operationContext.operation,
      refusal: (variables) => costLimitError(operationCost(this.apiGraphQLSchema, parsed, { variables, defaultListSize: this.options.limits.defaultListSize }), this.options.limits, operationContext.operation.name?.value),
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
    return getVariableValues(this.apiGraphQLSchema, definitions, variables).errors;
  }

  /** As Apollo Server formats errors: a code always (INTERNAL_SERVER_ERROR by default), then the gateway's formatter. */
  private format(errors: readonly GraphQLError[]): GraphQLFormattedError[] {
    return errors.map((error) => {
      const { http: _http, ...extensions }: Record<string, unknown> = { ...error.extensions, code: error.extensions?.code ?? 'INTERNAL_SERVER_ERROR' };
      return this.options.formatError({ ...error.toJSON(), extensions });
    });
  }
}
