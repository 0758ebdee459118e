import { Component, createContext, useContext, useId, useReducer, useState } from 'react';
import { options, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { prepareServerComponents } from './server-components';

const Shelf = createContext('no shelf');

function ShelfName() {
  return <b>{useContext(Shelf)}</b>;
}

class ShelfLabel extends Component {
  static override contextType = Shelf;
  override render() {
    return <i>{this.context as string}</i>;
  }
}

/** Counts up to three as it renders, as a component that derives its state does. */
function Settling() {
  const [count, setCount] = useState(0);
  if (count < 3) setCount(count + 1);
  const [total, add] = useReducer((sum: number, n: number) => sum + n, 10);
  if (total === 10) add(5);
  return (
    <span id={useId()}>
      {count} {total}
    </span>
  );
}

function Page() {
  return (
    <main id={useId()}>
      <ShelfName />
      <Shelf.Provider value="outer">
        <ShelfName />
        <Settling />
        <Shelf.Provider value="inner">
          <ShelfName />
          <ShelfLabel />
          <Shelf.Consumer>{(name) => <u>{name}</u>}</Shelf.Consumer>
        </Shelf.Provider>
        <ShelfLabel />
      </Shelf.Provider>
    </main>
  );
}

interface RenderedComponent {
  shouldComponentUpdate?: unknown;
  componentWillUnmount?: unknown;
}

/** The page's markup, and every component it rendered, as the render left it. */
function renderPage() {
  const components: RenderedComponent[] = [];
  const hooks = options as { diffed?: (vnode: VNode) => void };
  const diffed = hooks.diffed;
  hooks.diffed = (vnode) => {
    const component = (vnode as unknown as { __c?: RenderedComponent }).__c;
    if (component && typeof vnode.type === 'function') components.push(component);
    diffed?.(vnode);
  };
  try {
    return { html: renderToString(<Page />), components };
  } finally {
    hooks.diffed = diffed;
  }
}

const closuresForUpdates = (components: RenderedComponent[]) =>
  components.filter(
    (component) =>
      typeof component.shouldComponentUpdate === 'function' ||
      typeof component.componentWillUnmount === 'function',
  ).length;

describe('prepareServerComponents', () => {
  it('renders the same markup without making closures for updates', () => {
    const before = renderPage();
    // Preact's own render gives the stateful component, the providers and the consumers them.
    expect(closuresForUpdates(before.components)).toBeGreaterThanOrEqual(5);

    prepareServerComponents();
    const after = renderPage();

    expect(after.html).toBe(before.html);
    expect(closuresForUpdates(after.components)).toBe(0);
  });

  it('gives each reader the nearest provider’s value and settles state set while rendering', () => {
    prepareServerComponents();
    const { html } = renderPage();
    expect(html).toBe(
      '<main id="P0-0"><b>no shelf</b><b>outer</b><span id="P0-1">3 15</span>' +
        '<b>inner</b><i>inner</i><u>inner</u><i>outer</i></main>',
    );
  });
});
