// Goat Lords widget: your hand and face-down action cards, every herd as stacks in order, the
// discard pile, the trash and the draw pile, a duel's cards, and whose decision it is and why,
// all drawn from `view`; clicks send action texts. No rule is decided here: every plausible
// target is clickable (legal ones lit, the rest faint) and Python judges each click and
// explains a "no". Names go in as text only.

import { mountShell, localChoice } from "../shared/shell.js";
import { h } from "../shared/vdom.js";
import { target, button, choiceButton, who, nameOf, seatBadge } from "../shared/parts.js";
import { seatStyle } from "../shared/colors.js";
import {
  shortName, stackName, WILDS, CARD_FILL, cardName, aCard, count, decision, selection, handClick, litHand,
  actionClick, stackClick, discardClick, decisionButtons, selectionNote, litTargets, pointsAt,
  grouped,
  handCount,
} from "./table.js";

function render({ model, el }) {
  // Local UI state only: the card chosen before its partner, target or direction.
  const ui = { sel: null, version: null };
  return mountShell(el, model, { title: "Goat Lords", renderBoard: (board, ctx) => draw(board, ctx, ui),
    chipText: (i, view) => {
      const points = (view.scores || [])[i] ?? 0;
      const skip = (view.skips || [])[i] ? " · misses a turn" : "";
      return `${count(points, "point")}${skip}`;
    },
    // 5-6 players: each seat's panel is its score chip too (name, points, bot, turn, winner), so
    // the scoreboard above it would only repeat it in two rows the table needs
    showScores: (view) => !many(view) });
}

export default { render };

/** 5 or 6 players: the compact table (three columns of seats, middle stacks as spines). */
function many(view) {
  return (view.herds || []).length >= 5;
}

function draw(board, ctx, ui) {
  const { model, view, legal, names, me } = ctx;
  const { send, select } = localChoice(ctx, ui, "sel");
  const mode = decision(view, legal);
  if (mode !== "turn" || !selection(ui.sel, view)) ui.sel = null;
  const env = { view, legal, names, me, mode, sel: ui.sel, send, select, bots: model.get("bots") || {}, whose: ctx.whose,
    hint: pointsAt(model.get("highlight"), view),
    last: pointsAt((model.get("last_move") || {}).actions, view), fresh: ctx.marks.last.fresh,
    lit: litTargets(mode, legal, view, ui.sel, me) };
  board.append(h("div", { class: `gw-game gw-gl${many(view) ? " gw-gl-many" : ""}`,
    onkeydown: (e) => { if (e.key === "Escape" && ui.sel) { e.preventDefault(); select(null); } } },
  // whose decision and why, then what to click, in one row when they fit (a 6-player table
  // needs every line it can save to fit a 1366x768 screen)
  h("div", { class: "gw-gl-lead" }, whyLine(env), actionRow(env)), duelPanel(env),
  h("div", { class: "gw-gl-middle" }, minePanel(env), tablePanel(env)),
  seatsPanel(env)));
}

// ------------------------------------------------------------------ clickable things

/** Wire a click result ({text}, {select}, {cancel}) onto `node`: a target (parts.js) whose
 * arrow keys are the widget's (ARROWS). */
function wire(node, res, label, env, key) {
  if (!res) return node;
  node.setAttribute("data-key", key);
  for (const k in ARROWS) node.setAttribute(k, ARROWS[k]);
  if (res.text != null) return target(node, label, res.legal, () => env.send(res.text), res.text);
  if (res.cancel) {
    node.classList.add("gw-selected");
    return target(node, `${label}: chosen; click again to cancel`, true, () => env.select(null));
  }
  return target(node, label, res.legal, () => env.select(res.select));
}

// ------------------------------------------------------------------ arrow keys

