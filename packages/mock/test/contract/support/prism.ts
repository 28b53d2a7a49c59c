// Prism 5 (`prism mock` / `prism proxy --errors`) on the bundled spec, as a child process on
// 127.0.0.1, on a port of its own (a new one when another process took the one picked before Prism
// bound it), ready once proven to be ours serving the bundled spec (tools/test-support/prism.ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { onFreePort } from '../../../../../tools/test-support/free-port.ts';
import { startPrism, type PrismProbe, type PrismProcess } from '../../../../../tools/test-support/prism.ts';
import { fixtures } from '../../../src/gen/fixtures.gen.js';
import { specPath } from './spec-validator.js';

export type { PrismProcess };

export const prismBin = fileURLToPath(new URL('../../../../../node_modules/.bin/prism', import.meta.url));

const tradingStatus = fixtures.predictionGetTradingStatus;
/** `prism mock` answers a documented call with the operation's first 2xx example. */
const mockProbe: PrismProbe = {
  path: tradingStatus.path,
  headers: { 'x-api-key': 'readiness-check' },
  status: tradingStatus.examples[tradingStatus.defaultExample].status,
  body: tradingStatus.examples[tradingStatus.defaultExample].body,
};
/** `prism proxy` answers a documented call without its API key itself (the upstream may not be there). */
const proxyProbe: PrismProbe = { path: tradingStatus.path, status: 401 };

function start(args: (port: number) => string[], probe: PrismProbe, pick?: () => Promise<number>): Promise<PrismProcess> {
  if (!existsSync(prismBin)) throw new Error(`prism not found at ${prismBin}`);
  return onFreePort((port) => startPrism(prismBin, [...args(port), '-h', '127.0.0.1', '-p', String(port)], { port, probe }), { pick });
}

/** `prism mock` on the bundled spec. */
export const startPrismMock = (pick?: () => Promise<number>): Promise<PrismProcess> => start(() => ['mock', specPath], mockProbe, pick);

/** `prism proxy --errors` on the bundled spec in front of `upstream` (validates every request and answer). */
export const startPrismProxy = (upstream: string, pick?: () => Promise<number>): Promise<PrismProcess> =>
  start(() => ['proxy', '--errors', specPath, upstream], proxyProbe, pick);
