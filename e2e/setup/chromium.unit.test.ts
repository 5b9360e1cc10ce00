import { ChromiumMissingError, ensureChromium, type ChromiumSetup } from './chromium';

function machine({ installed = false, root = false, aptGet = true, installWorks = true, env = {} as NodeJS.ProcessEnv } = {}) {
  const browsers = new Set(installed ? ['/usr/bin/chromium'] : []);
  const commands: string[] = [];
  const said: string[] = [];
  const setup: ChromiumSetup = {
    env,
    isExecutable: (file) => browsers.has(file),
    isRoot: () => root,
    hasCommand: (command) => command === 'apt-get' && aptGet,
    run: (command, args, runEnv) => {
      commands.push([command, ...args].join(' '));
      expect(runEnv.DEBIAN_FRONTEND).toBe('noninteractive');
      if (installWorks && args.includes('install')) browsers.add('/usr/bin/chromium');
      return installWorks;
    },
    say: (message) => said.push(message),
  };
  return { setup, commands, said };
}

describe('ensureChromium', () => {
  it('uses the installed Chromium and touches nothing', () => {
    const { setup, commands } = machine({ installed: true, root: true });
    expect(ensureChromium(setup)).toBe('/usr/bin/chromium');
    expect(commands).toEqual([]);
  });

  it('installs Debian\'s chromium with apt-get when it is missing and we are root, and says so', () => {
    const { setup, commands, said } = machine({ root: true });
    expect(ensureChromium(setup)).toBe('/usr/bin/chromium');
    expect(commands).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
    expect(said[0]).toMatch(/^Chromium is missing at \/usr\/bin\/chromium: installing Debian's chromium package with apt-get/);
  });

  it('stops with the one command to run when it may not install', () => {
    const { setup, commands } = machine({ root: false });
    expect(() => ensureChromium(setup)).toThrow(new ChromiumMissingError('Chromium is missing at /usr/bin/chromium; the browser tests need it. Run: sudo apt-get install -y chromium'));
    expect(commands).toEqual([]);
  });

  it('stops with the command when apt-get fails', () => {
    const { setup } = machine({ root: true, installWorks: false });
    expect(() => ensureChromium(setup)).toThrow(/Installing Chromium with apt-get failed.*sudo apt-get install -y chromium/);
  });

  it('names no apt-get command on a system without it', () => {
    const { setup } = machine({ root: true, aptGet: false });
    expect(() => ensureChromium(setup)).toThrow(/package manager and run the tests with CHROMIUM_PATH=/);
  });

  it('never installs over a CHROMIUM_PATH that points nowhere', () => {
    const { setup, commands } = machine({ root: true, env: { CHROMIUM_PATH: '/opt/chromium/chrome' } });
    expect(() => ensureChromium(setup)).toThrow(/^CHROMIUM_PATH=\/opt\/chromium\/chrome is not an executable browser/);
    expect(commands).toEqual([]);
  });
});