// Tab reaches each choice; within a group the arrow keys move to the previous or next one,
// wrapping around. Handlers read the group from e.currentTarget (the node in the page). Every
// choice carries data-lm-suppress-shortcuts (ARROWS): Notebook 7 reads the page's keys before the
// widget does and would take the arrows to move between cells or headings (JupyterLab lets the
// widget go first); the attribute tells it (Lumino) to leave the keys of that element alone.
const ARROWS = { "data-lm-suppress-shortcuts": "true" };
const STEP = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
const CHOICE = '[role="button"], button';

/** An arrow key's step (1 or -1) and the choice of the group it was pressed on, or [0, null]. */
function arrowFrom(e) {
  const step = e.altKey || e.ctrlKey || e.metaKey || e.shiftKey ? 0 : STEP[e.key] || 0;
  const from = step && e.target.closest && e.target.closest(CHOICE);
  return from && e.currentTarget.contains(from) ? [step, from] : [0, null];
}

function focusAt(e, items, from, step) {
  e.preventDefault();
  e.stopPropagation();                       // the arrow is ours, even with nowhere to go
  const at = items.indexOf(from);
  if (at >= 0 && items.length > 1) items[(at + step + items.length) % items.length].focus();
}

/** A row of choices (your hand, your action cards, the buttons: a duel's Pass and Escape
 * Goat…): every card or button in it, faint ones too (Enter on one asks Python why not). */
function rowKeys(e) {
  const [step, from] = arrowFrom(e);
  if (from) focusAt(e, [...e.currentTarget.querySelectorAll(CHOICE)], from, step);
}

/** The herds: Left/Right go to the previous/next stack or player you may target, Up/Down to the
 * first one of the previous/next player that has one (a faint one you are on counts too). */
function targetKeys(e) {
  const [step, from] = arrowFrom(e);
  if (!from) return;
  const items = [...e.currentTarget.querySelectorAll(CHOICE)]
    .filter((n) => n === from || n.classList.contains("gw-clickable"));
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") { focusAt(e, items, from, step); return; }
  const seats = [];
  for (const n of items) {
    const seat = n.closest(".gw-gl-seat");
    if (seats.length && seats[seats.length - 1].seat === seat) seats[seats.length - 1].items.push(n);
    else seats.push({ seat, items: [n] });
  }
  const at = seats.findIndex((g) => g.items.includes(from));
  focusAt(e, seats.map((g) => g.items[0]), seats[at].items[0], step);
}

// ------------------------------------------------------------------ cards

/** A card face: its kind's colour, its name written on it, its points in the corner. */
function face(view, card, extra = "") {
  const action = !(card in CARD_FILL);
  const points = (view.values || {})[card];
  const node = h("span", { class: `gw-gl-card ${action ? "gw-gl-action" : "gw-gl-goat"} ${extra}`, "data-card": card,
    title: cardName(view, card) },
  // (the spaces between the parts take no room in the flex box; they keep the words apart in
  // the text that tools and screen readers take from the card: "Goat Ninja 10", not "Ninja10")
  span("gw-gl-card-name", shortName(view, card)), " ",
  WILDS.has(card) ? span("gw-gl-tag", "wild") : null, " ",
  action ? span("gw-gl-tag", "action") : null, " ",
  points != null ? span("gw-gl-points", String(points)) : null);
  if (!action) node.setAttribute("style", `--gw-card: ${CARD_FILL[card]}`);
  return node;
}

/** What a card's face shows, in its order, as words for its accessible name: "Goat Ninja,
 * 10 points", "Goat Lord, wild, 50 points", "Loaf of Goat action card"; the printed name follows
 * in brackets when the face shows a shorter one. (A button's name must hold every word written
 * on it, in order, so that someone who speaks to the page can say what they see.) */
function faceLabel(view, card) {
  const short = shortName(view, card);
  const points = (view.values || {})[card];
  const words = [short, WILDS.has(card) ? ", wild" : "", !(card in CARD_FILL) ? " action card" : "",
    points != null ? `, ${count(points, "point")}` : ""].join("");
  return cardName(view, card) === short ? words : `${words} (${cardName(view, card)})`;
}

