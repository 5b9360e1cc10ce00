export { startEmbeddedStack, type EmbeddedStack, type EmbeddedStackOptions } from './embedded';
export { composeSupergraph } from './compose';
export { subgraphDefinitions, type SubgraphDefinition } from './subgraphs';
