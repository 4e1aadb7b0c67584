// The student page (static/room.js) in a room of one seat per device, on a DOM shim (happy-dom)
// with node's WebSocket: no browser. argv: happy-dom's entry, the room's address, a device
// token. Milestones, one JSON line each: "ready" (its seat's board drawn, its moves lit),
// "moved" (a lit move clicked and taken), "over" (the teacher ended the game: the Review
// button shown), "review" (clicked: the seat's review's words shown as text). Bounded waits.
import { openPage, until as waitUntil } from "./student-page.mjs";

const [happy, room, token] = process.argv.slice(2);
await openPage(happy, room, token);            // the page is now the global window

const $ = (id) => document.getElementById(id);
const say = (event, extra = {}) => console.log(JSON.stringify({ event, say: $("say").textContent,
  mode: document.body.dataset.mode ?? null, ...extra }));
const until = (test, what, ms = 15000) => waitUntil(test, what, say, ms);

await import(`${room}static/room.js`);
const board = $("board");
const lit = () => board.querySelector('[data-action="roll"]');
await until(() => document.body.dataset.mode === "seat" && lit(), "seat drawn");
say("ready", { review: !$("ask-review").hidden });
lit().click();
await until(() => !lit() || !$("say").textContent.endsWith("Your decision."), "move taken");
say("moved");
await until(() => !$("ask-review").hidden, "game over");
say("over");
$("ask-review").click();
await until(() => !$("review").hidden, "review shown", 60000);
say("review", { summary: $("review-summary").textContent,
  moments: [...$("review-moments").children].map((li) => li.textContent),
  html: $("review-moments").innerHTML.includes("<b>") });
process.exit(0);
