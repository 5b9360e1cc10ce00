import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/**
 * Queries and mutations over HTTP on the gateway's /graphql. Live updates do not go through Apollo: they
 * have one client of their own, the app's one WebSocket (`live/liveClient.ts`).
 */
function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'include' }),
    cache: new InMemoryCache(),
    // The spec's reads never go stale and are never refetched on their own.
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-first' } },
  });
}

let shared: ApolloClient | undefined;

/**
 * The one GraphQL client of the app, for hooks (`{ client: sharedApolloClient() }`) and machine actors
 * alike. Only the screens that speak GraphQL import this module, so the landing page never loads Apollo.
 */
export function sharedApolloClient(): ApolloClient {
  shared ??= createApolloClient();
  return shared;
}