/** The words written in `node` (text pieces in page order, comma-separated), e.g. a stack's
 * "TOP, Dragon, 2 cards, 3": the start of the name of a button whose face is more than a word. */
function shownWords(node) {
  const out = [];
  const walk = (n) => {
    for (const c of n.childNodes) {
      if (c.nodeType === 3) { if (c.nodeValue.trim()) out.push(c.nodeValue.trim()); }
      else if (c.nodeType === 1 && c.getAttribute("aria-hidden") !== "true") walk(c);
    }
  };
  walk(node);
  return out.join(", ");
}

/** `n` card backs in a row (at most 6 drawn), with the count in words beside them. */
function backs(n, word, cls) {
  const row = h("span", { class: `gw-gl-backs ${cls}`, "aria-hidden": "true" });
  for (let i = 0; i < Math.min(n, 6); i++) row.append(h("span", { class: "gw-gl-back" }));
  return h("span", { class: "gw-gl-count" }, row, h("span", { text: count(n, word) }));
}

// ------------------------------------------------------------------ above the table

function whyLine(env) {
  const { view, names } = env;
  const deciders = view.deciders || [];
  const notes = [];
  if (view.rain) notes.push("Raining Fire-Goats: nobody may defend or play Escape Goat this turn.");
  if (view.end_phase) notes.push("A hand is empty and nothing is left to draw: no more action cards.");
  else if (view.nothing_to_draw) notes.push("Nothing is left to draw.");
  if (view.acted && !view.pending && !view.is_over) {
    notes.push(view.action_cards_allowed ? "One more action card may be played this turn." : "No more action cards this turn.");
  }
  if (view.target_score != null) notes.push(`Round ${view.round} · playing to ${view.target_score} points`);
  // data-same: it says only what the prompt above says (a seat that does not decide reads the
  // public prompt there); a board nobody clicks (.gw-view-only) leaves it out
  return h("div", { class: "gw-gl-why", role: "status", "data-same": !notes.length && view.why === view.prompt && "" },
    ...deciders.map((i) => seatBadge(i, 20)),
    h("b", { text: view.why || "" }),
    ...notes.map((n) => span("gw-gl-note", n)));
}

function duelPanel(env) {
  const { view, names, last } = env;
  const duel = view.duel;
  if (!duel) return null;
  const kind = cardName(view, duel.kind);
  const cards = (duel.cards || []).map((c, i) => h("li", { class: "gw-gl-duel-card", "aria-label": `${i + 1}: ${names[c.seat] ?? ""} played ${aCard(view, c.card)}` },
    seatBadge(c.seat, 16), face(view, c.card)));
  const waiting = view.pending && view.pending.kind === "duel" ? view.pending.seat : null;
  return h("section", { class: "gw-gl-duel", "aria-label": "The duel" },
    h("div", { class: "gw-gl-duel-head" }, h("b", { text: "Duel" }), " for the ", h("b", { text: kind }), " stack. Attacker: ",
      who(duel.attacker, names), " · defender: ", who(duel.defender, names)),
    h("ol", { class: "gw-gl-duel-cards", "aria-label": "Cards played in the duel, in order" }, cards),
    waiting != null ? h("div", { class: "gw-gl-duel-now" }, "To answer now: ", who(waiting, names),
      ` (${aCard(view, duel.kind)} or a wild, or pass). The last card played wins.`) : null);
}

