// @x/catalogue: the one catalogue of operations, generated from the spec at build time, that the
// `x` command line (@x/cli) and the `x-mcp` server (@x/mcp) are both made from; and the small
// helpers both use to turn named values into a request, to check the base URL, and to keep
// secrets out of what they print. Below both bins, so that each brings only itself.
export { catalogue, defs } from './gen/catalogue.gen.js';
export type {
  Access,
  AlreadyExists,
  CatalogueBodyField,
  CatalogueOperation,
  CatalogueParameter,
  JsonSchemaObject,
} from './catalogue-types.js';
export { type CatalogueRequest, requestOf, requestProblems } from './request.js';
export { redact, redactValue } from './redact.js';
export { withholdSensitive } from './withhold.js';
export { MAY_HAVE_BEEN_APPLIED, outcomeUnknown } from './outcome.js';
export { type ExistingAnswer, existingAfter } from './already-exists.js';
export { baseUrlProblem } from './base-url.js';
export { operationAt } from './operation-at.js';
export { BearerTokenRefused, fixedBearer } from './bearer.js';
