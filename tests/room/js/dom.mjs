// The DOM shim every room page script draws on (happy-dom: no browser): a window made the
// global one (its document, storage, location and navigator too), with the two browser calls
// the game's modules use and happy-dom lacks, and a page's <body> put in as the room serves it.
import { pathToFileURL } from "node:url";

/** A happy-dom window (its entry: `happy`) at `url`, made global; `size`: {width, height}. */
export async function openWindow(happy, url, size = {}) {
  const { Window } = await import(pathToFileURL(happy).href);
  const window = new Window({ url, ...size });
  for (const name of ["window", "document", "localStorage", "location", "navigator"]) {
    Object.defineProperty(globalThis, name, { value: name === "window" ? window : window[name], configurable: true });
  }
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
  globalThis.requestAnimationFrame ??= (fn) => setTimeout(fn, 0);
  return window;
}

/** The inside of `page`'s <body> (the page's own HTML), put into the document's body. */
export function putBody(page) {
  document.body.innerHTML = page.slice(page.indexOf(">", page.indexOf("<body")) + 1, page.indexOf("</body>"));
}
