// @x/mcp: an MCP server for the trading and market-data API. `x-mcp` (src/bin.ts) runs it over
// stdio, or over Streamable HTTP on 127.0.0.1; `createMcpServer` gives the server to connect to a
// transport of your own.
export { createMcpServer, type McpServerOptions, SERVER_NAME, serviceFetch } from './server.js';
export {
  annotationsOf,
  type CatalogueSource,
  type Tool,
  type ToolAnnotations,
  type ToolDefinition,
  type ToolMode,
  TOOL_MODES,
  toolsFor,
} from './tools.js';
export { describePrepared, describeTransaction, type PreparedTransaction } from './describe-transaction.js';
