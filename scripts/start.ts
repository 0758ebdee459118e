// `npm start`: build the web app if it is missing or stale, then run the server,
// which migrates the database, seeds the demo catalog into an empty one and serves everything.
import { ensureWebBuild } from './web-build';

ensureWebBuild();
await import('../apps/server/src/index');
