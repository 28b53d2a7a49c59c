// Child process of the lifecycle benchmark: an @x/mock simulator served over node:http on a free
// port of 127.0.0.1, as `x-mock serve` would run beside a test suite. Sends { port } over IPC
// once it listens, answers 'cpu' with its CPU time so far (µs), exits when the parent goes away.
import { createSimulator } from '@x/mock';
import { listen } from '@x/mock/node';
import { simulatorOptions } from './lifecycle-options.ts';

const server = await listen(createSimulator(simulatorOptions()), { host: '127.0.0.1', port: 0 });
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
process.on('message', (message: string) => {
  if (message !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ cpu: user + system });
});
process.send?.({ port: server.port });
