import { authTypeDefs } from '@nocturne/auth';
import { profileTypeDefs } from '@nocturne/profile';
import { swipeTypeDefs } from '@nocturne/swipe';

/** A subgraph of the supergraph: its SDL and where it listens by default (docs/design.md, Ports). */
export interface SubgraphDefinition {
  name: string;
  typeDefs: string;
  defaultPort: number;
  /** The variable that moves its port (`AUTH_PORT`). */
  portVariable: string;
  /** The workspace package that holds its `dist/main.js`. */
  packageName: string;
}

/** Every subgraph, in composition order. Adding a service means adding it here. */
export const subgraphDefinitions: readonly SubgraphDefinition[] = [
  { name: 'auth', typeDefs: authTypeDefs, defaultPort: 4001, portVariable: 'AUTH_PORT', packageName: '@nocturne/auth' },
  { name: 'profile', typeDefs: profileTypeDefs, defaultPort: 4002, portVariable: 'PROFILE_PORT', packageName: '@nocturne/profile' },
  { name: 'swipe', typeDefs: swipeTypeDefs, defaultPort: 4003, portVariable: 'SWIPE_PORT', packageName: '@nocturne/swipe' },
];

/** The routing URL recorded in the supergraph; the gateway's `<NAME>_URL` overrides it. */
export const defaultSubgraphUrl = (definition: SubgraphDefinition) => `http://127.0.0.1:${definition.defaultPort}/graphql`;
