import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EdgeRequest } from './edgeRequest';

/** The headers the gateway's kind of server hands its handler for a request sending `sent`. */
async function headersSeenBy(sent: Record<string, string>): Promise<IncomingHttpHeaders> {
  let seen: IncomingHttpHeaders = {};
  const server = createServer({ IncomingMessage: EdgeRequest }, (req, res) => {
    seen = req.headers;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, { headers: sent });
    expect(res.status).toBe(200);
    return seen;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const sent = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=chosen', baggage: 'user=someone-else', 'x-kept': 'yes' };

describe("the gateway's requests", () => {
  it('carry no trace context from the client, and every other header', async () => {
    const seen = await headersSeenBy(sent);
    expect(seen).not.toHaveProperty('traceparent');
    expect(seen).not.toHaveProperty('tracestate');
    expect(seen).not.toHaveProperty('baggage');
    expect(seen['x-kept']).toBe('yes');
  });
});
