// What the runtime matrix's consumer program reports, shared by the program and the test that runs
// it: its steps, in the order they run and appear in the README, and the result of each.
export const STEP_NAMES = ['imports', 'read', 'signer', 'swap', 'auth', 'swapFlow', 'simulator'] as const;
export type StepName = (typeof STEP_NAMES)[number];

export interface StepResult {
  readonly ok: boolean;
  readonly detail: string;
}
