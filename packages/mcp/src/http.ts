// Streamable HTTP on 127.0.0.1 (stateless: one server and transport per request), for MCP clients
// that do not start a process. Only loopback is bound, and requests naming another Host (DNS
// rebinding) or sent by a page of another Origin (a web page the user has open) are refused, as the
// MCP transport asks of a server. A request without Origin (not from a browser) is served.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

export interface RunningHttp {
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(makeServer: () => Server, port: number): Promise<RunningHttp> {
  let allowedHosts: string[] = [];
  let allowedOrigins: string[] = [];
  const http: HttpServer = createServer(async (req, res) => {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableDnsRebindingProtection: true,
      allowedHosts,
      allowedOrigins,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', resolve);
  });
  const actual = (http.address() as AddressInfo).port;
  allowedHosts = [`127.0.0.1:${actual}`, `localhost:${actual}`];
  allowedOrigins = allowedHosts.map((host) => `http://${host}`);
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
