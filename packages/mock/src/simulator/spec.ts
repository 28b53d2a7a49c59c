// The OpenAPI document the simulator derives its routes and request validation from: by default
// the bundled spec of @x/openapi (the same document it serves at GET /openapi.json), read through
// its one reader.
import { deref as derefNode, loadSpec, type OpenApiDocument } from '@x/openapi/reader';

export type {
  JsonSchema,
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ResponseObject,
} from '@x/openapi/reader';

/** The bundled OpenAPI document the simulator was built from. */
export const bundledSpec: OpenApiDocument = loadSpec();

/** Follows `$ref`s inside `doc` until a non-reference object is reached. */
export function deref<T>(doc: OpenApiDocument, node: T): T {
  return derefNode(node, doc);
}
