export function operationRows(spec: unknown): [string, string, string, string][];
export function generatedParts(spec: unknown): Record<string, string>;
export function renderReadme(readme: string, spec: unknown): string;
