// The DOM shell every game reuses: title, status, scores, error, log, undo, bots,
// and the hotseat cover; and the messages a game sends to Python. It draws with the virtual
// DOM of vdom.js (h, dom, patch). Strings from the model only ever go in via textContent
// or setAttribute, never innerHTML.

import { h, dom, patch } from "./vdom.js";
import { badgeName, button } from "./parts.js";
import { namedTargets } from "./clicks.js";

/** Send a message of `type` with `extra` fields; always includes the current version. */
export function send(model, type, extra = {}) {
  model.send({ type, ...extra, version: model.get("version") });
}

/** Send the legal action text `text` as an "act" message. */
export function act(model, text) {
  send(model, "act", { action: text });
}

/**
 * A game's local choice `ui[field]` (the card or piece clicked before its target), kept between
 * renders: forgotten when another version arrives (a move was made) and when an action is sent.
 * Returns {send, select}: send(text) sends the action text; select(value) chooses (null cancels)
 * and draws again.
 */
export function localChoice(ctx, ui, field) {
  const version = ctx.model.get("version");
  if (ui.version !== version) { ui[field] = null; ui.version = version; }
  return {
    send: (text) => { ui[field] = null; act(ctx.model, text); },
    select: (value) => { ui[field] = value; ctx.refresh(); },
  };
}

/**
 * A first click that starts no legal action (e.g. the rival's goat as the first pick of a
 * fight): ask Python at once why not; its answer arrives in `error`. JS decides nothing.
 */
export function explainStart(model, text) {
  send(model, "start", { action: text });
}

/** Player names: the `names` trait, else view.names, else "Player N". */
export function playerNames(model) {
  const names = model.get("names") || (model.get("view") || {}).names || [];
  const n = Math.max(names.length, ((model.get("view") || {}).players) || 0);
  return Array.from({ length: n }, (_, i) => (names[i] != null ? String(names[i]) : `Player ${i + 1}`));
}

const EVENTS = ["view", "legal", "error", "game_log", "covered", "version", "names", "bots", "seat", "viewer", "thinking",
  "can_undo", "undo_note", "can_restart", "last_move", "highlight", "coach", "advice", "whose"];

