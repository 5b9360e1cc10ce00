import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { from, mergeMap } from 'rxjs';

/**
 * Subscriptions over graphql-ws on the gateway's /graphql. The WebSocket client is a separate chunk,
 * fetched with the first subscription: screens without one never download it or open a socket.
 */
export function lazyWebSocketLink(origin: Pick<Location, 'protocol' | 'host'>): ApolloLink {
  let loading: Promise<ApolloLink> | undefined;
  const load = async () => {
    const [{ GraphQLWsLink }, { createClient }] = await Promise.all([import('@apollo/client/link/subscriptions'), import('graphql-ws')]);
    return new GraphQLWsLink(createClient({ url: `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}/graphql`, lazy: true }));
  };
  return new ApolloLink((operation, forward) =>
    from(
      (loading ??= load().catch((error: unknown) => {
        // A failed chunk download is retried by the next subscription.
        loading = undefined;
        throw error;
      })),
    ).pipe(mergeMap((link) => link.request(operation, forward))),
  );
}

/** Queries and mutations over HTTP, subscriptions over graphql-ws on the same gateway path. */
export function createApolloClient(origin: Location = window.location): ApolloClient {
  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
  return new ApolloClient({
    link: ApolloLink.split((operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION, lazyWebSocketLink(origin), httpLink),
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
