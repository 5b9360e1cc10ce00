import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/**
 * The browser every browser test and `npm run bench:web` drive: Debian's Chromium, never a downloaded
 * build. `CHROMIUM_PATH` names another.
 */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export const chromiumPath = (env: NodeJS.ProcessEnv = process.env) => env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;

/** Flags for a quiet, repeatable browser on a machine without a GPU or a user profile. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A generated camera and microphone (a test pattern and a beep), allowed without a prompt: the selfie
  // and voice screens record from them.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/** The one command that installs the browser the tests expect. */
export const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

export class ChromiumMissingError extends Error {
  override name = 'ChromiumMissingError';
}

export interface ChromiumSetup {
  env: NodeJS.ProcessEnv;
  isExecutable(file: string): boolean;
  /** Root may install system packages. */
  isRoot(): boolean;
  hasCommand(command: string): boolean;
  /** Runs a command with the terminal attached; true when it succeeded. */
  run(command: string, args: string[], env: NodeJS.ProcessEnv): boolean;
  say(message: string): void;
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export const systemSetup: ChromiumSetup = {
  env: process.env,
  isExecutable,
  isRoot: () => process.getuid?.() === 0,
  hasCommand: (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0,
  run: (command, args, env) => spawnSync(command, args, { stdio: 'inherit', env }).status === 0,
  // Playwright shows what the config prints; the message must reach the person running the tests.
  say: (message) => console.error(message),
};

/**
 * Makes sure the browser is there before any test starts. Missing on a Debian machine where we are root,
 * it is installed with apt-get (saying so); anywhere else the run stops at once with the command to run,
 * instead of failing every test later with "executable doesn't exist".
 */
export function ensureChromium(setup: ChromiumSetup = systemSetup): string {
  const browser = chromiumPath(setup.env);
  if (setup.isExecutable(browser)) return browser;
  if (setup.env.CHROMIUM_PATH) {
    throw new ChromiumMissingError(`CHROMIUM_PATH=${browser} is not an executable browser. Point CHROMIUM_PATH at Chromium, or unset it and run: ${INSTALL_COMMAND}`);
  }
  if (setup.isRoot() && setup.hasCommand('apt-get')) {
    setup.say(`Chromium is missing at ${browser}: installing Debian's chromium package with apt-get (running as root)...`);
    const env = { ...setup.env, DEBIAN_FRONTEND: 'noninteractive' };
    const installed = setup.run('apt-get', ['update', '-qq'], env) && setup.run('apt-get', ['install', '-y', '-qq', 'chromium'], env);
    if (installed && setup.isExecutable(browser)) {
      setup.say(`Chromium installed at ${browser}.`);
      return browser;
    }
    throw new ChromiumMissingError(`Installing Chromium with apt-get failed. Install it, then run the tests again: ${INSTALL_COMMAND}`);
  }
  if (!setup.hasCommand('apt-get')) {
    throw new ChromiumMissingError(`Chromium is missing at ${browser}; the browser tests need it. Install Chromium with this system's package manager and run the tests with CHROMIUM_PATH=/path/to/chromium`);
  }
  throw new ChromiumMissingError(`Chromium is missing at ${browser}; the browser tests need it. Run: ${INSTALL_COMMAND}`);
}
