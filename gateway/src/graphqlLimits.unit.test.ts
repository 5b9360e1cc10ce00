import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { costLimitError, operationCost, queryLimitsRule } from './graphqlLimits';

const schema = buildSchema(`
  type User { id: Int! friend: User name: String }
  type Query { me: User }
`);
const check = (query: string) => validate(schema, parse(query), [...specifiedRules, queryLimitsRule({ maxDepth: 4, maxAliases: 3 })]).map((e) => e.message);
const nested = (levels: number) => `${'{ me '.repeat(1)}${'{ friend '.repeat(levels - 2)}{ id }${' }'.repeat(levels - 2)} }`;

describe('query limits', () => {
  it('accepts an operation at the depth limit', () => {
    expect(check(nested(4))).toEqual([]);
  });

  it('refuses an operation nested deeper than the limit, through fragments too', () => {
    expect(check(nested(5))).toEqual(['The operation is nested 5 levels deep; the limit is 4.']);
    expect(check('query Deep { me { ...A } } fragment A on User { friend { ...B } } fragment B on User { friend { friend { id } } }')).toEqual([
      "'Deep' is nested 5 levels deep; the limit is 4.",
    ]);
  });

  it('counts aliases, including those a fragment repeats', () => {
    expect(check('{ a: me { id } b: me { id } c: me { id } }')).toEqual([]);
    expect(check('{ a: me { id } b: me { id } c: me { id } d: me { id } }')).toEqual(['The operation uses 4 aliases; the limit is 3.']);
    expect(check('{ me { ...F } x: me { ...F } } fragment F on User { p: id q: name }')).toEqual(['The operation uses 5 aliases; the limit is 3.']);
  });

  it('leaves introspection out of the depth', () => {
    expect(check('{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }')).toEqual([]);
  });

  it('counts aliased introspection fields, and aliases inside introspection', () => {
    expect(check('{ a: __schema { queryType { name } } b: __schema { queryType { name } } c: __type(name: "User") { name } d: __schema { queryType { name } } }')).toEqual([
      'The operation uses 4 aliases; the limit is 3.',
    ]);
    expect(check('{ __schema { a: types { name } b: types { name } c: types { name } d: types { name } } }')).toEqual(['The operation uses 4 aliases; the limit is 3.']);
  });

  it('stops on fragment cycles, which graphql reports itself', () => {
    const messages = check('{ me { ...A } } fragment A on User { friend { ...B } } fragment B on User { friend { ...A } }');
    expect(messages.some((m) => m.includes('Cannot spread fragment'))).toBe(true);
  });
});

describe('operation cost', () => {
  const catalogue = buildSchema(`
    type Photo { url: String }
    type Card { name: String photos: [Photo!]! tags: [String!]! }
    type Deck { cards: [Card!]! total: Int }
    type Query { deck(limit: Int = 20): Deck! people(first: Int): [Card!]! tags: [String!]! }
  `);
  const cost = (query: string, variables: Record<string, unknown> = {}) => operationCost(catalogue, parse(query), { variables, defaultListSize: 10 });

  it('counts each field once per item of the lists around it, a page at the size asked of it or of the field above', () => {
    expect(cost('{ deck(limit: 50) { cards { name } } }')).toEqual({ cost: 1 + 1 + 50 * 1, pageItems: 50 });
    expect(cost('{ people(first: 3) { name photos { url } } }')).toEqual({ cost: 1 + 3 * (1 + 1 + 10 * 1), pageItems: 3 });
    expect(cost('{ tags }')).toEqual({ cost: 1, pageItems: 0 });
    expect(cost('{ __typename __schema { types { fields { args { name } } } } }')).toEqual({ cost: 0, pageItems: 0 });
  });

  it("reads a page's size from the variables, else the argument's default, else the default list size", () => {
    expect(cost('query ($n: Int) { deck(limit: $n) { cards { name } } }', { n: 40 }).pageItems).toBe(40);
    expect(cost('query ($n: Int) { deck(limit: $n) { cards { name } } }').pageItems).toBe(20);
    expect(cost('{ deck { cards { name } } }').pageItems).toBe(20);
    expect(cost('{ people { name } }').pageItems).toBe(10);
  });

  it('adds up aliases and fragments, and counts nested spreads once each', () => {
    const decks = Array.from({ length: 15 }, (_, i) => `d${i}: deck(limit: 50) { ...Cards }`).join(' ');
    expect(cost(`{ ${decks} } fragment Cards on Deck { cards { name } }`)).toEqual({ cost: 15 * 52, pageItems: 750 });
    const chain = Array.from({ length: 40 }, (_, i) => `fragment F${i} on Query { tags ...F${i + 1} ...F${i + 1} }`).join(' ');
    expect(cost(`{ ...F0 } ${chain} fragment F40 on Query { tags }`).cost).toBe(2 ** 41 - 1);
  });

  it('refuses over either budget with a message naming the figures', () => {
    const limits = { maxCost: 100, maxPageItems: 60, defaultListSize: 10 };
    expect(costLimitError({ cost: 100, pageItems: 60 }, limits)).toBeUndefined();
    expect(costLimitError({ cost: 10, pageItems: 750 }, limits)?.message).toBe('The operation asks for 750 items of pages (limit or first); the limit is 60. Ask for fewer or smaller pages.');
    const expensive = costLimitError({ cost: 101, pageItems: 0 }, limits, 'Wide');
    expect(expensive?.message).toMatch(/^'Wide' costs 101; the limit is 100\./);
    expect(expensive?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } });
  });
});
