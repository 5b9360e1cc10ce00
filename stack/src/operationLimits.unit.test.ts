import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GraphQLError, Kind, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { ChatLimits } from '@nocturne/contracts';
import { apiSchemaOf, costLimitError, defaultQueryLimits, operationCost, queryLimitsRule, SUPERGRAPH_FILE } from '@nocturne/gateway';
import type { RouteCallerContext } from '@nocturne/platform/rest';
import { serviceRestRoutes } from './services';

// The gateway refuses operations over its limits (depth, aliases, tokens, cost, page items). Every
// operation the REST facade runs and every one the app sends must stay within them, at the largest page
// any service serves.

const LARGEST_PAGE = ChatLimits.pageMax;
let schema: GraphQLSchema;

beforeAll(async () => {
  schema = await apiSchemaOf(readFileSync(SUPERGRAPH_FILE, 'utf8'));
});

/** Every Int variable at the largest page: the most a size argument fed by a variable can ask for. */
const worstCaseVariables = (document: DocumentNode): Record<string, unknown> =>
  Object.fromEntries(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? (definition.variableDefinitions ?? []).filter((variable) => variable.type.kind !== Kind.LIST_TYPE && (variable.type.kind === Kind.NON_NULL_TYPE ? variable.type.type : variable.type).kind === Kind.NAMED_TYPE && JSON.stringify(variable.type).includes('"Int"')).map((variable) => [variable.variable.name.value, LARGEST_PAGE])
        : [],
    ),
  );

/** What the gateway would say of `source`: its refusals' messages, none when it runs. */
function refusalsOf(source: string): string[] {
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: defaultQueryLimits.maxTokens });
  } catch (error) {
    return [(error as GraphQLError).message];
  }
  const errors = validate(schema, document, [...specifiedRules, queryLimitsRule(defaultQueryLimits)]).map((error) => error.message);
  const overBudget = costLimitError(operationCost(schema, document, { variables: worstCaseVariables(document), defaultListSize: defaultQueryLimits.defaultListSize }), defaultQueryLimits);
  return overBudget ? [...errors, overBudget.message] : errors;
}

/** Answers anything a route's handler reads of an answer or an input, so that it runs on to its next call. */
const anything: unknown = new Proxy(function anything() {}, {
  get: (_target, key) => (key === 'then' ? undefined : key === Symbol.toPrimitive ? () => 1 : key === Symbol.iterator ? function* nothing() {} : anything),
  apply: () => anything,
});

/** The GraphQL documents each REST route runs, by `METHOD /path`. */
async function restOperations(): Promise<Map<string, string[]>> {
  const operations = new Map<string, string[]>();
  const context: RouteCallerContext = { session: { hash: 'hash', userId: 1, createdAt: 0, lastSeenAt: 0 }, clientIp: '127.0.0.1' };
  for (const route of serviceRestRoutes()) {
    const documents: string[] = [];
    operations.set(`${route.method.toUpperCase()} ${route.path}`, documents);
    const execute = async (document: string) => {
      documents.push(document);
      return anything as never;
    };
    await route.handle({ input: anything, execute, context }).catch(() => undefined);
  }
  return operations;
}

/** The GraphQL documents of the app's source: string literals and gql templates that start an operation. */
function frontendOperations(): Array<{ file: string; source: string }> {
  const root = path.join(__dirname, '..', '..', 'frontend', 'src');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const found: Array<{ file: string; source: string }> = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    // An operation's keyword, or the shorthand `{ field {` / `{ field(`; none holding a `${...}`.
    for (const match of text.matchAll(/(['`])((?:\s*(?:query|mutation|subscription)\s*(?:[_A-Za-z]\w*)?\s*[({]|\{ *[_A-Za-z]\w* *[{(])(?:(?!\$\{)[^'`])*)\1/g)) {
      found.push({ file, source: match[2]! });
    }
  }
  return found;
}

describe('the limits on GraphQL operations', () => {
  it("leave room for every operation of the REST facade's routes", async () => {
    const operations = await restOperations();
    const withoutOperation = [...operations].filter(([, documents]) => documents.length === 0).map(([route]) => route);
    expect(withoutOperation).toEqual([]);
    for (const [route, documents] of operations) {
      for (const document of documents) expect({ route, document, refusals: refusalsOf(document) }).toEqual({ route, document, refusals: [] });
    }
  });

  it('leave room for every operation the app sends', () => {
    const operations = frontendOperations();
    // The conversation list, its live updates and the settings' queries at least.
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(operations.map(({ source }) => source)).toEqual(expect.arrayContaining([expect.stringContaining('subscription Messages'), expect.stringContaining('{ conversations {')]));
    for (const { file, source } of operations) expect({ file, source, refusals: refusalsOf(source) }).toEqual({ file, source, refusals: [] });
  });

  it('refuse fifteen aliased decks of 50, and a document of too many tokens', () => {
    const decks = Array.from({ length: 15 }, (_, i) => `d${i}: deck(limit: 50) { cards { city } }`).join(' ');
    expect(refusalsOf(`{ ${decks} }`)).toEqual(['The operation asks for 750 items of pages (limit or first); the limit is 100. Ask for fewer or smaller pages.']);
    expect(refusalsOf(`query { ${'... on Query { '.repeat(300)} me { id } ${'}'.repeat(300)} }`)[0]).toMatch(/^Syntax Error: Document contains more that 1000 tokens/);
  });
});
