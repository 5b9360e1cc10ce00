import { readFileSync } from 'node:fs';
import { SUPERGRAPH_FILE } from './paths';
import { subgraphsOf, subscriptionOwners } from './supergraph';

const supergraphWithSubscriptions = `
enum join__Graph {
  AUTH @join__graph(name: "auth", url: "http://127.0.0.1:4001/graphql")
  CHAT @join__graph(name: "chat", url: "http://127.0.0.1:4004/graphql")
}
type Subscription @join__type(graph: CHAT) {
  messageAdded(matchId: Int!): String @join__field(graph: CHAT)
  typing: Boolean
}
`;

describe('reading the supergraph', () => {
  it('lists the subgraphs of the checked-in supergraph with their URLs', () => {
    const subgraphs = subgraphsOf(readFileSync(SUPERGRAPH_FILE, 'utf8'));
    expect(subgraphs).toContainEqual({ name: 'auth', enumValue: 'AUTH', url: 'http://127.0.0.1:4001/graphql' });
  });

  it('finds the subgraph owning each subscription field', () => {
    const owners = subscriptionOwners(supergraphWithSubscriptions);
    expect(owners.get('messageAdded')?.name).toBe('chat');
    expect(owners.get('typing')?.name).toBe('chat');
    expect(owners.size).toBe(2);
  });

  it('refuses a schema that is not a supergraph', () => {
    expect(() => subgraphsOf('type Query { a: Int }')).toThrow('join__Graph');
  });
});
