export { startEmbeddedStack, type EmbeddedStack, type EmbeddedStackOptions } from './embedded';
export { composeSupergraph } from './compose';
export { services } from './services';
