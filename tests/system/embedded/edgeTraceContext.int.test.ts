import { eventually, startOtlpReceiver, type OtlpReceiver } from '@nocturne/platform/testing';
import { newPerson, StackProcess } from '../support';

// The embedded stack's process with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT: the standard instrumentations
// are registered, http among them), exporting to a receiver standing in for the collector. The gateway
// faces the internet: a trace context a client sends is not continued (a client would otherwise choose
// trace ids, join other people's traces and force sampling), while its own calls of the subgraphs still
// carry the request's trace. Runs the build (npm run test:int builds first).

const CLIENT_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';

describe("a client's trace context at the gateway", () => {
  jest.setTimeout(120_000);
  let receiver: OtlpReceiver;
  let stack: StackProcess | undefined;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    stack = await StackProcess.start({
      infrastructure: 'embedded',
      env: {
        LOG_LEVEL: 'silent',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_SERVICE_NAME: 'nocturne-embedded',
        // Spans leave every 200 ms instead of every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '200',
        APOLLO_TELEMETRY_DISABLED: 'true',
      },
      readyTimeoutMs: 60_000,
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
  });

  it('starts a trace of its own for a request that names one, which still reaches the subgraph it calls', async () => {
    const res = await stack!
      .client()
      .post('/api/auth/signup', newPerson({ prefix: 'edge', name: 'Edge Owl', age: 30 }))
      .set({ traceparent: `00-${CLIENT_TRACE_ID}-${CLIENT_SPAN_ID}-01`, tracestate: 'vendor=chosen', baggage: 'user=someone-else' });
    expect(res.status).toBe(201);

    const signUp = await eventually(() => {
      const found = receiver.spans.find((span) => span.name === 'POST /api/auth/signup' && span.scope.includes('instrumentation-http'));
      expect(found).toBeDefined();
      return found!;
    }, { timeoutMs: 15_000 });
    expect(signUp.traceId).not.toBe(CLIENT_TRACE_ID);
    expect(signUp.parentSpanId ?? '').toBe('');
    // Its own trace goes on to the subgraph it called, as before.
    await eventually(() => expect(receiver.trace(signUp.traceId).map((span) => span.name)).toEqual(expect.arrayContaining(['subgraph auth', 'POST /graphql'])), { timeoutMs: 15_000 });
    expect(receiver.spans.filter((span) => span.traceId === CLIENT_TRACE_ID).map((span) => span.name)).toEqual([]);
  });
});
