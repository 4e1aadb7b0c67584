// The student page's own script (static/room.js, imported from the room over http as a browser
// would) on a DOM shim (happy-dom) with node's WebSocket: no browser. argv: happy-dom's entry,
// the room's address, a device token. It prints one JSON line per milestone: "ready" (joined,
// the board drawn), "voted" (the board's "roll" clicked and the vote taken), "dropped" (the
// connection lost), "back" (reconnected by itself, the vote still there). Every wait is bounded.
import { pathToFileURL } from "node:url";

const [happy, room, token] = process.argv.slice(2);
const { Window } = await import(pathToFileURL(happy).href);
const window = new Window({ url: `${room}play` });
for (const name of ["window", "document", "localStorage", "location", "navigator"]) {
  Object.defineProperty(globalThis, name, { value: name === "window" ? window : window[name], configurable: true });
}
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
globalThis.requestAnimationFrame ??= (fn) => setTimeout(fn, 0);
const page = await (await fetch(`${room}play`)).text();
document.body.innerHTML = page.slice(page.indexOf(">", page.indexOf("<body")) + 1, page.indexOf("</body>"));
localStorage.setItem("goatwidgets-room", JSON.stringify({ token, name: "Ana" }));

const $ = (id) => document.getElementById(id);
const say = (event, extra = {}) => console.log(JSON.stringify({ event, link: $("link").textContent,
  say: $("say").textContent, mode: document.body.dataset.mode ?? null, ...extra }));
async function until(test, what, ms = 10000) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) { say("timeout", { what }); process.exit(2); }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

await import(`${room}static/room.js`);
const board = $("board");
await until(() => $("who").textContent === "Ana" && board.querySelector(".gw-root"), "welcome");
say("ready", { css: [...document.head.querySelectorAll("link")].map((l) => l.getAttribute("href")) });
await until(() => document.body.dataset.mode === "open" && board.querySelector('[data-action="roll"]'), "vote open");
board.querySelector('[data-action="roll"]').click();
await until(() => $("say").textContent.startsWith("Your vote"), "vote taken");
say("voted");
await until(() => $("link").textContent.startsWith("Reconnecting"), "drop seen");
say("dropped");
await until(() => $("link").textContent === "Connected" && $("say").textContent.startsWith("Your vote"), "back", 15000);
say("back");
process.exit(0);
