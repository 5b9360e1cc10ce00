// What `@nocturne/contracts` resolves to in the browser bundle (vite.config.mts): the shared rules, compiled
// from source, with zod configured first. Only screens that validate input import them, so zod stays off
// the landing page, and the configuration still runs before any schema is built.
import './zodConfig';

export * from '../../packages/contracts/src/index';
