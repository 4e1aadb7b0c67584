// The join page's own script (static/join.js, imported from the room over http) on happy-dom:
// the code from the QR code's link is filled in, a submit asks the room, a refusal is shown as
// text, and a join keeps the token in localStorage and goes to the play page. argv: happy-dom's
// entry, the room's address, the code, the name to type. Prints one JSON line.
import { openWindow, putBody } from "./dom.mjs";

const [happy, room, code, name] = process.argv.slice(2);
const window = await openWindow(happy, `${room}?code=WRONG1`);
putBody(await (await fetch(room)).text());
const went = [];
Object.defineProperty(globalThis, "location", { configurable: true, value: {
  href: window.location.href, search: window.location.search, host: window.location.host,
  pathname: window.location.pathname, assign: (url) => went.push(String(url)) } });
await import(`${room}static/join.js`);
const $ = (id) => document.getElementById(id);
const until = async (test) => { for (let i = 0; i < 250 && !test(); i++) await new Promise((r) => setTimeout(r, 20)); };
const filled = $("code").value;
$("name").value = name;
$("join").dispatchEvent(new window.Event("submit", { cancelable: true }));
await until(() => !$("problem").hidden);
const refused = $("problem").textContent;
$("code").value = code;
$("join").dispatchEvent(new window.Event("submit", { cancelable: true }));
await until(() => went.length);
console.log(JSON.stringify({ filled, refused, went, stored: JSON.parse(localStorage.getItem("goatwidgets-room") || "null") }));
process.exit(0);
