import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { hydrateInTurns, hydrationUnderWay, whenHydrated } from '../../lib/hydration-turns';
import { HydrateInTurn } from './hydrate-in-turn';

/** Counts its presses: it works only once hydrated. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

function Page() {
  return (
    <div>
      <h1>Page</h1>
      <Counter label="top" />
      <HydrateInTurn>
        <section>
          <Counter label="later" />
          <HydrateInTurn>
            <p>
              <Counter label="inner" />
            </p>
          </HydrateInTurn>
        </section>
      </HydrateInTurn>
      <footer>end</footer>
    </div>
  );
}

/** The server's rendering of the page, as the browser has it before any script runs. */
function serverPage() {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Page />);
  document.body.append(root);
  const button = (label: string) =>
    [...root.querySelectorAll('button')].find((b) => b.textContent.startsWith(label))!;
  return { root, button };
}

describe('parts hydrated in turns', () => {
  it('renders on the server as if there were no turns', () => {
    expect(renderToString(<Page />)).toBe(
      renderToString(
        <div>
          <h1>Page</h1>
          <Counter label="top" />
          <section>
            <Counter label="later" />
            <p>
              <Counter label="inner" />
            </p>
          </section>
          <footer>end</footer>
        </div>,
      ),
    );
  });

  it("keeps the server's markup and hydrates the parts after the first pass, nested ones too", async () => {
    const { root, button } = serverPage();
    const before = root.innerHTML;
    const elements = [...root.querySelectorAll('*')];

    const hydrated = hydrateInTurns(() => hydrateRoot(root, <Page />));
    expect(hydrationUnderWay()).toBe(true);
    expect(root.innerHTML).toBe(before);
    // The first pass has hydrated what is outside the parts only.
    button('top').click();
    button('later').click();
    await Promise.resolve();
    expect(button('top').textContent).toBe('top 1');
    expect(button('later').textContent).toBe('later 0');

    await hydrated;
    expect(hydrationUnderWay()).toBe(false);
    await expect(whenHydrated()).resolves.toBeUndefined();
    // The same elements, now the app's: every part answers.
    expect([...root.querySelectorAll('*')]).toEqual(elements);
    button('later').click();
    button('inner').click();
    await expect.poll(() => button('later').textContent).toBe('later 1');
    await expect.poll(() => button('inner').textContent).toBe('inner 1');
    root.remove();
  });

  it('renders at once on a page the browser renders itself', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const { createRoot } = await import('react-dom/client');
    createRoot(root).render(<Page />);
    await expect.poll(() => root.querySelector('p button')?.textContent).toBe('inner 0');
    root.remove();
  });
});
