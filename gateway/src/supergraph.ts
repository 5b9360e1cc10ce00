import { ApolloGateway } from '@apollo/gateway';
import { Kind, parse, type ConstDirectiveNode, type DocumentNode, type GraphQLSchema, type ObjectTypeDefinitionNode } from 'graphql';

export interface SubgraphEntry {
  /** The subgraph's name as composed (`auth`). */
  name: string;
  /** The enum value the supergraph's join directives use (`AUTH`). */
  enumValue: string;
  /** The routing URL recorded at composition time. */
  url: string;
}

function stringArgument(directive: ConstDirectiveNode, name: string): string | undefined {
  const argument = directive.arguments?.find((a) => a.name.value === name);
  return argument?.value.kind === Kind.STRING ? argument.value.value : undefined;
}

function enumArgument(directive: ConstDirectiveNode, name: string): string | undefined {
  const argument = directive.arguments?.find((a) => a.name.value === name);
  return argument?.value.kind === Kind.ENUM ? argument.value.value : undefined;
}

/** The subgraphs a supergraph was composed from, read from its `join__Graph` enum. */
export function subgraphsOf(supergraphSdl: string | DocumentNode): SubgraphEntry[] {
  const document = typeof supergraphSdl === 'string' ? parse(supergraphSdl) : supergraphSdl;
  const graphEnum = document.definitions.find((d) => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === 'join__Graph');
  if (!graphEnum || graphEnum.kind !== Kind.ENUM_TYPE_DEFINITION) throw new Error('The supergraph has no join__Graph enum: is it a composed supergraph?');
  return (graphEnum.values ?? []).map((value) => {
    const directive = value.directives?.find((d) => d.name.value === 'join__graph');
    const name = directive && stringArgument(directive, 'name');
    const url = directive && stringArgument(directive, 'url');
    if (!name || url === undefined) throw new Error(`join__Graph.${value.name.value} has no name or url`);
    return { name, enumValue: value.name.value, url };
  });
}

/**
 * Which subgraph owns each field of the Subscription root type, from the supergraph's join directives,
 * so forwarding needs no hand-kept map.
 */
export function subscriptionOwners(supergraphSdl: string | DocumentNode): Map<string, SubgraphEntry> {
  const document = typeof supergraphSdl === 'string' ? parse(supergraphSdl) : supergraphSdl;
  const graphs = new Map(subgraphsOf(document).map((g) => [g.enumValue, g]));
  const owners = new Map<string, SubgraphEntry>();
  const subscriptionTypes = document.definitions.filter(
    (d): d is ObjectTypeDefinitionNode => (d.kind === Kind.OBJECT_TYPE_DEFINITION || d.kind === Kind.OBJECT_TYPE_EXTENSION) && d.name.value === 'Subscription',
  );
  for (const type of subscriptionTypes) {
    const typeGraphs = (type.directives ?? []).filter((d) => d.name.value === 'join__type').map((d) => enumArgument(d, 'graph'));
    for (const field of type.fields ?? []) {
      const fieldGraph = field.directives?.find((d) => d.name.value === 'join__field');
      const graph = (fieldGraph && enumArgument(fieldGraph, 'graph')) ?? (typeGraphs.length === 1 ? typeGraphs[0] : undefined);
      const owner = graph ? graphs.get(graph) : undefined;
      if (owner) owners.set(field.name.value, owner);
    }
  }
  return owners;
}

/** The schema clients see through the gateway (the supergraph without its join directives), as the gateway serves it. */
export async function apiSchemaOf(supergraphSdl: string): Promise<GraphQLSchema> {
  const gateway = new ApolloGateway({ supergraphSdl });
  try {
    return (await gateway.load()).schema;
  } finally {
    await gateway.stop();
  }
}
