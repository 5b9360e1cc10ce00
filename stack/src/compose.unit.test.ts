import { readFileSync } from 'node:fs';
import { SUPERGRAPH_FILE } from '@nocturne/gateway';
import { composeSupergraph } from './compose';

describe('the checked-in supergraph', () => {
  it('is what composing the services gives today (run `npm run compose -w stack` when this fails)', () => {
    expect(readFileSync(SUPERGRAPH_FILE, 'utf8')).toBe(composeSupergraph());
  });
});
