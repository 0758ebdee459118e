import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = path.resolve(import.meta.dirname, '..');
const endpointDefinition = /^\s+(\w+): build\.(?:query|mutation)\b/gm;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the one RTK Query API', () => {
  // Features inject their endpoints into one API (lib/api.ts) with overrideExisting 'throw',
  // which fails only when both features load in one page: the storefront and the lazily loaded
  // back office rarely do, in a test or a journey. This catches the clash before either runs.
  it('has each endpoint name once across the features that inject them', () => {
    const files = new Map<string, string[]>();
    for (const file of sourceFiles(sourceRoot)) {
      for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(endpointDefinition)) {
        files.set(name!, [...(files.get(name!) ?? []), path.relative(sourceRoot, file)]);
      }
    }
    expect(files.size).toBeGreaterThan(20);
    expect([...files].filter(([, where]) => where.length > 1)).toEqual([]);
  });
});
