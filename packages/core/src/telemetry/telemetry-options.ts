/**
 * What a turn records as OpenTelemetry spans. Spans are made only when `@opentelemetry/api` is installed (an
 * optional peer dependency: nothing is loaded without it) and go to the tracer provider the host registered,
 * or to `tracer`. A turn that starts before any provider is registered records nothing, also after one is.
 */
export interface TelemetryOptions {
  /** Default true when `@opentelemetry/api` is installed. */
  enabled?: boolean;
  /** The tracer to use, such as `trace.getTracer('my-app')`. Default: the global provider's `toolloop` tracer. */
  tracer?: TelemetryTracer;
  /**
   * Record content: tool call arguments and results, and the answer's text. Default false — spans then carry
   * names, counts, durations and outcomes only. Content is the users' data; turn it on only where it may be kept.
   */
  captureContent?: boolean;
  /** The name the turn span gives the assistant (`gen_ai.agent.name`). Default `toolloop`. */
  agentName?: string;
}

/**
 * The part of an OpenTelemetry `Tracer` the loop uses, so that the option's type needs no `@opentelemetry/api`
 * import: pass a real `Tracer`.
 */
export interface TelemetryTracer {
  startSpan(name: string, options?: object, context?: unknown): unknown;
}
