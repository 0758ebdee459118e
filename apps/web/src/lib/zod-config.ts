import { config } from 'zod/mini';

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that permission
 * when a schema is defined. Our CSP forbids eval ('unsafe-eval' stays out), so the probe is
 * blocked and reported as a violation on every page. Jitless parsing is all the browser needs
 * for its few forms. This module is main.tsx's first import: zod reads the setting as each
 * schema is defined, and the setting is global, so `zod` and `zod/mini` schemas both follow it.
 */
config({ jitless: true });
