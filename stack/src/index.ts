export { startEmbeddedStack, type EmbeddedStack, type EmbeddedStackOptions } from './embedded';
export { metricsPortVariableOf, portVariableOf, services } from './services';
