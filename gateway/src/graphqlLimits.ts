import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  valueFromASTUntyped,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';

export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  /** Tokens a document may hold: longer ones are refused while parsing, before any other work. */
  maxTokens: number;
  /** What an operation may cost: fields answered (operationCost). */
  maxCost: number;
  /** Items of pages (`limit`/`first`) one operation may ask for: one large page, not many. */
  maxPageItems: number;
  /** The size a list is counted at when nothing says how long it is (no `limit` or `first`). */
  defaultListSize: number;
}

/**
 * The app's largest operation, the deck of `GET /api/profiles?limit=50` with every field of a card, costs
 * 1,802 (3,602 at the largest page any service serves, 100) in 50 page items and 60 tokens; each limit
 * leaves it room and refuses a request worth several of it.
 */
export const defaultQueryLimits: QueryLimits = { maxDepth: 10, maxAliases: 15, maxTokens: 1_000, maxCost: 5_000, maxPageItems: 100, defaultListSize: 20 };

/** The arguments that say how many items a field answers. */
const SIZE_ARGUMENTS = ['limit', 'first', 'last'];

// Introspection is on only for a developer at work; there its own nesting (ofType chains) is not a user's
// query, so it adds no depth. Its aliases still count.
const isIntrospectionField = (name: string) => name === '__schema' || name === '__type';

interface Measure {
  depth: number;
  aliases: number;
}

interface Walk {
  fragments: Record<string, FragmentDefinitionNode>;
  visiting: Set<string>;
  /** Each fragment is measured once, so nested spreads cannot make the walk exponential. */
  measured: Map<string, Measure>;
}

function measure(selectionSet: SelectionSetNode, walk: Walk): Measure {
  let depth = 0;
  let aliases = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) aliases += 1;
      const inner = selection.selectionSet ? measure(selection.selectionSet, walk) : { depth: 0, aliases: 0 };
      // Aliases count wherever they are: `a1: __schema { ... }` a hundred times is no introspection query.
      aliases += inner.aliases;
      if (!isIntrospectionField(selection.name.value)) depth = Math.max(depth, 1 + inner.depth);
    } else {
      let inner: Measure = { depth: 0, aliases: 0 };
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = measure(selection.selectionSet, walk);
      } else {
        const name = selection.name.value;
        const fragment = walk.fragments[name];
        const known = walk.measured.get(name);
        // Fragment cycles are reported by graphql's own NoFragmentCycles rule; here they just stop the walk.
        if (known) {
          inner = known;
        } else if (fragment && !walk.visiting.has(name)) {
          walk.visiting.add(name);
          inner = measure(fragment.selectionSet, walk);
          walk.visiting.delete(name);
          walk.measured.set(name, inner);
        }
      }
      depth = Math.max(depth, inner.depth);
      aliases += inner.aliases;
    }
  }
  return { depth, aliases };
}

const fragmentsOf = (document: DocumentNode): Record<string, FragmentDefinitionNode> => {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
};

/** Refuses operations nested deeper than `maxDepth` fields or using more than `maxAliases` aliases. */
export function queryLimitsRule(limits: Pick<QueryLimits, 'maxDepth' | 'maxAliases'> = defaultQueryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument());
    return {
      OperationDefinition(operation) {
        const { depth, aliases } = measure(operation.selectionSet, { fragments, visiting: new Set(), measured: new Map() });
        const name = operation.name ? `'${operation.name.value}'` : 'The operation';
        if (depth > limits.maxDepth) {
          context.reportError(new GraphQLError(`${name} is nested ${depth} levels deep; the limit is ${limits.maxDepth}.`, { nodes: [operation] }));
        }
        if (aliases > limits.maxAliases) {
          context.reportError(new GraphQLError(`${name} uses ${aliases} aliases; the limit is ${limits.maxAliases}.`, { nodes: [operation] }));
        }
      },
    };
  };
}

interface CostWalk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Readonly<Record<string, unknown>>;
  defaultListSize: number;
  visiting: Set<string>;
  /** A fragment's cost for each size handed down to it, so nested spreads cannot make the walk exponential. */
  costed: Map<string, OperationCost>;
}

/** What an operation asks of the services (operationCost). */
export interface OperationCost {
  /** Fields answered: 1 each, counted once per item of every list around them. */
  cost: number;
  /** Items of pages the operation sizes itself (`deck(limit: 50)`), times the items of lists around them. */
  pageItems: number;
}

/** The size a field's `limit`/`first`/`last` argument asks for (its default when not given), or undefined when it has none. */
function requestedSize(node: FieldNode, field: GraphQLField<unknown, unknown>, walk: CostWalk): number | undefined {
  for (const name of SIZE_ARGUMENTS) {
    const definition = field.args.find((argument) => argument.name === name);
    if (!definition) continue;
    const given = node.arguments?.find((argument) => argument.name.value === name);
    const value = given ? valueFromASTUntyped(given.value, walk.variables) : undefined;
    const size = typeof value === 'number' ? value : typeof definition.defaultValue === 'number' ? definition.defaultValue : walk.defaultListSize;
    return Math.max(0, Math.ceil(size));
  }
  return undefined;
}

