// `npm start`, first step: build the web app if it is missing or stale, and the server; the
// second step (package.json) runs the built server with plain Node, which migrates the
// database, seeds the demo catalog into an empty one and serves everything.
import { buildServer } from './server-build';
import { ensureWebBuild } from './web-build';

ensureWebBuild();
await buildServer();