/** "Ana", "Ana and Ben", "Ana, Ben and Cy" (names are used as given, as text). */
export function listNames(names) {
  const list = names.map(String);
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/** The status line: who is thinking while a bot chooses its move (`thinking`: its seat, the
 * class sees each bot move arrive as it is made), else the prompt, else "Game over.". */
export function statusText(view, names, thinking = null) {
  const who = names[thinking ?? -1];
  return who != null ? `${who} ${isYou(who) ? "are" : "is"} thinking…` : view.prompt || (view.is_over ? "Game over." : "");
}

/**
 * The coach's advice as Python sent it (the `advice` trait: {words, rules: [{id, text}]}),
 * drawn: the words, then each ruling its reasons cite as a "Why? (id)" that opens the rule in
 * our words (as a lesson's refusal does). Nothing when there is no advice. JS decides nothing.
 */
export function advicePanel(advice) {
  return advice && advice.words ? [h("p", {}, h("b", { text: "Coach: " }), String(advice.words)),
    ...(advice.rules || []).map((r) => h("details", { class: "gw-why" },
      h("summary", { text: `Why? (${r.id})` }), String(r.text || r.id)))] : [];
}

/** "1 point", "3 points", "3 of 6 points": what a score chip says. */
export function scoreText(score, target) {
  const unit = (n) => (n === 1 ? "point" : "points");
  return target != null ? `${score} of ${target} ${unit(target)}` : `${score} ${unit(score)}`;
}

/**
 * Mount the shared shell into `el`. `renderBoard(boardEl, ctx)` draws the whole game into
 * `boardEl` on every change, a drawn element (a VNode): the shell then patches the page to match
 * (`patch`), so only what changed is touched. Listeners must be set with `listen` or h()/s()'s
 * `on...` attributes, and read the element as `e.currentTarget`. ctx = {model, view, legal,
 * names, viewer, me, refresh, marks, board, after}: `me` is the seat whose eyes the page shows
 * (`viewer`, else the view's, else null), `board` is the element in the page (to read its
 * size; don't draw into it), `after(fn)` runs `fn(board)` once the page is patched (to measure
 * or scroll), and `refresh()` re-renders after local UI state changes. `marks` says what to highlight:
 * {last: {ids, texts, fresh}, hint: {ids, texts}}: the ids (spot, stick, card, target…) and
 * action texts named by the `last_move` and `highlight` traits; `fresh` is true on the first
 * render of a new last move (animate it then, not on every re-render). Elements whose
 * data-action is a hinted text get `.gw-hinted` (buttons included). `chipText(seat, view)`, if
 * given, is what a seat's chip says instead of its score (a game without points).
 * `showScores(view)`, if given, says whether to draw the scoreboard (a game whose board has a
 * panel per seat carrying the same: name, points, bot, turn, winner). Returns a cleanup function
 * that removes the listeners.
 */
export function mountShell(el, model, { title, renderBoard, chipText = null, showScores = null }) {
  // a seat that may be none (viewer, thinking) comes as -1 for none (see SEAT_OR_NONE in
  // widgets/base.py: the JupyterLite site would lose a null)
  const get = (key) => {
    const value = model.get(key);
    return (key === "viewer" || key === "thinking") && value < 0 ? null : value;
  };
  // tabindex -1: the status line takes the focus when the focused element goes away
  const status = dom(h("p", { class: "gw-status", "aria-live": "polite", tabindex: -1 }));
  const scores = dom(h("div", { class: "gw-scores-wrap" }));
  const error = dom(h("div", { class: "gw-error", role: "alert", "aria-live": "assertive", hidden: true }));
  const board = dom(h("div", { class: "gw-board" }));
  const lastMove = dom(h("p", { class: "gw-last-move", "aria-live": "polite", hidden: true }));
  // the line's place: kept once it has been shown, so the board below does not move up and down
  const lastMoveSlot = dom(h("div", { class: "gw-last-move-slot" }, lastMove));
  const log = dom(h("ol", { class: "gw-log", "aria-live": "polite", "aria-label": "Recent events" }));
  // Undo is for your own moves only (another child's move stands), and says so
  const undo = dom(button("gw-undo", "Undo my move", null, "undo", () => send(model, "undo")));
  // the refusal is laid over the prompt and what just happened (.gw-head), so that showing
  // it moves nothing: a quick second click still lands where the child aimed
  const again = dom(button("gw-button-primary gw-new", "New game", null, "new", () => send(model, "new")));
  // the coach (if a teacher left it on): Suggest asks Python for advice on the viewer's own
  // decision; until it comes (or a move, or a refusal) the button says it is thinking
  let asked = null;
  const suggest = dom(button("gw-suggest", "", null, "suggest", () => {
    asked = get("version") + (get("error") || "");
    send(model, "suggest");
    schedule();
  }, { title: "The coach suggests a move and says why" }));
  const advice = dom(h("div", { class: "gw-advice", role: "status" }));
  // the buttons and the coach's advice sit between what just happened and the board: the advice
  // is read beside the move it lights (under a tall board it was a screen away from the hand)
  const main = dom(h("div", { class: "gw-main" }, h("div", { class: "gw-head" }, status, scores, error, lastMoveSlot),
    h("div", { class: "gw-controls" }, undo, suggest, again), advice, board, log));
  const coverText = dom(h("p", { class: "gw-cover-text" }));
  // what everyone may know while the screen changes hands: why it goes to that child (the
  // public prompt) and what just happened (the public lines of the last move)
  const coverWhy = dom(h("p", { class: "gw-cover-why" }));
  const coverLast = dom(h("p", { class: "gw-cover-last" }));
  const uncover = dom(button("gw-uncover", "", null, "uncover", () => send(model, "uncover")));
  const cover = dom(h("div", { class: "gw-cover", hidden: true }, coverText, coverWhy, coverLast, uncover));
  const root = dom(h("div", { class: "gw-root" }, h("h3", { class: "gw-title", text: title }), cover, main));
  el.replaceChildren(root);
  let pending = false;
  let alive = true;
  let lastKey = null;

  function render() {
    pending = false;
    if (!alive) return;
    const started = performance.now();
    const active = document.activeElement;
    const hadFocus = !!active && root.contains(active);
    const focusKey = hadFocus ? active.getAttribute("data-key") : null;
    const view = get("view") || {};
    const names = playerNames(model);
    const viewer = get("viewer");
    const covered = !!get("covered");
    cover.hidden = !covered;
    main.hidden = covered;
    if (covered) {
      const who = names[viewer ?? -1] ?? "the next player";
      const chosen = (view.chosen || []).map((i) => names[i]).filter((n) => n != null);
      const one = chosen.length === 1 && !isYou(chosen[0]);
      const waiting = chosen.length ? ` ${listNames(chosen)} ${one ? "has" : "have"} chosen already.` : "";
      setText(coverText, `Pass the screen to ${who}. Everyone else, look away.${waiting}`);
      setText(coverWhy, view.prompt ? `Why: ${view.prompt}` : "");
      coverWhy.hidden = !view.prompt;
      const said = ((get("last_move") || {}).lines || []).map(String);
      patch(coverLast, h("p", {}, ...(said.length ? [h("b", { text: "Just now: " }), said.join(" ")] : [])));
      coverLast.hidden = !said.length;
      setText(uncover, "Show the board");
      uncover.setAttribute("aria-label", `Show the board to ${who}`);
      board.replaceChildren();
    } else {
      const after = renderMain(view, names);
      for (const fn of after) fn(board);
    }
    // Drawn up to this version, in this many ms (read by the browser tests and the benchmark).
    root.setAttribute("data-render-ms", (performance.now() - started).toFixed(2));
    root.setAttribute("data-version", String(get("version")));
    // the bot seat choosing now ("" if none): a browser test waits for nobody before acting
    root.setAttribute("data-thinking", get("thinking") ?? "");
    // Keyboard users keep their place: if the focused element went away (a button that is no
    // longer offered, the board under the hot-seat cover), focus the element drawn in its place,
    // else the cover's button, else the status line -- never drop the focus to the page.
    if (hadFocus && !(document.activeElement && root.contains(document.activeElement))) {
      const again = focusKey && [...root.querySelectorAll("[data-key]")]
        .find((n) => n.getAttribute("data-key") === focusKey && !n.closest("[hidden]"));
      // without scrolling: a refused click must not scroll the notebook away from the board
      (again || (covered ? uncover : status)).focus({ preventScroll: true });
    }
  }

  /** The status, scores, error, last move, log and the game's board; returns the `after` calls. */
  function renderMain(view, names) {
    setText(status, statusText(view, names, get("thinking")));
    patch(scores, h("div", {}, !showScores || showScores(view) ? scoreList(model, view, names, chipText) : null));
    const err = get("error") || "";
    setText(error, err);
    error.hidden = !err;
    const lines = (get("game_log") || []).slice(-8).map(String);
    if (lines.join("\n") !== [...log.children].map((li) => li.textContent).join("\n")) {
      log.replaceChildren(...lines.map((line) => dom(h("li", { text: line }))));
    }
    undo.disabled = !get("can_undo");
    undo.title = get("undo_note") || "";   // why it is off, if it is
    again.hidden = !(view.is_over && get("can_restart"));
    const tip = get("advice") || {};
    const thinking = asked === get("version") + err && !tip.words;
    suggest.hidden = !(get("coach") && (get("legal") || []).length);
    suggest.disabled = thinking || !!tip.words;
    setText(suggest, thinking ? "Thinking…" : "Suggest");
    patch(advice, h("div", {}, ...advicePanel(tip)));
    advice.hidden = !tip.words;
    const last = get("last_move") || {};
    const said = (last.lines || []).map(String);
    patch(lastMove, h("p", {}, ...(said.length ? [h("b", { text: "Just now: " }), String(last.said || said.join(" "))] : [])));
    lastMove.hidden = !said.length;
    lastMove.title = said.join(" ");
    const key = JSON.stringify(last);
    const marks = { last: { ...namedTargets(last.actions), fresh: key !== lastKey },
      hint: namedTargets(get("highlight")) };
    lastKey = key;
    const drawn = h("div", {});
    const after = [];
    const viewer = get("viewer");
    // `whose`: how the viewer's own things are named ("Your hand"; a review's "Bot Cal's hand")
    renderBoard(drawn, { model, view, legal: get("legal") || [], names, viewer, me: viewer ?? view.viewer ?? null,
      whose: get("whose") || "Your", refresh: schedule, marks, board, after: (fn) => after.push(fn) });
    patch(board, drawn);
    // marked on the page, once patched and filled: a memo() picture's key need not say it
    after.unshift(() => {
      const hinted = marks.hint.texts;
      for (const node of board.querySelectorAll(hinted.size ? "[data-action]" : ".gw-hinted[data-action]")) {
        node.classList.toggle("gw-hinted", hinted.has(node.getAttribute("data-action")));
      }
    });
    return after;
  }

  function schedule() {
    if (pending) return;
    pending = true;
    queueMicrotask(render);
  }

  for (const e of EVENTS) model.on(`change:${e}`, schedule);
  render();
  // a board that asks to be seen (a review's retry, opened below the review) brings its lesson
  // into view once drawn
  if (get("reveal")) requestAnimationFrame(() => (root.closest(".gw-lesson") || root).scrollIntoView());
  // the whole widget, and what is above the board: the prompt (it may wrap to a second line on
  // one click and not on the next) and the line of what just happened (shown, then not after an
  // Undo); else the board would move under the pointer
  const stopKeepingHeights = [main, status, lastMoveSlot].map(keepHeight);
  return () => {
    alive = false;
    for (const stop of stopKeepingHeights) stop();
    for (const e of EVENTS) model.off(`change:${e}`, schedule);
    root.remove();
  };
}

/**
 * Keep `node` from getting shorter while its width stays the same: its min-height follows the
 * tallest it has been. A click that adds a line (the log, "Just now", a wrapped prompt) and the
 * Undo that takes it away then leave everything below the widget where it was: nothing jumps
 * under the student's pointer, and the browser re-lays-out and repaints only the widget, not the
 * whole notebook under it (the larger part of a click's drawing time before). A new width (the
 * window or the cell resized) starts again from the natural height. A hidden node (under the
 * hot-seat cover) is left alone, and so is a lesson's board (`.gw-lesson-board`): each step is
 * a new position, and a step's board should be as tall as that step needs.
 * Returns a function that stops watching.
 */
export function keepHeight(node) {
  let width = 0;
  let tallest = 0;
  let stopped = false;
  const watch = new ResizeObserver(([entry]) => {
    const { width: w, height: h } = entry.contentRect;
    if (!w || node.closest(".gw-lesson-board")) return;
    if (w !== width) {
      // setting min-height here would resize what is being observed inside its own callback;
      // start again in the next frame, which then reports the natural height
      const first = !width;
      width = w;
      tallest = 0;
      if (!first) {
        requestAnimationFrame(() => {
          if (stopped) return;
          node.style.minHeight = "";
          watch.unobserve(node);
          watch.observe(node);    // reports the height again, even if it did not change
        });
        return;
      }
    }
    if (h > tallest) {
      tallest = h;
      node.style.minHeight = `${h}px`;    // its height already: no new resize, no loop
    }
  });
  watch.observe(node);
  return () => {
    stopped = true;
    watch.disconnect();
  };
}


/** A seat named "You" (a name said with "are", not "is"). */
const isYou = (name) => /^\s*you\s*$/i.test(name);

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function scoreList(model, view, names, chipText) {
  const bots = model.get("bots") || {};
  const scores = view.scores || [];
  const target = view.target;
  const winners = view.winners || [];
  const deciders = view.deciders || (view.to_move != null ? [view.to_move] : []);
  const chosen = view.chosen || [];
  const together = deciders.length + chosen.length > 1;
  return h("ul", { class: "gw-scores", "aria-label": "Scores" }, names.map((_, i) => {
    const bot = bots[String(i)];
    const score = scores[i] ?? 0;
    const deciding = !view.is_over && deciders.includes(i);
    const cls = ["gw-seat", deciding ? "gw-seat-to-move" : "", winners.includes(i) ? "gw-seat-winner" : ""]
      .filter(Boolean).join(" ");
    return h("li", { class: cls, "data-seat": i },
      badgeName(i, names),
      h("span", { class: "gw-score", text: chipText ? chipText(i, view) : scoreText(score, target) }),
      bot ? h("span", { class: "gw-bot", text: "bot", title: `played by the ${bot} bot` }) : null,
      deciding ? h("span", { class: "gw-to-move", text: together ? "choosing" : "to move" }) : null,
      !view.is_over && chosen.includes(i) ? h("span", { class: "gw-chosen", text: "has chosen" }) : null,
      winners.includes(i) ? h("span", { class: "gw-winner", text: "winner" }) : null);
  }));
}