function actionRow(env) {
  const { view, legal, mode, sel, send, select, hint } = env;
  const row = [];
  for (const b of decisionButtons(mode, legal, view, sel)) {
    if (b.cancel) {
      row.push(button("gw-cancel", "Cancel", "Cancel the chosen card", "cancel", () => select(null), ARROWS));
      continue;
    }
    // a card to take shows its face, and its name says every word written on it
    const node = choiceButton(b.card ? { ...b, label: null, ariaLabel: `Take ${faceLabel(view, b.card)}` } : b,
      `gw-gl-${b.key}${b.primary && b.legal ? " gw-button-primary" : ""}`, send, ARROWS);
    if (b.card) node.append(face(view, b.card));
    if (hint.texts.has(b.text)) node.classList.add("gw-hinted");
    row.push(node);
  }
  const note = selectionNote(view, sel);
  if (note) row.push(span("gw-note gw-gl-sel-note", note));
  const mine = { toss: `Choose a card to discard: you may keep ${view.hand_size}.`, keep: "Click the one card you keep; the others wait until the turn ends.",
    trash: "Click the face-down action card to trash.", duel: "Click a card of yours to add it to the duel." }[mode];
  if (mine && !note) row.push(span("gw-note", mine));
  if (mode === "turn" && !sel) row.push(span("gw-note", "Click a card of yours to begin."));
  return row.length ? h("div", { class: "gw-actions gw-gl-actions", role: "group", "aria-label": "Your choices",
    onkeydown: rowKeys }, row) : null;
}

// ------------------------------------------------------------------ your cards

function minePanel(env) {
  const { view, legal, mode, sel, me, hint, names } = env;
  if (me == null || !view.hand) return null;
  const lit = litHand(mode, legal, view, sel);
  const chosen = selection(sel, view);
  const hand = (view.hand || []).map((card, i) => {
    const node = face(view, card, "gw-gl-hand-card");
    const res = handClick(mode, legal, view, sel, i);
    const label = `Your ${faceLabel(view, card)}`;
    if (res) wire(node, res, label, env, `hand:${i}`);
    if (lit.has(i) && res && res.text) node.classList.add("gw-lit");
    if (chosen && chosen.kind === "hand" && chosen.index === i) node.classList.add("gw-selected");
    if (hint.hand.has(card)) node.classList.add("gw-hinted");
    return node;
  });
  const actions = (view.actions || []).map((card, i) => {
    const node = face(view, card, "gw-gl-mine-action");
    const res = actionClick(mode, legal, view, sel, card);
    if (res) wire(node, res, `Your face-down ${faceLabel(view, card)}`, env, `act:${card}:${i}`);
    if (chosen && chosen.kind === "action" && chosen.card === card) node.classList.add("gw-selected");
    if (hint.actions.has(card)) node.classList.add("gw-hinted");
    return node;
  });
  const aside = view.aside || [];
  const w = env.whose;
  return h("section", { class: "gw-panel gw-gl-mine", "aria-label": `${w} cards` },
    h("div", { class: "gw-gl-group" },
      h("h4", {}, `${w} hand `, h("small", { text: handCount(view.hand.length, view.hand_size) })),
      h("div", { class: "gw-gl-hand", role: "group", "aria-label": `${w} hand`, onkeydown: rowKeys },
        hand.length ? hand : span("gw-note", "Empty."))),
    h("div", { class: "gw-gl-group" },
      h("h4", {}, `${w} action cards `, h("small", { text: w === "Your" ? "(only you see them)" : "(face down)" })),
      h("div", { class: "gw-gl-hand", role: "group", "aria-label": `${w} face-down action cards`, onkeydown: rowKeys },
        actions.length ? actions : span("gw-note", "None."))),
    aside.length ? h("p", { class: "gw-gl-aside" }, "Set aside until the turn ends: ", ...aside.map((c) => face(view, c))) : null);
}

// ------------------------------------------------------------------ the piles

