import { ensureWebBuild } from './web-build';

ensureWebBuild();
