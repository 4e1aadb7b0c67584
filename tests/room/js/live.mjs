// The student page's own script (static/room.js, imported from the room over http as a browser
// would) on a DOM shim (happy-dom) with node's WebSocket: no browser. argv: happy-dom's entry,
// the room's address, a device token. It prints one JSON line per milestone: "ready" (joined,
// the board drawn), "voted" (the board's "roll" clicked and the vote taken), "dropped" (the
// connection lost), "back" (reconnected by itself, the vote still there). Every wait is bounded.
import { openPage, until as waitUntil } from "./student-page.mjs";

const [happy, room, token] = process.argv.slice(2);
await openPage(happy, room, token);            // the page is now the global window

const $ = (id) => document.getElementById(id);
const say = (event, extra = {}) => console.log(JSON.stringify({ event, link: $("link").textContent,
  say: $("say").textContent, mode: document.body.dataset.mode ?? null, ...extra }));
const until = (test, what, ms = 10000) => waitUntil(test, what, say, ms);

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
