// The README's TypeScript examples compile against the current sources (imports of the published
// entries are pointed at src/), so the documentation cannot drift from the API.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const work = `${root}node_modules/.cache/readme-examples/`;

it('every ```ts example of README.md type-checks', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const files = blocks.map((code, i) => {
    const file = `${work}example-${i}.ts`;
    const local = code
      .replaceAll("'@x/fetch-client/validate'", "'../../../src/validate.js'")
      .replaceAll("'@x/fetch-client/sdk'", "'../../../src/sdk.js'")
      .replaceAll("'@x/fetch-client/polite'", "'../../../src/polite.js'")
      .replaceAll("'@x/fetch-client/waiters'", "'../../../src/waiters.js'")
      .replaceAll("'@x/fetch-client'", "'../../../src/index.js'");
    writeFileSync(file, `${local}\nexport {};\n`);
    return file;
  });
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName.startsWith(work))
    .map((d) => `${d.file!.fileName.slice(work.length)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  expect(diagnostics).toEqual([]);
}, 180_000); // (a hang guard: the type-check took 30.6 s at load 12)

it('shows the OpenTelemetry example of examples/opentelemetry.ts whole, so the tested code is the documented one', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const example = readFileSync(`${root}examples/opentelemetry.ts`, 'utf8');
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});

it('shows the trigger v1 waiter example of examples/wait-trigger-v1.ts whole (run by @x/signing against the simulator)', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const example = readFileSync(`${root}examples/wait-trigger-v1.ts`, 'utf8');
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});
