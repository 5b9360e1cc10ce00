import { createClient, type Client } from 'graphql-ws';
import pino from 'pino';
import { WebSocket } from 'ws';
import { RuleViolation } from '../domain/ruleViolation';
import { InProcessKeyValueStore } from '../inprocess';
import { LiveChannels } from '../kit/liveChannels';
import { eventually } from '../testing/eventually';
import { INTERNAL_CONTEXT_HEADER, signInternalContext, subscriptionBody, type InternalContext } from './internalContext';
import { createSubgraphServer, type SubgraphBaseContext, type SubgraphServer } from './subgraphServer';

const secret = 'test-secret-for-subscriptions';
const typeDefs = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { ping: Boolean }
  type Subscription { news(room: String!): String!, forbidden: String!, crashes: String! }
`;

type Caller = Omit<InternalContext, 'iat'>;
interface Operation {
  query: string;
  variables?: Record<string, unknown>;
}

describe('subgraph server subscriptions (graphql-ws)', () => {
  const kv = new InProcessKeyValueStore();
  const live = new LiveChannels(kv);
  let server: SubgraphServer;
  let wsUrl: string;
  const clients: Client[] = [];
  const closed: string[] = [];

  beforeAll(async () => {
    server = createSubgraphServer<SubgraphBaseContext>({
      name: 'live',
      typeDefs,
      port: 0,
      internalSecret: secret,
      logger: pino({ level: 'silent' }),
      resolvers: {
        Query: { ping: () => true },
        Subscription: {
          news: {
            subscribe: (_parent, args: { room: string }, context: SubgraphBaseContext) =>
              live.listen<string, string>([args.room], { transform: (text) => `${text} (for ${context.internal.uid ?? 'nobody'})`, onClose: () => void closed.push(args.room) }),
            resolve: (value: string) => value,
          },
          forbidden: {
            subscribe: () => {
              throw new RuleViolation('FORBIDDEN', 'This conversation is not yours');
            },
          },
          crashes: {
            subscribe: () => {
              throw new Error('redis://secret@host is down');
            },
          },
        },
      },
    });
    const { url } = await server.start();
    wsUrl = url.replace('http://', 'ws://');
  });

  afterAll(async () => {
    for (const client of clients) await client.dispose();
    await server.stop();
    await kv.close();
  });

  const socket = () => {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
    clients.push(client);
    return client;
  };
  /** An operation as the gateway forwards one: its signature in the operation's extensions. */
  const connect = (operation: Operation, header: (operation: Operation) => string | undefined, client = socket()) => {
    const signature = header(operation);
    return client.iterate({ ...operation, ...(signature !== undefined && { extensions: { [INTERNAL_CONTEXT_HEADER]: signature } }) });
  };
  /** The first value of a stream, publishing to `room` until the subscription listens. */
  const firstValue = async (stream: AsyncIterator<unknown>, room: string) => {
    const first = stream.next();
    await eventually(async () => {
      await live.publish(room, 'hello');
      await expect(Promise.race([first, new Promise((resolve) => setTimeout(() => resolve('waiting'), 20))])).resolves.not.toBe('waiting');
    });
    return (await first).value;
  };
  const signedBy =
    (caller: Caller, options: { secret?: string; iat?: number } = {}) =>
    (operation: Operation) =>
      signInternalContext(caller, options.secret ?? secret, { method: 'SUBSCRIBE', path: '/graphql', body: subscriptionBody(operation) }, options.iat);

  it('delivers what is published to a subscriber whose operation the gateway signed, and leaves the channel when it stops', async () => {
    const operation = { query: 'subscription ($room: String!) { news(room: $room) }', variables: { room: 'moon' } };
    const stream = connect(operation, signedBy({ uid: 7, ip: '::1' }));
    const first = stream.next();
    // The subscription is live once the server listens; publish until it is.
    await eventually(async () => {
      await live.publish('moon', 'hello');
      await expect(Promise.race([first, new Promise((resolve) => setTimeout(() => resolve('waiting'), 20))])).resolves.not.toBe('waiting');
    });
    expect((await first).value).toEqual({ data: { news: 'hello (for 7)' } });
    await stream.return?.();
    await eventually(() => expect(closed).toContain('moon'));
  });

  it('runs several operations on one socket, each as the caller its own signature names', async () => {
    const shared = socket();
    const news = (room: string) => ({ query: 'subscription ($room: String!) { news(room: $room) }', variables: { room } });
    const seven = connect(news('venus'), signedBy({ uid: 7, ip: '::1' }), shared);
    const eight = connect(news('mars'), signedBy({ uid: 8, ip: '::1' }), shared);
    expect(await firstValue(seven, 'venus')).toEqual({ data: { news: 'hello (for 7)' } });
    expect(await firstValue(eight, 'mars')).toEqual({ data: { news: 'hello (for 8)' } });
    const unsigned = connect(news('venus'), () => undefined, shared);
    await expect(unsigned.next()).rejects.toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })]);
    await seven.return?.();
    await eight.return?.();
  });

  it('never takes a signature from the connection parameters', async () => {
    const operation = { query: 'subscription ($room: String!) { news(room: $room) }', variables: { room: 'moon' } };
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0, connectionParams: () => ({ [INTERNAL_CONTEXT_HEADER]: signedBy({ uid: 7, ip: '::1' })(operation) }) });
    clients.push(client);
    await expect(client.iterate(operation).next()).rejects.toEqual([expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })]);
  });

  it.each<[string, (operation: Operation) => string | undefined]>([
    ['missing', () => undefined],
    ['forged', signedBy({ uid: 7, ip: '::1' }, { secret: 'another-secret-of-some-length' })],
    ['stale', signedBy({ uid: 7, ip: '::1' }, { iat: Date.now() - 16_000 })],
    ['signed for another operation', (operation) => signInternalContext({ uid: 7, ip: '::1' }, secret, { method: 'SUBSCRIBE', path: '/graphql', body: subscriptionBody({ ...operation, variables: { room: 'sun' } }) })],
    ['signed for a POST', (operation) => signInternalContext({ uid: 7, ip: '::1' }, secret, { method: 'POST', path: '/graphql', body: subscriptionBody(operation) })],
  ])('refuses a subscription whose context is %s', async (_case, header) => {
    const stream = connect({ query: 'subscription ($room: String!) { news(room: $room) }', variables: { room: 'moon' } }, header);
    await expect(stream.next()).rejects.toEqual([expect.objectContaining({ message: 'Missing or invalid internal context', extensions: { code: 'UNAUTHENTICATED' } })]);
  });

  it('answers a broken rule with its code, and masks anything else', async () => {
    const forbidden = { query: 'subscription { forbidden }' };
    const refused = await connect(forbidden, signedBy({ uid: 7, ip: '::1' })).next();
    expect(refused.value).toEqual({ errors: [expect.objectContaining({ message: 'This conversation is not yours', extensions: { code: 'FORBIDDEN' } })] });
    const crashes = { query: 'subscription { crashes }' };
    const masked = await connect(crashes, signedBy({ uid: 7, ip: '::1' })).next();
    expect(JSON.stringify(masked.value)).not.toContain('secret');
    expect(masked.value.errors[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
  });
});
