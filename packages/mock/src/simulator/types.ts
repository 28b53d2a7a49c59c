// The simulator's own request and response records. The fetch handler converts a WHATWG
// Request into a SimRequest; the node server converts node:http's request directly (no Request
// object on the hot path).

export interface SimRequest {
  method: string;
  /** Path without the query string, e.g. `/swap/v2/order`. */
  path: string;
  query: URLSearchParams;
  /** Header lookup, case-insensitive (names are lower-cased by both adapters). */
  header(name: string): string | undefined;
  /** Raw body text ('' when there is none). */
  bodyText: string;
  /** Value of the content-type header, if any. */
  contentType?: string;
}

export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON value (serialised by the adapter) or a ready string body. */
  body: unknown;
  /** Set when `body` is a string to send as is (HTML docs, pre-serialised JSON). */
  raw?: boolean;
}

/** Answers the simulator's own request records (what the node server drives); synchronous when no stage waits. */
export interface SimHandler {
  handle(request: SimRequest): SimResponse | Promise<SimResponse>;
  /**
   * The answer to a server-level error (413, 431, 408, malformed request, ...) of `request`, in the
   * error shape of its operation, made by the same respond stage as every other error.
   */
  reject(request: SimRequest, status: number, message: string): SimResponse;
}

/** One operation the simulator answers (what its public object shows of it). */
export interface SimulatorOperation {
  readonly operationId: string;
  /** Upper-case HTTP method. */
  readonly method: string;
  /** OpenAPI path template, e.g. `/prediction/v1/events/{eventId}`. */
  readonly path: string;
}
