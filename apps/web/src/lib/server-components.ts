import { options, type VNode } from 'preact';

/*
 * Components as the server renders them (decision 028, "no closures for updates that never
 * come"). The server renders a page once and drops it: nothing updates, nothing unmounts. Yet
 * Preact gives each component closures for updates as it renders: `useState` and `useReducer`
 * wrap its `shouldComponentUpdate`, a context's provider makes three, and each component that
 * reads a context gets a `componentWillUnmount` that unsubscribes it. Beyond their own cost,
 * those closures kept every page's whole component tree alive: V8 (Node 20) kept the components
 * given such closures alive through its young-generation collections, so each page's tree was
 * copied twice and died in the old generation, where only a full collection frees it (about 1.5
 * full collections a second at 500 pages a second).
 *
 * Before each component renders on the server, `prepareServerComponents`'s hook gives it what
 * those closures are for, so Preact makes none:
 * - the flag hooks set once they have wrapped its `shouldComponentUpdate`;
 * - for a context's provider, the context it passes down (one method for every provider) and a
 *   subscription that keeps nobody (consumers are rendered once, and never again).
 *
 * The names are Preact 11's internal (mangled) ones, which preact-render-to-string names the
 * same way; `server-components.test.tsx` fails if they stop meaning what they mean here.
 */

/** `options._render`: called before a component renders, with its vnode. */
const RENDER_HOOK = '__r';

interface ServerComponent {
  /** `_vnode`: the vnode it is rendering. */
  __v: VNode;
  /** `_hasScuFromHooks`: hooks have wrapped its `shouldComponentUpdate` already. */
  __f?: boolean;
  getChildContext?: () => Record<string, ServerComponent>;
  sub?: (consumer: ServerComponent) => void;
}

/** A context, which in Preact 11 is its own provider; `_id` names it in a render's context. */
interface ContextProvider {
  Provider: unknown;
  __c: string;
}

type RenderOptions = Record<typeof RENDER_HOOK, ((vnode: VNode) => void) | undefined>;

function isContextProvider(type: unknown): type is ContextProvider {
  return (
    typeof type === 'function' &&
    (type as Partial<ContextProvider>).Provider === type &&
    typeof (type as Partial<ContextProvider>).__c === 'string'
  );
}

/** A provider's context for what it renders: itself, under its context's id (as Preact's). */
function providedContext(this: ServerComponent): Record<string, ServerComponent> {
  return { [(this.__v.type as unknown as ContextProvider).__c]: this };
}

function subscribeNobody(): void {}

let prepared = false;

/** Installs the hook; the server's entry calls it once, before any render. */
export function prepareServerComponents(): void {
  if (prepared) return;
  prepared = true;
  const renderOptions = options as unknown as RenderOptions;
  const next = renderOptions[RENDER_HOOK];
  renderOptions[RENDER_HOOK] = (vnode) => {
    const component = (vnode as unknown as { __c?: ServerComponent }).__c;
    if (component) {
      component.__f = true;
      if (isContextProvider(vnode.type) && !component.getChildContext) {
        component.getChildContext = providedContext;
        component.sub = subscribeNobody;
      }
    }
    next?.(vnode);
  };
}
