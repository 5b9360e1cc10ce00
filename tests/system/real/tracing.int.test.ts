import { eventually, startOtlpReceiver, type OtlpReceiver } from '@nocturne/platform/testing';
import { hasRealInfrastructure, likeEachOther, StackProcess } from '../support';

// On the real servers, each service its own process exporting over OTLP/HTTP (to a receiver standing in
// for the collector): one sign-up is one trace from the gateway through auth, its store and Kafka to the
// consumers in the profile and swipe processes, with the standard instrumentations' spans (http, express,
// graphql, kafkajs, the MongoDB driver) in it. Skipped without the real servers; run under
// `flock /tmp/nocturne-real.lock`.
const d = hasRealInfrastructure ? describe : describe.skip;

/** Every leaf of a recorded statement. */
const leaves = (value: unknown): unknown[] => (value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [value]);

d('real stack: traces across processes', () => {
  let receiver: OtlpReceiver;
  let stack: StackProcess | undefined;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    stack = await StackProcess.start({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint } });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop(15_000);
    await receiver?.stop();
  }, 30_000);

  it('gives one sign-up one trace across the gateway, auth, Kafka, profile and swipe', async () => {
    await stack!.signUp();
    const root = await eventually(
      () => {
        const found = receiver.spans.find((span) => span.service === 'nocturne-gateway' && span.name === 'POST /api/auth/signup');
        expect(found).toBeDefined();
        return found!;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    await eventually(
      () => {
        const spans = receiver.trace(root.traceId);
        const seen = new Set(spans.map((span) => `${span.service} ${span.name}`));
        for (const expected of [
          'nocturne-gateway subgraph auth',
          'nocturne-auth POST /graphql',
          'nocturne-auth append user',
          'nocturne-auth insert events',
          'nocturne-auth publish UserRegistered',
          'nocturne-auth send auth.events',
          'nocturne-profile process auth.events',
          'nocturne-profile consume UserRegistered',
          'nocturne-profile append profile',
          'nocturne-swipe consume UserRegistered',
          'nocturne-swipe append candidate',
        ]) {
          expect(seen).toContain(expected);
        }
        // One tree: no span points at a parent outside the trace.
        const ids = new Set(spans.map((span) => span.spanId));
        expect(spans.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId)).map((span) => span.name)).toEqual([]);
      },
      { timeoutMs: 60_000 },
    );
  }, 120_000);

  it("shows a swipe's database calls in its trace, each command's shape without its values", async () => {
    await likeEachOther(stack!);
    await eventually(
      () => {
        // The swipes through the gateway (a like the swipe service refused with 404 before it knew the person
        // wrote nothing); the one that stored its swipe shows each call to the database.
        const swipes = receiver.spans.filter((span) => span.service === 'nocturne-gateway' && span.name === 'POST /api/swipes').map((root) => receiver.trace(root.traceId));
        const database = swipes.map((spans) => spans.filter((span) => span.service === 'nocturne-swipe' && span.attributes['db.system.name'] === 'mongodb'));
        const stored = database.find((spans) => spans.some((span) => span.name === 'insert events'));
        expect(stored?.map((span) => span.name)).toEqual(expect.arrayContaining(['insert events', 'find events']));
        for (const span of database.flat()) expect(leaves(JSON.parse(String(span.attributes['db.query.text']))).every((leaf) => leaf === '?')).toBe(true);
      },
      { timeoutMs: 60_000 },
    );
  }, 180_000);
});
