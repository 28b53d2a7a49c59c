// The service's credential rules, shared by the simulator's gateway and the MSW handlers (no
// dependencies: the MSW handlers run in the browser without the spec reader).

/** A bearer JWT, its token captured: three base64url segments (the signature is checked elsewhere, if at all). */
export const BEARER_JWT = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/** Whether an operation whose security names `schemes` needs the API key: when it names it, or names nothing (every call of this service needs the key). */
export const requiresApiKey = (schemes: readonly string[]): boolean => schemes.length === 0 || schemes.includes('ApiKey');
