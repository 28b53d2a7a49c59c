// The `ApiError` subclass for an answer's status. Apart from the classes (errors.ts) so that the
// built entries other than the index can import the classes, and only them, from the index: one
// identity per class across `@x/fetch-client`, `/sdk` and `/validate` (tools/bundle-entries.ts).
import {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from './errors.js';

const byStatus: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

/** The `ApiError` subclass for a status. */
export function apiErrorFor<TBody>(init: ApiErrorInit<TBody>): ApiError<TBody> {
  const Class = byStatus[init.status] ?? (init.status >= 500 ? InternalServerError : ApiError);
  return new Class(init) as ApiError<TBody>;
}
