import { createServer } from 'node:net';

/** A port that was free on 127.0.0.1 a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const portTaken = (error: unknown): boolean =>
  /EADDRINUSE|address already in use/i.test(error instanceof Error ? error.message : String(error));

/**
 * Starts something that listens on a port of its own (a child process that must be told its port):
 * `start` gets a port that was free a moment ago; when another process took it in between (`start`
 * rejects naming EADDRINUSE), it gets a new one, up to `attempts` times. Any other error is thrown.
 */
export async function onFreePort<T>(
  start: (port: number) => Promise<T>,
  { attempts = 5, pick = freePort }: { attempts?: number; pick?: () => Promise<number> } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await pick());
    } catch (error) {
      if (attempt >= attempts || !portTaken(error)) throw error;
    }
  }
}
