// Fault injection: the next answers of an operation become a given status (a 500 of the trigger
// v2 table, a 429, ...). The body is the spec's example for that status when it has one.

export interface Fault {
  status: number;
  remaining: number;
}

export interface Faults {
  inject(operationId: string, status: number, times?: number): void;
  /** Takes one occurrence of the fault of an operation, if any. */
  take(operationId: string): number | undefined;
  clear(operationId?: string): void;
}

export function createFaults(): Faults {
  const faults = new Map<string, Fault>();
  return {
    inject(operationId, status, times = 1) {
      if (!Number.isInteger(status) || status < 400 || status > 599) throw new RangeError('injectFault expects a 4xx or 5xx status');
      if (!(times > 0)) throw new RangeError('injectFault expects a positive number of times');
      faults.set(operationId, { status, remaining: times });
    },
    take(operationId) {
      if (faults.size === 0) return undefined;
      const fault = faults.get(operationId);
      if (!fault) return undefined;
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults.delete(operationId);
      return fault.status;
    },
    clear(operationId) {
      if (operationId === undefined) faults.clear();
      else faults.delete(operationId);
    },
  };
}