function tablePanel(env) {
  const { view, mode, legal, sel, hint, last } = env;
  const top = view.discard_top;
  const pile = h("div", { class: "gw-gl-pile gw-gl-discard-pile", "data-key": "discard" },
    span("gw-gl-pile-label", `Discard pile (${view.discard_count ?? 0})`), " ",
    top ? face(view, top) : span("gw-gl-empty", "empty"));
  const res = discardClick(mode, legal, view, sel);
  if (res) {
    wire(pile, res, `Discard pile: ${top ? `${faceLabel(view, top)}; pair your card with it` : "empty; pair your card with the empty pile"}`,
      env, "discard");
  }
  else {
    pile.setAttribute("role", "img");
    pile.setAttribute("aria-label", `Discard pile: ${count(view.discard_count ?? 0, "card")}${top ? `, ${cardName(view, top)} on top` : ""}`);
  }
  if (hint.discard) pile.classList.add("gw-hinted");
  if (last.discard || last.tossed) pile.classList.add("gw-gl-last");
  const trash = grouped(view.trash);
  return h("section", { class: "gw-panel gw-gl-table", "aria-label": "The piles" },
    h("div", { class: "gw-gl-pile gw-gl-draw", role: "img", "aria-label": `Draw pile: ${count(view.draw_count ?? 0, "card")}` },
      span("gw-gl-pile-label", "Draw pile"),
      h("span", { class: "gw-gl-back gw-gl-back-big" }, h("span", { text: String(view.draw_count ?? 0) }))),
    pile,
    h("div", { class: "gw-gl-pile gw-gl-trash" },
      span("gw-gl-pile-label", `Trash (${(view.trash || []).length})`),
      h("span", { class: "gw-gl-trash-list" }, trash.length ? trash.map(([c, n]) => h("span", { class: "gw-gl-trash-item", text: n > 1 ? `${shortName(view, c)} ×${n}` : shortName(view, c), title: cardName(view, c) }))
        : span("gw-gl-empty", "empty"))));
}

// ------------------------------------------------------------------ the herds

function seatsPanel(env) {
  const { view } = env;
  const n = (view.herds || []).length;
  const order = [];
  const me = env.me;
  for (let k = 0; k < n; k++) order.push(me == null ? k : (me + k) % n);
  // 5-6 players: three columns, and every seat's middle stacks drawn as narrow spines (a duel
  // or a targeted card takes the top stack; each spine keeps its label and tooltip), so the whole
  // table fits a screen. While a Sneak-A-Goat is chosen, its targets, the middle stacks, are
  // drawn whole again.
  const chosen = selection(env.sel, view);
  const spines = many(view) && !(chosen && chosen.card === "sneak");
  return h("div", { class: `gw-gl-seats${spines ? " gw-gl-spines" : ""}`,
    onkeydown: targetKeys },
    order.map((i) => seatPanel(env, i)));
}

function seatPanel(env, i) {
  const { view, names, me, mode, legal, sel, hint, last, lit } = env;
  const herd = (view.herds || [])[i] || [];
  const deciding = (view.deciders || []).includes(i);
  const herdPoints = herd.reduce((t, st) => t + st.value, 0);
  const compact = many(view);
  const score = (view.scores || [])[i] ?? herdPoints;
  const bot = env.bots[String(i)];
  const head = h("div", { class: "gw-gl-seat-head", "data-key": `seat:${i}` },
    who(i, names), " ", i === me ? span("gw-gl-you", "you") : null, " ",
    i === view.current && !view.is_over ? span("gw-gl-turn", "turn") : null, " ",
    (view.skips || [])[i] ? span("gw-gl-tag-skip", "misses next turn") : null,
    // (5-6 players: this panel is the seat's score chip: its points (the herd's too, when earlier
    // rounds' count), bot and winner beside the name, so that the counts take one line below)
    compact ? span("gw-gl-herd-points", count(score, "point") + (score !== herdPoints ? ` (herd ${herdPoints})` : "")) : null, " ",
    compact && bot ? h("span", { class: "gw-bot", text: "bot", title: `played by the ${bot} bot` }) : null, " ",
    compact && (view.winners || []).includes(i) ? span("gw-winner", "winner") : null);
  const res = stackClick(mode, legal, view, sel, me, i, null);
  if (res) wire(head, res, shownWords(head), env, `seat:${i}`);
  if (lit.seats.has(i) && res) head.classList.add("gw-lit");
  if (hint.seats.has(i) && !herd.length) head.classList.add("gw-hinted");
  const known = ((view.known || []).filter((k) => k.seat === i)).map((k) => cardName(view, k.card));
  const counts = h("div", { class: "gw-gl-counts" },
    i === me ? null : backs((view.hand_counts || [])[i] ?? 0, "card", "gw-gl-hand-backs"),
    i === me ? null : backs((view.action_counts || [])[i] ?? 0, "action card", "gw-gl-action-backs"),
    (view.aside_counts || [])[i] ? span("gw-gl-count", `${view.aside_counts[i]} set aside`) : null,
    known.length ? span("gw-gl-known", `you know they hold: ${known.join(", ")}`) : null,
    compact ? null : span("gw-gl-herd-points", `herd ${count(herdPoints, "point")}`));
  const stacks = herd.map((st) => stackNode(env, i, st, herd.length));
  const style = `--gw-seat: ${sheetColour(i)}`;
  return h("section", { class: `gw-panel gw-gl-seat${deciding ? " gw-gl-deciding" : ""}${i === me ? " gw-gl-seat-me" : ""}`,
    "data-seat": i, style, "aria-label": `${nameOf(i, names)}: herd of ${count(herd.length, "stack")}` },
  h("div", { class: "gw-gl-seat-line" }, head, counts),
  h("ol", { class: "gw-gl-herd", "aria-label": "Herd, from the Base Stack to the top stack" },
    stacks.length ? stacks.map((st) => h("li", { class: "gw-gl-herd-item" }, st))
      : h("li", { class: "gw-gl-empty", text: "no stacks yet" })));
}

