/**
 * Supplies the bearer token of trigger v2 operations (`Authorization: Bearer <token>`).
 * `@x/fetch-client` calls it (on a 401 from such an operation, `getToken({ refresh: true })` once,
 * then repeats the request once); `@x/signing`'s trigger auth session implements it. It lives here,
 * beside the generated types, so that both packages share one definition.
 */
export interface BearerTokenProvider {
  getToken(options?: { refresh?: boolean; signal?: AbortSignal }): Promise<string>;
}
