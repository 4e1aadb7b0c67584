// The student page (static/room.js) when the teacher closes the room and opens it again, on a
// DOM shim (happy-dom) with node's WebSocket: no browser. argv: happy-dom's entry, the room's
// address, a device token. Milestones, one JSON line each: "ready" (joined), "closed" (the room
// closed: the page says so), "tried" (two more tries refused, as when the device comes back
// online: every text the page showed meanwhile, and the tries' close codes), "back" (the room
// opened again: connected, the room's line back). Every wait is bounded.
import { openPage, until as waitUntil } from "./student-page.mjs";

const [happy, room, token] = process.argv.slice(2);
await openPage(happy, room, token);            // the page is now the global window
const codes = [];                              // every connection's close code, in order
// node 20's WebSocket fires only "error" for a refused connection; a browser then fires
// "close" with 1006 (as the page expects): so does this one
globalThis.WebSocket = class extends WebSocket {
  constructor(...args) {
    super(...args);
    let done = false;
    this.addEventListener("close", (event) => { done = true; codes.push(event.code); });
    this.addEventListener("error", () => setTimeout(() => {
      if (done) return;
      const event = new Event("close");
      Object.defineProperty(event, "code", { value: 1006 });
      this.dispatchEvent(event);
    }, 0));
  }
};
const $ = (id) => document.getElementById(id);
const say = (event, extra = {}) => console.log(JSON.stringify({ event, link: $("link").textContent,
  say: $("say").textContent, mode: document.body.dataset.mode ?? null, codes, ...extra }));
const until = (test, what, ms = 15000) => waitUntil(test, what, say, ms);
const shown = new Set();
setInterval(() => shown.add($("link").textContent), 2);

await import(`${room}static/room.js`);
await until(() => $("link").textContent === "Connected" && $("who").textContent === "Ana", "ready");
say("ready");
await until(() => codes.includes(1001), "the room closed");
await new Promise((resolve) => setTimeout(resolve, 50));
say("closed");
shown.clear();
const online = setInterval(() => window.dispatchEvent(new window.Event("online")), 200);
const after = codes.length;
await until(() => codes.length >= after + 2, "two tries refused");
await new Promise((resolve) => setTimeout(resolve, 50));
say("tried", { shown: [...shown] });
// the test opens the room again (kept on disk: the same code, this device's token)
await until(() => $("link").textContent === "Connected" && $("say").textContent.startsWith("Wait"), "back");
clearInterval(online);
say("back", { shown: [...shown] });
process.exit(0);
