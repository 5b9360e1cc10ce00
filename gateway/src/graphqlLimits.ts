import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
}

export const defaultQueryLimits: QueryLimits = { maxDepth: 10, maxAliases: 15 };

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

/** Refuses operations nested deeper than `maxDepth` fields or using more than `maxAliases` aliases. */
export function queryLimitsRule(limits: QueryLimits = defaultQueryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
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
