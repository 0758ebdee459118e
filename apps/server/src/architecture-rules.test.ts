import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// The project's own config; type information is left out, as snippets belong to no tsconfig.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

/** The messages ESLint gives a snippet as if it were the file at `filePath` (from the repository root). */
async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

/** The import rules of docs/architecture.md hold because `npm run check` fails on a break. */
describe('architecture rules enforced by lint', () => {
  it('refuses a feature importing a sibling feature, and allows its own files', async () => {
    const sibling = await lint(
      'apps/web/src/features/cart/snippet.ts',
      "import CheckoutPage from '../checkout/checkout-page';\nexport const page = CheckoutPage;\n",
    );
    expect(sibling.join('\n')).toContain('A feature never imports another feature');
    const own = await lint(
      'apps/web/src/features/cart/snippet.ts',
      "import { QuantityStepper } from './quantity-stepper';\nexport const stepper = QuantityStepper;\n",
    );
    expect(own.join('\n')).not.toContain('souq/import-zones');
  });

  it('refuses a shared web layer importing a feature', async () => {
    const messages = await lint(
      'apps/web/src/lib/snippet.ts',
      "import CartPage from '../features/cart/cart-page';\nexport const page = CartPage;\n",
    );
    expect(messages.join('\n')).toContain('never import a feature');
  });

  it('refuses the database layer importing a module', async () => {
    const messages = await lint(
      'apps/server/src/db/snippet.ts',
      "import { createOrdersService } from '../modules/orders/orders.service';\nexport const make = createOrdersService;\n",
    );
    expect(messages.join('\n')).toContain('The database layer never imports a module');
  });

  it('refuses process.env outside env.ts, and allows it there', async () => {
    const code = 'export const port = process.env.PORT;\n';
    const outside = await lint('apps/server/src/modules/orders/snippet.ts', code);
    expect(outside.join('\n')).toContain('Read configuration through apps/server/src/env.ts');
    const inside = await lint('apps/server/src/env.ts', code);
    expect(inside.join('\n')).not.toContain('no-restricted-properties');
  });
});
