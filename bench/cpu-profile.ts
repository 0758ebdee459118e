import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of one stretch of a bench, written to `file` when it stops; without a file it
 * does nothing. For a profile of what the bench measures, not of its set-up (`node --cpu-prof`
 * profiles the whole process).
 */
export async function startCpuProfile(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
  return async () => {
    const { profile } = await inspector.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    inspector.disconnect();
  };
}
