import { readFileSync } from 'node:fs';
import {
  getNamedType,
  getNullableType,
  getVariableValues,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  validate,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { Interests, Kinks, VerificationGestures } from '@nocturne/contracts';
import { apiSchemaOf, SUPERGRAPH_FILE } from '@nocturne/gateway';
import type { ExecuteOperation, RestRoute } from '@nocturne/platform/rest';
import type { Session } from '@nocturne/platform/sessions';
import { restRoutesOf, restTables } from './restTables';

// Each REST route runs GraphQL operations on the supergraph and maps their data to its answer. This
// checks the two against each other for every route of every service, with the supergraph's own types:
// the documents are valid there (fields, arguments, the variables the route sends), every field a route
// selects reaches its answer (read by its mapper, or passed on whole), and the answer has exactly the
// shape of its success schema (its answer in @nocturne/contracts/api), with the data every field can
// hold: all there (lists of one, nullable fields set) and all empty (lists empty, nullable fields null).

/** One request per route, as a client would send it; a new route needs one here. */
const requests: Record<string, { body?: unknown; params?: Record<string, string>; query?: Record<string, unknown> }> = {
  signUp: { body: { username: 'selene', email: 'selene@example.test', password: 'moonlit-walks-42', name: 'Selene', age: '30' } },
  signIn: { body: { username: 'selene', password: 'moonlit-walks-42' } },
  currentUser: {},
  signOut: { body: {} },
  requestPasswordReset: { body: { email: 'selene@example.test' } },
  resetPassword: { body: { token: 'a-token', password: 'moonlit-walks-43' } },
  completeOnboarding: { params: { id: '7' }, body: { gender: 'Female', photos: [], kinks: [], interests: ['Astronomy'], bio: 'Night owl' } },
  updateLocation: { body: { latitude: 52.52, longitude: 13.4 } },
  updateUserLocation: { params: { id: '7' }, body: { latitude: 52.52, longitude: 13.4, location: '52.52, 13.4' } },
  // The name and age of the sample account (a string is its field's name, a whole number 30): the edit's
  // wait for the account to show them ends at once.
  updateProfile: { body: { name: 'name', age: 30, bio: 'Night owl', photos: [], gender: 'Female', kinks: [], interests: [] } },
  arrangePhotos: { body: { photos: ['0123456789abcdef0123456789abcdef'] } },
  deleteAccount: { body: {} },
  verificationStatus: {},
  startVerification: { body: {} },
  deckProfiles: { query: { limit: '5', restart: 'true' } },
  swipe: { body: { swiperId: 7, swipedId: 8, isLike: true, isSuperLike: true, timestamp: '2026-11-01T21:00:00.000Z' } },
  undoPass: { body: { swipedId: 8 } },
  moonBoost: {},
  startMoonBoost: {},
  matches: { params: { id: '7' } },
  membership: {},
  choosePlan: { body: { plan: 'plus', billing: 'weekly' } },
  quota: {},
  swipeWindow: {},
  deckFilters: {},
  setDeckFilters: { body: { gender: 'all', ageRange: [18, 60], distance: 50, city: '', kinks: [], interests: [] } },
  likesReceived: {},
  unmatch: { body: { matchId: 3 } },
  block: { body: { userId: 8 } },
  sendMessage: { body: { matchId: 3, senderId: 7, content: 'Late night coffee or tea?' } },
  messages: { query: { matchId: '3', limit: '20' } },
  reportUser: { body: { userId: 8, matchId: 3, reason: 'spam' } },
  freezeMatch: { body: { matchId: 3 } },
  reportProfile: { body: { userId: 8, reason: 'spam' } },
  contactSupport: { body: { subject: 'Photo upload', message: 'My photo does not appear.' } },
};

/** Values a field's GraphQL type cannot tell (a String the answer narrows to a list of words). */
const valuesOf: Record<string, unknown> = { 'DeckFilters.gender': 'all', 'DeckFilters.kinks': Kinks[0], 'DeckFilters.interests': Interests[0], 'Verification.gesture': VerificationGestures[0], 'DeckCard.photosHidden': false };

type Fill = 'all there' | 'all empty';

/** Data for one operation as the supergraph could answer it; reads of its fields are recorded. */
class SampleAnswer {
  /** Path of every selected field of a scalar or enum type (`me.photos[].url`). */
  readonly leaves = new Set<string>();
  readonly read = new Set<string>();
  private readonly paths = new WeakMap<object, string>();
  recording = true;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fill: Fill,
  ) {}

  of(operation: OperationDefinitionNode): Record<string, unknown> {
    const root = operation.operation === 'mutation' ? this.schema.getMutationType() : this.schema.getQueryType();
    return this.object(root!, operation.selectionSet, '', true) as Record<string, unknown>;
  }

  /** Marks every field under an object the route passed on whole as reaching the answer. */
  passedOn(value: unknown): void {
    if (value === null || typeof value !== 'object') return;
    const path = this.paths.get(value);
    if (path !== undefined) for (const leaf of this.leaves) if (leaf.startsWith(`${path}.`)) this.read.add(leaf);
    for (const child of Object.values(value)) this.passedOn(child);
  }

  private object(type: GraphQLObjectType, selections: SelectionSetNode, path: string, root = false): object {
    const target: Record<string, unknown> = {};
    const leaves = new Set<string>();
    for (const selection of selections.selections) {
      if (selection.kind !== Kind.FIELD) throw new Error(`${path || 'the operation'}: fragments are not followed here`);
      const key = selection.alias?.value ?? selection.name.value;
      const field = type.getFields()[selection.name.value]!;
      const fieldPath = path ? `${path}.${key}` : key;
      if (isLeafType(getNamedType(field.type))) {
        this.leaves.add(fieldPath);
        leaves.add(key);
      }
      target[key] = this.value(field.type, selection.selectionSet, fieldPath, `${type.name}.${selection.name.value}`, root);
    }
    const proxy = new Proxy(target, {
      get: (object, key, receiver) => {
        if (this.recording && typeof key === 'string' && leaves.has(key)) this.read.add(path ? `${path}.${key}` : key);
        return Reflect.get(object, key, receiver);
      },
    });
    this.paths.set(proxy, path);
    return proxy;
  }

  private value(type: GraphQLOutputType, selections: SelectionSetNode | undefined, path: string, field: string, root: boolean): unknown {
    // The root fields answer (a null there is "not found", which the routes answer as such); below them, every nullable field may be null.
    if (!isNonNullType(type) && !root && this.fill === 'all empty') return null;
    const inner = getNullableType(type);
    if (isListType(inner)) return this.fill === 'all empty' ? [] : [this.value(inner.ofType as GraphQLOutputType, selections, `${path}[]`, field, false)];
    if (field in valuesOf) return valuesOf[field];
    if (isEnumType(inner)) return inner.getValues()[0]!.value;
    if (isObjectType(inner)) return this.object(inner, selections!, path);
    switch (inner.name) {
      case 'Int':
        return 30;
      case 'Float':
        return 52.52;
      case 'Boolean':
        return true;
      default:
        return field.split('.')[1];
    }
  }
}

