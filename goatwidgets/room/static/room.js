// The student page: the game's own ES module (the very one the notebook widget loads) drawn
// through a model shim over the room's WebSocket; no second board. The shim is anywidget's
// model as a module sees it (get, set, save_changes, send, on, off, widget_manager): "traits"
// messages set its values and fire "change:<name>" (with no arguments: a module reads
// model.get), "custom" messages fire "msg:custom"; model.send(content) goes to the room as a
// "page" message. The device's token stays in localStorage; after a drop (Wi-Fi, a closed
// lid) the page reconnects by itself, waiting longer each time (up to 10 s). After the teacher
// closes the room (close code 1001) the page says so and keeps trying quietly, every 30 s or
// so, in case the room opens again (the failed tries' own close codes change nothing it says);
// a connection that opens ends that. Every text from the room goes in with textContent, never
// as HTML. When the device's own decision starts (its moves lit after a time with none: its
// seat's turn, a duel to answer, a vote opened), the first lit target is scrolled into view
// (a phone's screen is short: the card to tap was below the fold); while it decides, nothing
// jumps.
import { Model } from "./model.js";

const PROTOCOL = 1;
const KEY = "goatwidgets-room";
const base = new URL(".", location.href);
const $ = (id) => document.getElementById(id);

function stored() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "null");
  } catch {
    return null;
  }
}

const me = stored();
if (!me || !me.token) location.replace(base.href);

let socket = null;
let tries = 0;
let stopped = false;
let closed = false;            // the teacher closed the room (1001), until a connection opens
let mounted = null;
let deciding = false;          // the device had moves lit at its last update
const model = new Model((message) => post(message));

function post(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ v: PROTOCOL, ...message }));
}

function link(text) {
  $("link").textContent = text;
}

function connect() {
  if (stopped || (socket && socket.readyState <= WebSocket.OPEN)) return;
  const url = new URL("ws", base);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url);
  socket.onopen = () => {
    tries = 0;
    closed = false;
    link("Connected");
    socket.send(JSON.stringify({ v: PROTOCOL, type: "hello", token: me.token }));
  };
  socket.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    receive(message);
  };
  socket.onclose = (event) => {
    socket = null;
    if (event.code === 4004) {          // the room does not know this device (a new room)
      localStorage.removeItem(KEY);
      location.replace(new URL("?again=1", base).href);
      return;
    }
    if (event.code === 4009) {          // opened on another screen
      stopped = true;
      link("This room is open on another screen.");
      return;
    }
    if (event.code === 1001 && !closed) {   // the teacher closed the room
      closed = true;
      link("The room is closed.");
      $("say").textContent = "Your teacher closed the room. This page joins again by itself "
        + "if the room opens again.";
      document.body.dataset.mode = "closed";
    }
    // closed: a try now and then, quietly (a failed try's 1006 is not a new drop)
    const wait = (closed ? 30000 : Math.min(10000, 500 * 2 ** tries)) * (0.8 + 0.4 * Math.random());
    tries += 1;
    if (!closed) link("Reconnecting…");
    setTimeout(connect, wait);
  };
}

async function receive(message) {
  switch (message.type) {
    case "welcome":
      $("who").textContent = message.name;
      document.title = `${message.name}: class game`;
      break;
    case "traits":
      model.update(message.traits);
      if (!mounted) mounted = mount();
      if ((model.get("legal") || []).length) {
        if (!deciding) showChoices(mounted);
        deciding = true;
      } else {
        deciding = false;
      }
      break;
    case "custom":
      model.fire("msg:custom", message.content, []);
      break;
    case "room":
      banner(message);
      break;
    case "error":
      model.update({ error: message.text });
      break;
    case "review":
      review(message);
      break;
    default:
  }
}

/** The game's module and stylesheet, as anywidget loads them: its CSS, then render({model, el}). */
async function mount() {
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = new URL("static/goatwidgets.css", base).href;
  document.head.append(css);
  const module = await import(new URL("static/game.js", base).href);
  const widget = module.default ?? module;
  if (widget.initialize) await widget.initialize({ model });
  return widget.render({ model, el: $("board") });
}

/** The first lit target on the board (a card, a stack, a spot; else a move's button), just
 * into view once the board is drawn: the least scrolling that shows it. */
async function showChoices(drawn) {
  await drawn;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const board = $("board");
  const first = board.querySelector(".gw-clickable")
    || board.querySelector("button[data-action]:not(.gw-faint-button):not(:disabled)");
  if (first && deciding) first.scrollIntoView({ block: "nearest" });
}

/** The room's line above the board: what to do now, this device's vote, the tally. */
function banner(message) {
  $("say").textContent = message.text || "";
  document.body.dataset.mode = message.mode || "watch";
  const tally = $("tally");
  tally.replaceChildren(...(message.tally || []).map((t) => {
    const li = document.createElement("li");
    li.textContent = `${t.words}: ${t.count}`;
    return li;
  }));
  tally.hidden = !(message.tally || []).length;
  const verdict = $("verdict");
  verdict.textContent = message.verdict ? message.verdict.text : "";
  verdict.dataset.right = message.verdict ? String(!!message.verdict.right) : "";
  verdict.hidden = !message.verdict;
  // one seat per device: after the game, this seat's own review
  $("ask-review").hidden = !(message.mode === "seat" && message.over && $("review").hidden);
}

/** This seat's review (its summary and its flagged moments' words), as text. */
function review(message) {
  $("review-summary").textContent = message.summary || "";
  $("review-moments").replaceChildren(...(message.moments || []).map((m) => {
    const li = document.createElement("li");
    li.textContent = m.words;
    return li;
  }));
  $("review").hidden = false;
  $("ask-review").hidden = true;
}

$("ask-review").addEventListener("click", () => {
  $("ask-review").disabled = true;
  post({ type: "review" });
  setTimeout(() => { $("ask-review").disabled = false; }, 5000);
});

document.addEventListener("visibilitychange", () => { if (!document.hidden) { tries = 0; connect(); } });
window.addEventListener("online", () => { tries = 0; connect(); });
if (me && me.token) connect();
