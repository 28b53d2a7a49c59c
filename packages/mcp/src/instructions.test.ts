// What the server tells an agent about all its tools at once (initialize's `instructions`) must be
// true of each tool of the mode: checked against the tools, not against a list written here.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from './server.js';
import { TOOL_MODES, type ToolMode, toolsFor } from './tools.js';

async function instructionsOf(mode: ToolMode, dynamic = false, bearerToken?: string) {
  const server = createMcpServer({
    baseUrl: 'http://127.0.0.1:9',
    tools: mode,
    dynamic,
    intervalMs: 0,
    ...(bearerToken ? { bearerToken } : {}),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'instructions-test', version: '1.0.0' });
  await client.connect(clientSide);
  const text = client.getInstructions() ?? '';
  const { tools } = await client.listTools();
  await client.close();
  return { text, tools };
}

describe('the server instructions', () => {
  it('read: says every tool only reads, and promises no prepare tool and no preparedTransactions', async () => {
    const { text } = await instructionsOf('read');
    expect(text).toMatch(/never signs/);
    expect(text).not.toMatch(/preparedTransactions|[Pp]repare tools|UNSIGNED/);
  });

  it('prepare and all: preparedTransactions is promised only by the tools whose answers carry it; the others are named', async () => {
    for (const mode of ['prepare', 'all'] as const) {
      const { text } = await instructionsOf(mode);
      const tools = toolsFor(mode);
      // the prepare tools that answer instructions, not a transaction: named, as not carrying it
      const without = tools.filter((t) => t.operation.access === 'prepare' && !t.prepares).map((t) => t.definition.name);
      expect(without.length, mode).toBeGreaterThan(0);
      const named = new Set(text.match(/\b[a-z][A-Za-z0-9]+[A-Z][A-Za-z0-9]*\b/g));
      for (const name of without) expect(named.has(name), `${mode} ${name}`).toBe(true);
      // and no tool that does carry it is named among them
      for (const tool of tools.filter((t) => t.prepares))
        expect(named.has(tool.definition.name), `${mode} ${tool.definition.name}`).toBe(false);
      // the marker the instructions point at is in the description of exactly the tools that carry it
      expect(text).toContain('see preparedTransactions');
      for (const tool of tools)
        expect(tool.definition.description.includes('see preparedTransactions'), `${mode} ${tool.definition.name}`).toBe(tool.prepares);
    }
  });

  it('all: says that some tools change state', async () => {
    expect((await instructionsOf('all')).text).toMatch(/change state/);
    expect((await instructionsOf('prepare')).text).not.toMatch(/change state/);
  });

  it('a mode with tools that need a bearer token, started without one: says the user signs in outside this server and gives it the token', async () => {
    for (const mode of TOOL_MODES) {
      const needing = toolsFor(mode).filter((t) => t.operation.bearer);
      expect(needing.length, mode).toBeGreaterThan(0);
      for (const dynamic of [false, true]) {
        const { text } = await instructionsOf(mode, dynamic);
        expect(text, mode).toMatch(
          /need a trigger v2 bearer token: the user signs in with their wallet outside this server .*--bearer-token/,
        );
        // given one, nothing is said of it
        expect((await instructionsOf(mode, dynamic, 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln')).text, mode).not.toMatch(/bearer token/);
      }
      // named by their area, every tool of which needs one (no mode offers a sign-in step, which needs none);
      // with --dynamic they are operations reached through call_operation, not tools
      const { text } = await instructionsOf(mode);
      expect(text, mode).toContain('The Trigger v2 tools need a trigger v2 bearer token');
      expect((await instructionsOf(mode, true)).text, mode).toContain('The Trigger v2 operations need a trigger v2 bearer token');
      for (const tool of toolsFor(mode).filter((t) => t.operation.area === 'Trigger v2'))
        expect(tool.operation.bearer, `${mode} ${tool.definition.name}`).toBe(true);
    }
  });

  it('dynamic: call_operation promises preparedTransactions only where the operation carries it (and never in read)', async () => {
    for (const mode of TOOL_MODES) {
      const { tools } = await instructionsOf(mode, true);
      const call = tools.find((t) => t.name === 'call_operation')!;
      if (mode === 'read') expect(call.description).not.toMatch(/preparedTransactions|UNSIGNED/);
      else expect(call.description).toMatch(/see preparedTransactions/);
      expect(call.description).not.toMatch(/prepare operations return UNSIGNED transactions decoded/);
    }
  });
});
