// An ESLint rule for the import rules of docs/architecture.md: a file inside a zone's `target`
// may not import from its `from` folders (less `except`, relative to `from`). It reads import
// paths only, relative ones and our workspace packages; it needs no resolver. Written here
// because the import plugins that offer the same rule bring native resolvers whose lock-file
// entries this project's npm registry cannot complete, so `npm ci` would refuse the lock file.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Our workspace packages, by the folder they live in. */
const workspacePackages = {
  '@souq/contracts': 'packages/contracts',
  '@souq/server': 'apps/server',
  '@souq/web': 'apps/web',
};

const inside = (file, folder) => file === folder || file.startsWith(folder + path.sep);
const asList = (value) => (Array.isArray(value) ? value : [value]);

/** The file or folder an import names, or null for a package that is not ours. */
function importedPath(specifier, fromFile) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  for (const [name, folder] of Object.entries(workspacePackages)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      return path.join(root, folder, specifier.slice(name.length));
    }
  }
  return null;
}

export const importZonesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/architecture.md' },
    schema: [
      {
        type: 'object',
        properties: { zones: { type: 'array' } },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = path.resolve(context.filename);
    const zones = context.options[0].zones
      .map((zone) => ({
        targets: asList(zone.target).map((t) => path.join(root, t)),
        froms: asList(zone.from).map((f) => path.join(root, f)),
        except: asList(zone.except ?? []),
        message: zone.message,
      }))
      .filter((zone) => zone.targets.some((target) => inside(file, target)));
    if (zones.length === 0) return {};

    function check(source) {
      if (!source || typeof source.value !== 'string') return;
      const imported = importedPath(source.value, file);
      if (!imported) return;
      for (const zone of zones) {
        const from = zone.froms.find((folder) => inside(imported, folder));
        if (!from) continue;
        if (zone.except.some((allowed) => inside(imported, path.join(from, allowed)))) continue;
        context.report({ node: source, message: zone.message });
        return;
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const souqPlugin = { rules: { 'import-zones': importZonesRule } };
