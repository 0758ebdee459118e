// First: zod must be jitless before any schema is defined (see zod-config.ts).
import './lib/zod-config';
import { holdEarlyClicks } from './lib/early-clicks';
import { languageInLink, rememberLanguage } from './lib/languages';
import { readPageState } from './lib/page-state';
import './index.css';

// A language asked for in the link is the shopper's choice from the first moment: a page opened
// next, even before this one has become the app, is rendered in it.
const linkLanguage = languageInLink(location.search);
if (linkLanguage) rememberLanguage(linkLanguage);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const state = readPageState();
const rendered = state?.rendered === true && root.firstChild !== null;
const replayEarlyClicks = rendered ? holdEarlyClicks(root) : undefined;

// The app's code is fetched at once but evaluated in steps: the browser evaluates each dynamic
// import's modules, those an earlier step has not, in a task of its own as soon as they have
// arrived. Evaluating the whole app was one task of 25–45 ms, 100–180 ms on a phone, in which
// the page answers no tap (decision 011: the app's code is evaluated in steps).
const steps = [
  import('react'), // Preact
  import('./lib/api'), // Redux Toolkit with RTK Query, which builds the API as it is evaluated
  import('./lib/i18n'), // i18next and the English text
];
const start = import('./app/start');
for (const step of steps) await step;
const { startApp } = await start;
await startApp(root, rendered ? state : undefined, replayEarlyClicks, state);
