export { startEmbeddedStack, type EmbeddedStack, type EmbeddedStackOptions } from './embedded';
export { services } from './services';
