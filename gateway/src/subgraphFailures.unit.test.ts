import { GraphQLError } from 'graphql';
import { DependencyTimeout, DependencyUnavailable } from '@nocturne/platform/ports';
import { subgraphFailureOf } from './subgraphFailures';

describe('subgraph calls that failed below GraphQL', () => {
  it('reads a refused or broken connection as the subgraph being away', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4001'), { code: 'ECONNREFUSED' }) });
    expect(subgraphFailureOf(refused, 1_000)).toBeInstanceOf(DependencyUnavailable);
  });

  it("reads node:http's refused, reset and unreachable sockets as the subgraph being away", () => {
    const socketError = (message: string, code: string) => Object.assign(new Error(message), { code });
    for (const error of [socketError('connect ECONNREFUSED 127.0.0.1:4002', 'ECONNREFUSED'), socketError('socket hang up', 'ECONNRESET'), socketError('getaddrinfo ENOTFOUND profile', 'ENOTFOUND')]) {
      expect(subgraphFailureOf(error, 1_000)).toBeInstanceOf(DependencyUnavailable);
    }
  });

  it('reads an expired deadline as a timeout', () => {
    expect(subgraphFailureOf(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 1_000)).toBeInstanceOf(DependencyTimeout);
  });

  it('leaves what the subgraph answered, and bugs, as they are', () => {
    expect(subgraphFailureOf(new GraphQLError('Not found', { extensions: { code: 'NOT_FOUND' } }), 1_000)).toBeUndefined();
    expect(subgraphFailureOf(new TypeError('x is not a function'), 1_000)).toBeUndefined();
    expect(subgraphFailureOf(Object.assign(new Error('no such file'), { code: 'ENOENT' }), 1_000)).toBeUndefined();
  });
});
