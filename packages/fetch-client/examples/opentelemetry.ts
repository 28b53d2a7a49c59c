import { type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { Hooks } from '@x/fetch-client';

/** Hooks that trace every call: one client span per request, named by its operation, with its status and duration. */
export function tracingHooks(tracer: Tracer = trace.getTracer('@x/fetch-client')): Hooks {
  const end = (context: Record<string, unknown>, status: number | undefined, durationMs: number, error?: Error) => {
    const span = context.span as Span;
    if (status !== undefined) span.setAttribute('http.response.status_code', status);
    span.setAttribute('x.duration_ms', durationMs);
    if (error) {
      span.recordException(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    }
    span.end();
  };
  return {
    beforeRequest({ operationId, method, url, context }) {
      context.span = tracer.startSpan(operationId, {
        kind: SpanKind.CLIENT,
        attributes: { 'x.operation_id': operationId, 'http.request.method': method, 'url.full': url },
      });
    },
    afterResponse: ({ context, status, durationMs }) => end(context, status, durationMs),
    onError: ({ context, error, durationMs }) => end(context, 'status' in error ? error.status : undefined, durationMs, error),
  };
}
