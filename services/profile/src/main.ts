// First: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch the libraries before they load.
import '@nocturne/platform/tracing';
import { runServiceMain } from '@nocturne/platform/kit';
import { profileService } from './service';

runServiceMain(profileService);
