// Browser side of the browser tests: the page entry hands its scenarios to the test with this.
// Each scenario takes and returns JSON-serializable values (they cross the page boundary).
export type Scenario = (arg: never) => unknown;
export type Scenarios = Record<string, Scenario>;

export const SCENARIOS_GLOBAL = '__browserTestScenarios';

export function exposeScenarios(scenarios: Scenarios): void {
  (globalThis as Record<string, unknown>)[SCENARIOS_GLOBAL] = scenarios;
}
