// What the runtime matrix reports, shared by the consumer program and the test that runs it: the
// program's steps, in the order they run, then the steps that run the published commands (`x`,
// `x-mcp`) from a terminal's point of view (tools/test/runtimes/commands.ts, process rows only),
// in the order they appear in the README, and the result of each.
export const PROGRAM_STEPS = ['imports', 'read', 'signer', 'swap', 'auth', 'swapFlow', 'simulator', 'mcpServer'] as const;
export type ProgramStep = (typeof PROGRAM_STEPS)[number];

export const COMMAND_STEPS = ['cli', 'mcpStdio'] as const;
export type CommandStep = (typeof COMMAND_STEPS)[number];

export const STEP_NAMES = [...PROGRAM_STEPS, ...COMMAND_STEPS] as const;
export type StepName = (typeof STEP_NAMES)[number];

export interface StepResult {
  readonly ok: boolean;
  readonly detail: string;
}
