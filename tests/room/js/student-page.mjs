// What the student-page scripts (live.mjs, seat.mjs) share: the room's play page on a DOM
// shim (happy-dom) with node's WebSocket, a device's token kept as the join page keeps it, and
// a bounded wait. No browser.
import { openWindow, putBody } from "./dom.mjs";

/** The play page of the room at `room`, for the device with `token`, drawn on happy-dom (its
 * entry: `happy`) and made the global window; the page's own script is not run yet. */
export async function openPage(happy, room, token) {
  const window = await openWindow(happy, `${room}play`);
  putBody(await (await fetch(`${room}play`)).text());
  localStorage.setItem("goatwidgets-room", JSON.stringify({ token, name: "Ana" }));
  return window;
}

/** Until `test()` holds, at most `ms`; else `say("timeout", {what})` and exit 2. */
export async function until(test, what, say, ms) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) { say("timeout", { what }); process.exit(2); }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