const session: Session = { hash: 'h', userId: 7, createdAt: 0, lastSeenAt: 0 };

async function answerOf(route: RestRoute, schema: GraphQLSchema, fill: Fill) {
  const samples: SampleAnswer[] = [];
  const execute: ExecuteOperation = async <T,>(source: string, variables: Record<string, unknown> = {}) => {
    const document = parse(source);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    const [operation] = document.definitions as OperationDefinitionNode[];
    const { errors } = getVariableValues(schema, operation!.variableDefinitions ?? [], variables);
    expect((errors ?? []).map((error) => error.message)).toEqual([]);
    const sample = new SampleAnswer(schema, fill);
    samples.push(sample);
    return sample.of(operation!) as T;
  };
  const request = requests[route.operationId]!;
  const input = route.parseInput(request.body, request.params ?? {}, request.query ?? {});
  const result = await route.handle({ input, execute, context: { session, clientIp: '203.0.113.7' } });
  for (const sample of samples) {
    sample.recording = false;
    sample.passedOn(result.body);
  }
  return { body: result.body, samples };
}

const routes = restRoutesOf(restTables);
let schema: GraphQLSchema;

beforeAll(async () => {
  schema = await apiSchemaOf(readFileSync(SUPERGRAPH_FILE, 'utf8'));
});

describe("the REST routes' GraphQL selections", () => {
  it('have a sample request for every route', () => {
    expect(routes.map((route) => route.operationId).filter((id) => !(id in requests))).toEqual([]);
  });

  it.each(routes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s: valid on the supergraph, each field reaching the answer, the answer exactly its schema', async (_name, route) => {
    for (const fill of ['all there', 'all empty'] as const) {
      const { body, samples } = await answerOf(route, schema, fill);
      expect(route.success.schema.parse(body)).toEqual(body);
      if (fill !== 'all there') continue;
      for (const sample of samples) {
        // A root field whose data the route never looks at is called for its effect (`unmatch`, `updateLocation { id }`).
        const used = [...sample.leaves].filter((leaf) => [...sample.read].some((read) => read.split(/[.[]/)[0] === leaf.split(/[.[]/)[0]));
        expect(used.filter((leaf) => !sample.read.has(leaf))).toEqual([]);
      }
    }
  });
});
