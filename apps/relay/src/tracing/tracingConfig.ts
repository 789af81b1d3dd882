/**
 * Where the relay exports its spans. Invariant: tracing is on exactly when this config is set.
 */

/** Where and as what the relay exports its spans (set: tracing on; see config.ts). */
export interface TracingConfig {
  /** The OTLP/HTTP traces URL spans are POSTed to (JSON), e.g. `http://collector:4318/v1/traces`. */
  readonly tracesUrl: string;
  /** `service.name` of every span (OTEL_SERVICE_NAME). */
  readonly serviceName: string;
}
