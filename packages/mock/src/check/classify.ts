// One answer against its operation in the spec: is the status documented, do the documented
// headers hold, does the body match the documented schema. The result is one class:
//   ok | additive | breaking | unreachable
// 401/403 mean the check could not get in (unreachable: auth); a documented 4xx is checked like a
// success (its error body against its schema) and noted; 5xx other than 502/503/504 (retried by
// the caller, then unreachable) is breaking whether documented or not: the operation failed.
import { isGatewayBody } from '@x/fetch-client';
import type { Answer } from './call.js';
import { createDriftChecker, type DriftIssue } from './drift.js';
import type { CheckSpec, SpecOperation, SpecResponse } from './spec-source.js';

export type DriftClass = 'ok' | 'additive' | 'breaking' | 'unreachable';

export interface Issue {
  kind: 'additive' | 'breaking';
  /** Where: the status line, a header, or the body. */
  location: 'status' | 'header' | 'body';
  /** JSON pointer into the body, or the header's name; empty for the status. */
  pointer: string;
  message: string;
  value?: string;
  count?: number;
}

export interface Classification {
  result: DriftClass;
  issues: Issue[];
  note?: string;
}

/** The documented response for a status: exact code, then `4XX`-style range, then `default`. */
export function documentedResponse(operation: SpecOperation, status: number): SpecResponse | undefined {
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
}

const documentedStatuses = (operation: SpecOperation): string => Object.keys(operation.responses).join(', ');

export function createClassifier(spec: CheckSpec): (operation: SpecOperation, answer: Answer) => Classification {
  const drift = createDriftChecker(spec);

  function headerIssues(response: SpecResponse, answer: Answer): Issue[] {
    const issues: Issue[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const raw = answer.header(name);
      if (raw === null) {
        if (header.required) issues.push({ kind: 'breaking', location: 'header', pointer: name, message: 'missing required header' });
        continue;
      }
      if (!header.schema) continue;
      const schema = spec.deref(header.schema);
      const numeric = schema.type === 'integer' || schema.type === 'number';
      const value = numeric && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw;
      for (const d of drift(schema, value))
        issues.push({
          ...d,
          location: 'header',
          pointer: name,
          message: numeric && typeof value === 'string' ? `expected ${String(schema.type)}, got ${JSON.stringify(raw)}` : d.message,
        });
    }
    return issues;
  }

  function bodyIssues(response: SpecResponse, answer: Answer): Issue[] {
    const media = response.content?.['application/json'];
    if (!media?.schema) return [];
    if (answer.bodyText.trim() === '') return [{ kind: 'breaking', location: 'body', pointer: '', message: 'empty body, expected JSON' }];
    let body: unknown;
    try {
      body = JSON.parse(answer.bodyText);
    } catch {
      return [
        { kind: 'breaking', location: 'body', pointer: '', message: `not JSON (starts ${JSON.stringify(answer.bodyText.slice(0, 40))})` },
      ];
    }
    return drift(media.schema, body).map((d: DriftIssue) => ({ ...d, location: 'body' as const }));
  }

  return (operation, answer) => {
    const { status } = answer;
    if (status === 401 || status === 403) {
      return { result: 'unreachable', issues: [], note: authNote(status, answer.bodyText, operation.securitySchemes.length > 1) };
    }
    const response = documentedResponse(operation, status);
    const issues: Issue[] = [];
    if (status >= 500) issues.push({ kind: 'breaking', location: 'status', pointer: '', message: `server error ${status}` });
    else if (!response)
      issues.push({
        kind: 'breaking',
        location: 'status',
        pointer: '',
        message: `undocumented status ${status} (documented: ${documentedStatuses(operation)})`,
      });
    if (response && status < 500) issues.push(...headerIssues(response, answer), ...bodyIssues(response, answer));
    const result = issues.some((i) => i.kind === 'breaking') ? 'breaking' : issues.length > 0 ? 'additive' : 'ok';
    const note =
      response && status >= 300 && status < 500
        ? `documented ${status} answer (checked); the success answer was not reached: give inputs with --param`
        : undefined;
    return { result, issues, ...(note ? { note } : {}) };
  };
}

/**
 * Why a 401/403 kept the check out: the gateway's `{code, message}` names the API key (refused, or
 * without access to the area), the area's own answer (trigger v2) the bearer token.
 */
function authNote(status: number, bodyText: string, bearer: boolean): string {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {}
  if (isGatewayBody(body)) {
    const { message } = body as { message: string };
    return `the gateway refused the API key (${status} ${message}): check --api-key${status === 403 ? ' and its areas' : ''}`;
  }
  return `auth refused (${status}): check --api-key${bearer ? ' and --bearer-token' : ''}`;
}
