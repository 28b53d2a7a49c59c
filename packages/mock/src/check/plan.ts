// Which operations `x-mock check` calls and with what: every read-only operation of the spec
// (method GET and not marked `x-side-effects: true`), its inputs from the spec's parameter
// examples, overridable with `--param`, and the credentials its security asks for.
import type { CheckSpec, SpecOperation, SpecParameter } from './spec-source.js';

/** `--param name=value` (every operation with that parameter) or `--param operationId.name=value`. */
export interface ParamOverride {
  operationId?: string;
  name: string;
  value: string;
}

export interface PlannedRequest {
  /** Path with its parameters filled in, plus the query string. */
  target: string;
  headers: Record<string, string>;
}

export interface PlannedCall {
  operation: SpecOperation;
  /** Required parameters (and --param overrides) only. */
  request: PlannedRequest;
  /**
   * The request with every parameter that has its own example, sent only when `request` answers
   * 400 (the service wanted more than the spec requires). Absent when it would add nothing.
   */
  fuller?: PlannedRequest;
  /** Names of the optional parameters `fuller` adds. */
  fullerAdds: string[];
  /** Set when the call cannot be made (a credential it needs was not given). */
  blocked?: string;
}

export interface Credentials {
  apiKey?: string;
  bearerToken?: string;
}

export interface Plan {
  calls: PlannedCall[];
  /** GET operations left out, and why. */
  excluded: Array<{ operationId: string; reason: string }>;
}

export class PlanError extends Error {}

/** A read-only operation: a GET the spec does not mark `x-side-effects: true`. */
export function isReadOnly(operation: SpecOperation): boolean {
  return operation.method === 'GET' && operation.raw['x-side-effects'] !== true;
}

/** Parses `name=value` / `operationId.name=value`. */
export function parseParamOverride(text: string): ParamOverride {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new PlanError(`--param ${text}: expected name=value or operationId.name=value`);
  const key = text.slice(0, eq);
  const value = text.slice(eq + 1);
  const dot = key.indexOf('.');
  return dot > 0 ? { operationId: key.slice(0, dot), name: key.slice(dot + 1), value } : { name: key, value };
}

const last = <T>(list: T[]): T | undefined => list[list.length - 1];

function text(value: unknown): string {
  return Array.isArray(value)
    ? value.map(String).join(',')
    : typeof value === 'object' && value !== null
      ? JSON.stringify(value)
      : String(value);
}

function build(operation: SpecOperation, values: Map<SpecParameter, string>, credentials: Credentials, spec: CheckSpec): PlannedRequest {
  let path = operation.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const [param, value] of values) {
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    else if (param.in === 'query') query.append(param.name, value);
    else if (param.in === 'header') headers[param.name.toLowerCase()] = value;
  }
  for (const name of operation.securitySchemes) {
    const scheme = spec.securitySchemes[name];
    if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name && credentials.apiKey !== undefined) {
      headers[scheme.name.toLowerCase()] = credentials.apiKey;
    }
    if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer' && credentials.bearerToken !== undefined) {
      headers.authorization = `Bearer ${credentials.bearerToken}`;
    }
  }
  const qs = query.toString();
  return { target: qs ? `${path}?${qs}` : path, headers };
}

export function planCalls(spec: CheckSpec, overrides: ParamOverride[], credentials: Credentials): Plan {
  const readOnly = spec.operations.filter(isReadOnly);
  const excluded = spec.operations
    .filter((op) => op.method === 'GET' && !isReadOnly(op))
    .map((op) => ({ operationId: op.operationId, reason: 'x-side-effects: the spec marks it as changing state' }));

  for (const o of overrides) {
    const scope = o.operationId ? readOnly.filter((op) => op.operationId === o.operationId) : readOnly;
    if (o.operationId && scope.length === 0)
      throw new PlanError(`--param ${o.operationId}.${o.name}: no read-only operation ${o.operationId}`);
    if (!scope.some((op) => op.parameters.some((p) => p.name === o.name && p.in !== 'cookie'))) {
      throw new PlanError(`--param ${o.operationId ? `${o.operationId}.` : ''}${o.name}: no read-only operation has a parameter ${o.name}`);
    }
  }

  const calls = readOnly.map((operation): PlannedCall => {
    // The last --param wins; one scoped to the operation wins over a global one.
    const overrideOf = (p: SpecParameter): string | undefined =>
      (
        last(overrides.filter((o) => o.operationId === operation.operationId && o.name === p.name)) ??
        last(overrides.filter((o) => o.operationId === undefined && o.name === p.name))
      )?.value;
    const minimal = new Map<SpecParameter, string>();
    const full = new Map<SpecParameter, string>();
    const fullerAdds: string[] = [];
    const missing: string[] = [];
    for (const p of operation.parameters) {
      if (p.in === 'cookie') continue;
      const override = overrideOf(p);
      const example = p.example ?? (p.required ? p.fallback : undefined);
      if (override !== undefined || p.required) {
        const value = override ?? (example !== undefined ? text(example) : undefined);
        if (value === undefined) {
          missing.push(p.name);
          continue;
        }
        minimal.set(p, value);
        full.set(p, value);
      } else if (p.example !== undefined) {
        full.set(p, text(p.example));
        fullerAdds.push(p.name);
      }
    }
    const needsBearer = operation.securitySchemes.some((name) => {
      const scheme = spec.securitySchemes[name];
      return scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer';
    });
    const blocked =
      missing.length > 0
        ? `no example for the required parameter(s) ${missing.join(', ')}: give --param`
        : needsBearer && credentials.bearerToken === undefined
          ? 'auth missing: needs a bearer token (--bearer-token)'
          : undefined;
    return {
      operation,
      request: build(operation, minimal, credentials, spec),
      ...(fullerAdds.length > 0 ? { fuller: build(operation, full, credentials, spec) } : {}),
      fullerAdds,
      ...(blocked ? { blocked } : {}),
    };
  });
  return { calls, excluded };
}
