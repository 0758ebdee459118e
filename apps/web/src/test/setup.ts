import { configure } from '@testing-library/preact';

// A screen that loads its parts lazily can take more than the default second to appear on a busy
// machine; tests still wait only as long as it takes.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has none of these (a test file run in Node has no DOM at all). Pages that watch scrolling
// render as if nothing ever scrolled (test/media.ts's stubIntersectionObserver scrolls for a test
// that needs it); a <dialog> opens and closes as in the browser, without making the page behind
// inert (a test finds the dialog's controls with `hidden: true`); there is no layout, so nowhere
// to scroll to.
if ('HTMLElement' in globalThis) {
  Object.assign(globalThis, {
    IntersectionObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  });
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true;
    },
    close(this: HTMLDialogElement) {
      this.open = false;
      this.dispatchEvent(new Event('close'));
    },
  });
  Object.assign(Element.prototype, { scrollIntoView() {} });
}
