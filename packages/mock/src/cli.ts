#!/usr/bin/env node
// x-mock: serve the simulator of the whole service on localhost.
//   x-mock serve [--port 4010] [--host 127.0.0.1] [--seed N] [--api-key KEY]... [--key-areas KEY=AREA,...]... [--clock real|manual] [--no-control]
// x-mock check: measure a running service's drift from the spec (src/check/).
//   x-mock check --base-url URL [--api-key KEY] [--bearer-token JWT] [--param NAME=VALUE]... [--json]
import { checkCommand } from './check/cli.js';
import { parseCli, serve, UsageError, USAGE } from './server/cli-main.js';

async function main(): Promise<void> {
  if (process.argv[2] === 'check') {
    process.exitCode = await checkCommand(process.argv.slice(3));
    return;
  }
  const options = parseCli(process.argv.slice(2), process.env);
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const server = await serve(options);
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.log(`x-mock: ${signal}, closing`);
    setTimeout(() => process.exit(1), 5_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('x-mock: close failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`x-mock: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const code = (error as { code?: string }).code;
  console.error(`x-mock: ${code === 'EADDRINUSE' ? 'the port is already in use' : ((error as Error).message ?? String(error))}`);
  process.exit(1);
});