function fieldOf(type: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  return type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[name] : undefined;
}

/**
 * The cost of a selection on `type`, for one instance of it. A list answers `handedDown` items (the page
 * size asked of the field above it: `deck(limit: 50) { cards }`), else its own `limit`/`first`, else
 * `defaultListSize`; its selection counts once per item.
 */
function selectionCost(selectionSet: SelectionSetNode, type: GraphQLNamedType | undefined, handedDown: number | undefined, walk: CostWalk): OperationCost {
  const total: OperationCost = { cost: 0, pageItems: 0 };
  const add = (part: OperationCost, times = 1) => {
    total.cost += times * part.cost;
    total.pageItems += times * part.pageItems;
  };
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      // Introspection is served only to a developer at work (and refused otherwise): no cost of a user's.
      if (selection.name.value === '__typename' || isIntrospectionField(selection.name.value)) continue;
      const field = fieldOf(type, selection.name.value);
      const own = field && requestedSize(selection, field, walk);
      const isList = field !== undefined && isListType(getNullableType(field.type));
      const page = isList ? (handedDown ?? own) : undefined;
      const items = isList ? (page ?? walk.defaultListSize) : 1;
      const inner = selection.selectionSet ? selectionCost(selection.selectionSet, field && getNamedType(field.type), isList ? undefined : own, walk) : { cost: 0, pageItems: 0 };
      add({ cost: 1, pageItems: page ?? 0 });
      add(inner, items);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const narrowed = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : type;
      add(selectionCost(selection.selectionSet, narrowed ?? undefined, handedDown, walk));
    } else {
      const name = selection.name.value;
      const fragment = walk.fragments[name];
      const key = `${name}:${handedDown ?? ''}`;
      const known = walk.costed.get(key);
      if (known) {
        add(known);
      } else if (fragment && !walk.visiting.has(name)) {
        walk.visiting.add(name);
        const fragmentCost = selectionCost(fragment.selectionSet, walk.schema.getType(fragment.typeCondition.name.value) ?? undefined, handedDown, walk);
        walk.visiting.delete(name);
        walk.costed.set(key, fragmentCost);
        add(fragmentCost);
      }
    }
  }
  return total;
}

/**
 * What an operation may make the services do, counted before it runs (lists at their size: `limit`/`first`
 * from the document or its variables, `defaultListSize` when unsaid). `deck(limit: 50) { cards { ... } }`
 * costs 50 times a card's fields, and 50 page items.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  options: { operationName?: string | null; variables?: Readonly<Record<string, unknown>> | null; defaultListSize: number },
): OperationCost {
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = options.operationName ? operations.find((candidate) => candidate.name?.value === options.operationName) : operations[0];
  if (!operation) return { cost: 0, pageItems: 0 };
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  return selectionCost(operation.selectionSet, root ?? undefined, undefined, {
    schema,
    fragments: fragmentsOf(document),
    variables: options.variables ?? {},
    defaultListSize: options.defaultListSize,
    visiting: new Set(),
    costed: new Map(),
  });
}

/** Why an operation is over its budget (undefined when it is within): 400, GRAPHQL_VALIDATION_FAILED, with the figures. */
export function costLimitError(measured: OperationCost, limits: Pick<QueryLimits, 'maxCost' | 'maxPageItems' | 'defaultListSize'>, operationName?: string | null): GraphQLError | undefined {
  const name = operationName ? `'${operationName}'` : 'The operation';
  const shown = (value: number) => (Number.isFinite(value) ? String(value) : 'more than can be counted');
  let message: string | undefined;
  if (measured.pageItems > limits.maxPageItems) {
    message = `${name} asks for ${shown(measured.pageItems)} items of pages (limit or first); the limit is ${limits.maxPageItems}. Ask for fewer or smaller pages.`;
  } else if (measured.cost > limits.maxCost) {
    message = `${name} costs ${shown(measured.cost)}; the limit is ${limits.maxCost}. Every field costs 1 for each item of the lists around it (a list's size is its limit or first, else ${limits.defaultListSize}): ask for fewer items or fields.`;
  }
  return message === undefined ? undefined : new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
}

/**
 * Refuses, before anything runs, an operation over `maxCost` or `maxPageItems` (operationCost). A plugin
 * rather than a validation rule: the cost depends on the variables (`deck(limit: $limit)`), which
 * validation does not see, and validated documents are cached whatever their variables.
 */
export function costLimitPlugin(limits: Pick<QueryLimits, 'maxCost' | 'maxPageItems' | 'defaultListSize'>): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operationName, request }) {
          const refusal = costLimitError(operationCost(schema, document, { operationName, variables: request.variables ?? null, defaultListSize: limits.defaultListSize }), limits, operationName);
          if (refusal) throw refusal;
        },
      };
    },
  };
}
