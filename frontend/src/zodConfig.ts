import { config } from 'zod';

// The gateway's CSP forbids eval. Left on, zod probes `new Function` while building schemas and the browser
// logs a violation; src/contracts.ts imports this module before any schema exists.
config({ jitless: true });
