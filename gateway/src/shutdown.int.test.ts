import { connect, type Socket } from 'node:net';
import { composeServices } from '@apollo/composition';
import { authRoutes } from '@nocturne/auth/rest';
import { parse } from 'graphql';
import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { createGateway } from './gateway';
import { authSubgraphSdl } from './testing/authSubgraphSdl';
import { createFakeAuthSubgraph } from './testing/fakeAuthSubgraph';

// Stopping drains: a request that reaches the gateway once stopping began runs nothing. The drain ends
// idle keep-alive sockets; a request already on its way on one of them used to be read and run while its
// answer could no longer be sent, so a sign-up was kept and nobody was told.

const secret = 'a-test-secret-of-enough-length';
const supergraphSdl = composeServices([{ name: 'auth', url: 'http://127.0.0.1:4001/graphql', typeDefs: parse(authSubgraphSdl) }]).supergraphSdl!;

/** Resolves with everything the server sent once it closed its side of the connection. */
const untilServerEnds = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.once('end', () => resolve(received));
    socket.once('close', () => resolve(received));
  });

it('runs nothing of a request that arrives on an open connection once stopping began', async () => {
  const fake = createFakeAuthSubgraph(secret);
  const subgraphUrl = (await fake.server.start()).url;
  const gateway = createGateway({
    supergraphSdl,
    subgraphUrls: { auth: subgraphUrl },
    internalSecret: secret,
    sessions: fake.sessions,
    sharedStore: new InProcessKeyValueStore(),
    host: '127.0.0.1',
    restRoutes: authRoutes,
    proxiedPrefixes: [],
  });
  const { port } = await gateway.start(0);
  try {
    // A client's kept-alive connection, idle when the stop begins.
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const serverEnded = untilServerEnds(socket);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const callsBefore = fake.receivedContexts.length;

    const stopped = gateway.stop();
    // The request the client had already sent as the gateway began to stop.
    const body = JSON.stringify({ username: 'lateowl', email: 'late.owl@example.test', password: 'moonlight42', name: 'Late Owl', age: 30 });
    socket.write(`POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const answer = await serverEnded;
    socket.destroy();
    await stopped;

    // Never run: the stand-in auth subgraph was not called, and the client was told nothing was done or told nothing.
    expect(fake.receivedContexts.length).toBe(callsBefore);
    expect(answer === '' || /^HTTP\/1\.1 503 /.test(answer)).toBe(true);
  } finally {
    await gateway.stop();
    await fake.server.stop();
  }
});
