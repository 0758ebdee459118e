/**
 * zod compiles object parsers with `new Function` when it may, and probes for that permission
 * when a schema is defined. Our CSP forbids eval ('unsafe-eval' stays out), so the probe is
 * blocked and reported as a violation on every page. Jitless parsing is all the browser needs
 * for its few forms. This module is main.tsx's first import: zod reads its settings from this
 * global (shared by every copy of zod, `zod` and `zod/mini` alike) as each schema is defined.
 * Setting it here rather than through zod's `config()` keeps zod out of the start-up script;
 * zod-config.test.ts checks that zod still reads it.
 */
const settings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod keeps, when a copy of zod has already made it.
(settings.__zod_globalConfig ??= {}).jitless = true;

export {};
