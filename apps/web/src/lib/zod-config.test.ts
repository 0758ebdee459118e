import { expect, it } from 'vitest';
import './zod-config';
import { config } from 'zod/mini';

it('makes zod parse without compiling code, so the CSP has no eval to block', () => {
  expect(config().jitless).toBe(true);
});
