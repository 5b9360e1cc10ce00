import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';

/** Queries and mutations over HTTP, subscriptions over graphql-ws on the same gateway path. */
export function createApolloClient(origin: Location = window.location): ApolloClient {
  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
  const wsLink = new GraphQLWsLink(
    // lazy: the socket opens with the first subscription, so signed-out screens never connect.
    createClient({ url: `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}/graphql`, lazy: true }),
  );
  return new ApolloClient({
    link: ApolloLink.split((operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION, wsLink, httpLink),
    cache: new InMemoryCache(),
    // The spec's reads never go stale and are never refetched on their own.
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-first' } },
  });
}

let shared: ApolloClient | undefined;

/** The one client of the app: the provider hands it to hooks, and machine actors call it directly. */
export function sharedApolloClient(): ApolloClient {
  shared ??= createApolloClient();
  return shared;
}
