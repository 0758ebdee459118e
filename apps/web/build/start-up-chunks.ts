import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * One chunk per step of the start-up. main.tsx imports the app in steps (Preact, the API client,
 * i18next, then app/start.tsx), each evaluated in a task of its own (decision 011). Left to
 * itself, the bundler cuts what those steps load into the pieces later pages share: the home
 * page's start-up was 39 files gzipped one by one, about 4 KB more than the same code in a few.
 * Here each step's modules, those no earlier step and not main.tsx itself loads, are one chunk
 * named after the step; the last step's chunk also takes the modules the home page shares with
 * other pages (its own stay in its chunk), and leaves its libraries (React Router) to theirs, so
 * no step's task grows much. Later pages import what they share from these chunks, which every
 * page has loaded first.
 */
export function startUpChunks({ main, home }: { main: string; home: string }): Plugin {
  const chunkOf = new Map<string, string>();
  return {
    name: 'souq:start-up-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id: string) => chunkOf.get(id) ?? null,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      const closure = (id: string, into: Set<string>) => {
        if (into.has(id)) return into;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) closure(imported, into);
        return into;
      };
      const mainInfo = this.getModuleInfo(main);
      const homeId = [...this.getModuleIds()].find((id) => id.startsWith(home));
      const steps = mainInfo?.dynamicallyImportedIds ?? [];
      const lastStep = steps.at(-1);
      if (!mainInfo || !homeId || !lastStep) this.error(`no start-up steps in ${main}`);

      chunkOf.clear();
      const loaded = new Set<string>([main]);
      for (const id of mainInfo.importedIds) closure(id, loaded);
      for (const step of steps) {
        const modules = [...closure(step, new Set())];
        if (step === lastStep) {
          const sharedByHome = [...closure(homeId, new Set())].filter(
            (id) => id !== homeId && this.getModuleInfo(id)?.importers.some((by) => by !== homeId),
          );
          modules.push(...sharedByHome.filter((id) => !id.includes('/node_modules/')));
        }
        const name = path.basename(step).replace(/\.[^.]+$/, '');
        for (const id of modules) {
          if (loaded.has(id) || (step === lastStep && id.includes('/node_modules/'))) continue;
          chunkOf.set(id, name);
        }
        for (const id of modules) loaded.add(id);
      }
    },
  };
}
