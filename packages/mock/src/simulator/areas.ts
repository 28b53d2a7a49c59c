// Each area of the service answers errors in its own body shape (the seed's "Errors" table).
import type { ApiError } from './errors.js';

export type Area =
  | 'swapOrder'
  | 'swapBuild'
  | 'swapExecute'
  | 'tx'
  | 'express'
  | 'portfolio'
  | 'triggerV1'
  | 'triggerV2'
  | 'prediction'
  | 'lend'
  | 'other';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/** The area of an operation, from its operationId. */
export function areaOfOperation(operationId: string): Area {
  if (operationId === 'swapGetOrder') return 'swapOrder';
  if (operationId === 'swapGetBuild') return 'swapBuild';
  if (operationId === 'swapExecute') return 'swapExecute';
  if (operationId.startsWith('tx')) return 'tx';
  if (operationId.startsWith('tokens')) return 'express';
  if (operationId.startsWith('portfolio')) return 'portfolio';
  if (operationId.startsWith('triggerV1')) return 'triggerV1';
  if (operationId.startsWith('triggerV2')) return 'triggerV2';
  if (operationId.startsWith('prediction')) return 'prediction';
  if (operationId.startsWith('lend')) return 'lend';
  return 'other';
}

/** The area of a path that matched no operation, from its prefix. */
export function areaOfPath(path: string): Area {
  if (path.startsWith('/swap/')) return 'swapBuild';
  if (path.startsWith('/tx/')) return 'tx';
  if (path.startsWith('/tokens/')) return 'express';
  if (path.startsWith('/portfolio/')) return 'portfolio';
  if (path.startsWith('/trigger/v1/')) return 'triggerV1';
  if (path.startsWith('/trigger/v2/')) return 'triggerV2';
  if (path.startsWith('/prediction/')) return 'prediction';
  if (path.startsWith('/lend/')) return 'lend';
  return 'other';
}

const PREDICTION_KINDS: Record<number, string> = {
  400: 'invalid_parameter',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  500: 'internal_error',
  503: 'service_unavailable',
};

/** The body of an error answer in the shape of `area`. */
export function errorBody(area: Area, error: ApiError, requestId: string): Record<string, unknown> {
  const { status, message, options } = error;
  if (options.body) return options.body;
  let body: Record<string, unknown>;
  switch (area) {
    case 'swapOrder':
      body = { requestId, error: message };
      break;
    case 'swapExecute':
      body = status < 500 ? { error: message, code: options.code ?? -2 } : { error: message };
      break;
    case 'express':
      body = { status, message, error: reasonPhrase(status) };
      break;
    case 'triggerV1':
      body = { error: options.title ?? (status >= 500 ? 'internal error' : 'invalid request'), cause: message, code: status };
      break;
    case 'triggerV2':
      body = options.details ? { error: message, details: options.details } : { error: message };
      break;
    case 'prediction': {
      const kind = options.kind ?? PREDICTION_KINDS[status] ?? 'invalid_request';
      body = {
        message,
        request_id: `req_${requestId.replace(/-/g, '').slice(-16)}`,
        code: kind,
        param: options.param ?? '',
        doc_url: `https://example.com/docs/prediction/errors/${kind}`,
      };
      break;
    }
    default:
      body = { error: message };
  }
  return options.extra ? { ...body, ...options.extra } : body;
}
