#!/usr/bin/env node
// `x`: the trading and market-data API from a terminal (src/main.ts does the work).
import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { main } from './main.js';

// A reader that stops early (`x ... | head`) closes the pipe: stop quietly, as other tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2), {
  stdout: (chunk) => process.stdout.write(chunk),
  stderr: (chunk) => process.stderr.write(chunk),
  stdoutIsTTY: process.stdout.isTTY === true,
  env: process.env,
  readStdin: () => text(process.stdin),
  readFile: (path) => readFile(path, 'utf8'),
}).then((code) => {
  process.exitCode = code;
});
