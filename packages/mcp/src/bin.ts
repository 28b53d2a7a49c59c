#!/usr/bin/env node
// `x-mcp`: the MCP server over stdio (or Streamable HTTP on 127.0.0.1 with --http). stdout belongs
// to the protocol; everything else goes to stderr, and never a secret.
import { createRequire } from 'node:module';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serveHttp } from './http.js';
import { parseOptions, USAGE, UsageError } from './options.js';
import { createMcpServer, serviceFetch } from './server.js';
import { toolsFor } from './tools.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const mode = options.server.tools ?? 'prepare';
  const count = toolsFor(mode).length;
  const tools = options.server.dynamic ? `3 tools reaching ${count} operations (${mode}, dynamic)` : `${count} tools (${mode})`;
  const summary = `x-mcp ${version}: ${tools} for ${options.server.baseUrl}`;
  if (options.httpPort !== undefined) {
    // One polite fetch for every session: they all share one limiter and one cache.
    const send = serviceFetch(options.server);
    const running = await serveHttp(() => createMcpServer(options.server, version, send), options.httpPort);
    process.stderr.write(`${summary}, Streamable HTTP on ${running.url}\n`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  await createMcpServer(options.server, version).connect(new StdioServerTransport());
  process.stderr.write(`${summary}, on stdio\n`);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`x-mcp: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(`x-mcp: ${(error as Error)?.message ?? String(error)}\n`);
  process.exit(1);
});
