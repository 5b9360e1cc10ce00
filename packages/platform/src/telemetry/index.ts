export * from './metrics';
export * from './metricsServer';
export * from './requestTelemetry';
export * from './tracing';
export * from './tracingSdk';
export * from './instrumentedEventStore';
export * from './activeSessions';
