// @x/openapi/reader: the one reader of the bundled OpenAPI document. Browser-safe (the document is
// a JSON import; no Node built-ins). Everything it derives is computed once per document and process.
export {
  loadSpec,
  type ExampleObject,
  type JsonSchema,
  type MediaTypeObject,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type Reference,
  type RequestBodyObject,
  type ResponseObject,
  type SecurityRequirement,
} from './document.js';
export { deref, escapePointer, resolvePointer } from './pointer.js';
export {
  findOperation,
  HTTP_METHODS,
  JSON_MEDIA_TYPE,
  operation,
  operations,
  responseFor,
  type AlreadyExists,
  type HttpMethod,
  type Operation,
  type OperationBody,
  type OperationResponse,
  type Pagination,
} from './operations.js';
export {
  namedExamples,
  parameterExample,
  requestBodyExamples,
  requestExample,
  responseExamples,
  schemaExample,
  type NamedExample,
  type RequestExample,
  type ResponseExample,
} from './examples.js';
export {
  AJV_OPTIONS,
  describeError,
  runValidator,
  schemaValidator,
  UNKNOWN_ENUM_VALUE,
  validatorAt,
  type EnumDrift,
  type ErrorObject,
  type ValidateFunction,
} from './ajv.js';
export {
  automaticPriorityFeeCap,
  deepMarkedProperties,
  errorCodes,
  exampleValues,
  expressPayment,
  markedProperties,
  type ErrorCode,
  type ExpressPayment,
  type ExampleToken,
  type ExampleValues,
} from './facts.js';
export { validateRequest, validateResponse, type RequestToValidate, type ResponseToValidate, type ValidationResult } from './validate.js';
