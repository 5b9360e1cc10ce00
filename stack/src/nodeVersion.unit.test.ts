import { REQUIRED_NODE_MAJOR, unsupportedNode } from './nodeVersion';

describe('the Node.js the stack starts on', () => {
  it('is refused below the required major version, with how to start it instead', () => {
    expect(unsupportedNode('20.20.2')).toContain(`Node.js ${REQUIRED_NODE_MAJOR} or newer, and this is 20.20.2`);
    expect(unsupportedNode('20.20.2')).toContain('npm start');
  });

  it('is accepted from the required major version on', () => {
    expect(unsupportedNode(`${REQUIRED_NODE_MAJOR}.11.0`)).toBeNull();
    expect(unsupportedNode(`${REQUIRED_NODE_MAJOR + 1}.0.0`)).toBeNull();
  });
});
