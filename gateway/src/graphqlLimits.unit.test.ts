import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { queryLimitsRule } from './graphqlLimits';

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
