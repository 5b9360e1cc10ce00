import { readStackEnvironment } from './environment';

describe('the stack environment', () => {
  it('seeds the demo night owls unless DEMO_NIGHT_OWLS turns them off', () => {
    expect(readStackEnvironment({}).settings.DEMO_NIGHT_OWLS).toBe(true);
    expect(readStackEnvironment({ DEMO_NIGHT_OWLS: 'false' }).settings.DEMO_NIGHT_OWLS).toBe(false);
    expect(readStackEnvironment({ DEMO_NIGHT_OWLS: '0' }).settings.DEMO_NIGHT_OWLS).toBe(false);
    expect(readStackEnvironment({ DEMO_NIGHT_OWLS: 'true' }).settings.DEMO_NIGHT_OWLS).toBe(true);
  });

  it('stops with status 78 naming DEMO_NIGHT_OWLS on a value that is not a boolean', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => readStackEnvironment({ DEMO_NIGHT_OWLS: 'maybe' })).toThrow('exit 78');
      expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toContain('DEMO_NIGHT_OWLS');
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });

  it('reads TRUST_PROXY as a hop count or proxy addresses', () => {
    expect(readStackEnvironment({}).settings.TRUST_PROXY).toBe(false);
    expect(readStackEnvironment({ TRUST_PROXY: '1' }).settings.TRUST_PROXY).toBe(1);
    expect(readStackEnvironment({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 172.16.0.1' }).settings.TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '172.16.0.1']);
  });

  it.each([
    ['true', "'true' would believe any X-Forwarded-For"],
    ['anywhere', "not 'anywhere'"],
    ['10.0.0.0/99', "not '10.0.0.0/99'"],
  ])('stops with status 78 on TRUST_PROXY=%s', (value, message) => {
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => readStackEnvironment({ TRUST_PROXY: value })).toThrow('exit 78');
      const output = stderr.mock.calls.map(([text]) => String(text)).join('');
      expect(output).toContain('TRUST_PROXY');
      expect(output).toContain(message);
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  });
});
