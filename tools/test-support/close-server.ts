// Closes a test's node:http server in a teardown: resolves when it has closed, at once when there is
// none (a setup that failed before creating it: `new Promise((r) => server?.close(r))` never
// resolved then, and the teardown hung until the hook's hang guard), and without waiting for a
// client's idle keep-alive connections to time out.
import type { Server } from 'node:http';

export function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    // (the callback gets ERR_SERVER_NOT_RUNNING for a server that never listened: closed all the same)
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
