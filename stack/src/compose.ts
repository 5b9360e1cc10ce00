import { writeFileSync } from 'node:fs';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { SUPERGRAPH_FILE } from '@nocturne/gateway';
import type { ServiceDefinition } from '@nocturne/platform/kit';
import { defaultSubgraphUrl, services } from './services';

/** Composes the subgraphs' SDL into the supergraph the gateway serves; throws with every composition error. */
export function composeSupergraph(definitions: ReadonlyArray<Pick<ServiceDefinition, 'name' | 'defaultPort' | 'typeDefs'>> = services): string {
  const result = composeServices(definitions.map((definition) => ({ name: definition.name, url: defaultSubgraphUrl(definition), typeDefs: parse(definition.typeDefs) })));
  if (result.errors) throw new Error(`supergraph composition failed:\n${result.errors.map((error) => `  - ${error.message}`).join('\n')}`);
  return result.supergraphSdl;
}

if (require.main === module) {
  writeFileSync(SUPERGRAPH_FILE, composeSupergraph());
  process.stdout.write(`wrote ${SUPERGRAPH_FILE}\n`);
}
