// The published commands on a process row of the runtime matrix, run as a user at a terminal runs
// them: the link npm installed in `node_modules/.bin` for the package's `bin`, run directly on a
// Node row (its `#!/usr/bin/env node` finds the row's Node first on PATH), or as `bun <bin>` and
// `deno run <flags> <bin>`; the simulator's address and a key in `X_BASE_URL` and `X_API_KEY`.
// - `cli`: `x --help` lists the commands, and `x prediction-get-trading-status --json` reads.
// - `mcpStdio`: `x-mcp --tools read` over stdio: initialize, tools/list, and one read tool called.
// Each resolves to a step result, never throws, so that one failing command does not hide the other.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandStep, StepResult } from './consumer/report.ts';

const TIMEOUT_MS = 30_000;
const API_KEY = 'runtime-matrix';
/** The read the commands make: it needs no parameter, and its answer has one boolean. */
const READ_COMMAND = 'prediction-get-trading-status';
const READ_TOOL = 'predictionGetTradingStatus';

/** How a row runs a command: what goes before the bin's path (nothing for Node: the shebang), and its PATH. */
export interface CommandRuntime {
  readonly prefix: readonly string[];
  readonly path: string;
}

/** The link npm installed for a bin, in the project. */
function binLink(project: string, name: string): string {
  const link = join(project, 'node_modules', '.bin', name);
  if (!existsSync(link)) throw new Error(`npm installed no ${name} in node_modules/.bin`);
  return link;
}

interface Exit {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** One run of a command; `talk`, called at the start and on each chunk of stdout, writes to its stdin (else stdin is closed). */
function run(
  command: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  talk?: (stdout: string, write: (line: string) => void, end: () => void) => void,
): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const write = (line: string) => child.stdin.write(`${line}\n`);
    const end = () => child.stdin.end();
    if (talk) talk('', write, end);
    else end();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      talk?.(stdout, write, end);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal === 'SIGKILL' ? null : -1), stdout, stderr });
    });
  });
}

const failure = (what: string, exit: Exit) =>
  new Error(`${what} exited with ${exit.code ?? `no code (killed after ${TIMEOUT_MS} ms)`}: ${exit.stderr.trim().slice(-400)}`);

async function cliStep(runtime: readonly string[], project: string, env: NodeJS.ProcessEnv): Promise<string> {
  const x = [...runtime, binLink(project, 'x')];
  const [help, read] = await Promise.all([run([...x, '--help'], project, env), run([...x, READ_COMMAND, '--json'], project, env)]);
  if (help.code !== 0) throw failure('x --help', help);
  if (!help.stdout.includes(READ_COMMAND)) throw new Error(`x --help does not list ${READ_COMMAND}`);
  if (read.code !== 0) throw failure(`x ${READ_COMMAND} --json`, read);
  const body = JSON.parse(read.stdout) as { trading_active?: unknown };
  if (typeof body.trading_active !== 'boolean') throw new Error(`x ${READ_COMMAND} --json printed ${read.stdout.slice(0, 200)}`);
  return `--help lists ${READ_COMMAND}; ${READ_COMMAND} --json: trading_active ${body.trading_active}`;
}

interface JsonRpcAnswer {
  readonly id?: number;
  readonly result?: any;
  readonly error?: { readonly message: string };
}

async function mcpStep(runtime: readonly string[], project: string, env: NodeJS.ProcessEnv): Promise<string> {
  const request = (id: number, method: string, params: object = {}) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
  const answers = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as JsonRpcAnswer);
  let sent = 0;
  const exit = await run([...runtime, binLink(project, 'x-mcp'), '--tools', 'read'], project, env, (stdout, write, end) => {
    // the next request once the previous one is answered; stdin closes after the last answer
    const answered = answers(stdout.slice(0, stdout.lastIndexOf('\n') + 1)).length;
    if (sent === 0) {
      write(
        request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'runtime-matrix', version: '1' } }),
      );
      sent = 1;
    } else if (answered === 1 && sent === 1) {
      write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      write(request(2, 'tools/list'));
      sent = 2;
    } else if (answered === 2 && sent === 2) {
      write(request(3, 'tools/call', { name: READ_TOOL, arguments: {} }));
      sent = 3;
    } else if (answered >= 3) end();
  }).then(undefined, (error: Error) => ({ code: -1, stdout: '', stderr: error.message }));
  const byId = new Map(answers(exit.stdout).map((answer) => [answer.id, answer]));
  if (exit.code !== 0 || byId.size < 3) throw failure(`x-mcp (${byId.size} of 3 answers)`, exit);
  const [init, list, call] = [1, 2, 3].map((id) => byId.get(id));
  for (const answer of [init, list, call]) if (answer?.error) throw new Error(`x-mcp answered an error: ${answer.error.message}`);
  const tools = (list!.result.tools as { name: string }[]).map((tool) => tool.name);
  if (!tools.includes(READ_TOOL) || tools.includes('swapExecute')) throw new Error(`x-mcp --tools read lists ${tools.join(', ')}`);
  if (call!.result.structuredContent?.status !== 200) throw new Error(`${READ_TOOL}: ${JSON.stringify(call!.result).slice(0, 300)}`);
  return `initialize (${init!.result.serverInfo.name}), tools/list (${tools.length} tools), ${READ_TOOL} 200; exits when stdin closes`;
}

const STEPS: Record<CommandStep, typeof cliStep> = { cli: cliStep, mcpStdio: mcpStep };

/** Runs the command steps as `runtime` says; each step's result. */
export async function runCommandSteps(
  runtime: CommandRuntime,
  project: string,
  baseUrl: string,
  steps: readonly CommandStep[],
): Promise<Partial<Record<CommandStep, StepResult>>> {
  const env = { ...process.env, PATH: runtime.path, X_BASE_URL: baseUrl, X_API_KEY: API_KEY };
  const results = await Promise.all(
    steps.map(async (step): Promise<[CommandStep, StepResult]> => {
      try {
        return [step, { ok: true, detail: await STEPS[step](runtime.prefix, project, env) }];
      } catch (error) {
        return [step, { ok: false, detail: (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ') }];
      }
    }),
  );
  return Object.fromEntries(results);
}