function stackNode(env, seat, st, size) {
  const { view, names, me, mode, legal, sel, hint, last, lit } = env;
  const key = `${seat}:${st.number}`;
  const wilds = st.cards.filter((c) => WILDS.has(c));
  const kind = cardName(view, st.kind);
  const where = st.base && st.top ? "Base Stack and top stack" : st.base ? "Base Stack" : st.top ? "top stack" : `stack ${st.number}`;
  // (a picture or a button inside the herd's list item: a list holds only list items)
  const node = h("div", { class: `gw-gl-stack${st.base ? " gw-gl-base" : ""}${st.top ? " gw-gl-top" : ""}`, "data-stack": key },
    st.base ? span("gw-gl-ribbon", st.top ? "BASE·TOP" : "BASE") : null,
    st.top && !st.base ? span("gw-gl-ribbon gw-gl-ribbon-top", "TOP") : null, " ",
    h("span", { class: "gw-gl-stack-face", style: `--gw-card: ${CARD_FILL[st.kind]}` },
      span("gw-gl-card-name", stackName(view, st.kind)), " ",
      h("span", { class: "gw-gl-stack-row" }, h("span", { text: `${st.cards.length} cards` }), " ",
        h("b", { class: "gw-gl-stack-points", text: String(st.value) })), " ",
      wilds.length ? span("gw-gl-stack-wild", wilds.length > 1 ? `${wilds.length} wilds` : "1 wild") : null));
  const owner = nameOf(seat, names);
  const desc = `${where}, ${kind}, ${count(st.cards.length, "card")}` +
    `${wilds.length ? ` (${wilds.map((c) => cardName(view, c)).join(", ")})` : ""}, ${count(st.value, "point")}`;
  const label = `${owner}: ${desc}`;
  const res = stackClick(mode, legal, view, sel, me, seat, st.number);
  if (res) wire(node, res, `${owner}: ${shownWords(node)} (${desc})`, env, `stack:${key}`);
  else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label);
    node.title = label;
  }
  if (lit.stacks.has(key)) node.classList.add("gw-lit");
  if (hint.stacks.has(key)) node.classList.add("gw-hinted");
  if (last.stacks.has(key) || (last.seats.has(seat) && st.top)) node.classList.add("gw-gl-last");
  return node;
}

/** A span of class `cls` saying `text` (as text). */
function span(cls, text) {
  return h("span", { class: cls, text });
}

function sheetColour(i) {
  return seatStyle(i).color;
}
