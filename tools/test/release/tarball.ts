// What a package tarball holds: its bytes' digests and its file list.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const integrity = (bytes: Uint8Array, algorithm: 'sha256' | 'sha512'): string =>
  `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;

export function fileList(tgz: string): string[] {
  return execFileSync('tar', ['-tzf', tgz], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
}

export const bytesOf = (file: string): Uint8Array => readFileSync(file);
