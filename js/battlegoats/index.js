// BattleGoats widget: every seat's 3×3 battlefield (yours face up to you, the others' as backs,
// remembered cards named), the draft pack and the hand to pick and place from, the attack by
// clicking your card then a target, and the last fight with both powers explained term by term
// as far as this viewer may know (Python sends the terms; nothing is computed here).
// No rule is decided here: plausible targets are clickable (legal ones lit, the rest faint) and
// Python judges every click. Names and card texts go in as text only.

import { mountShell, localChoice } from "../shared/shell.js";
import { h, listen } from "../shared/vdom.js";
import { target, who, nameOf, seatBadge } from "../shared/parts.js";
import {
  SQUARES, ROWS, ROW_WORDS, squareWords, seatOrder, mode, handClick, cellClick, firstChoices, namedIds,
  lastMoveIds, TYPE_MARK, TYPE_MARK_NARROW, cellLabel, cellTag, compact, fightSides, fightResult, discardText, chipWords,
} from "./model.js";

function render({ model, el }) {
  // Local UI state only: the hand card chosen before its square (layout), and the card shown
  // in the details line.
  const ui = { card: null, tile: null, version: null };
  return mountShell(el, model, {
    title: "BattleGoats",
    renderBoard: (board, ctx) => draw(board, ctx, ui),
    chipText: (seat, view) => chipWords((view.scores || [])[seat] ?? 0),
    // 5-6 players: each battlefield's head is the seat's score chip (name, cards, bot, turn,
    // winner), so the scoreboard's two rows go to the battlefields
    showScores: (view) => !compact(view.players || 0),
  });
}

export default { render };

function draw(board, ctx, ui) {
  const { model, view, legal, names, me } = ctx;
  const { send, select } = localChoice(ctx, ui, "card");
  const m = mode(view, legal);
  if (m !== "place") ui.card = null;
  const hint = namedIds(model.get("highlight"), me);
  const last = lastMoveIds((model.get("last_move") || {}).actions, me);
  const la = view.last_attack;
  if (la) for (const r of ["attacker", "defender"]) last.add(`cell:${la[r].seat}:${la[r].square}`);
  const details = h("p", { class: "gw-bg-details", "aria-live": "polite" });
  const small = compact(view.players || 0);
  const env = {
    view, legal, names, me, m, ui, hint, last, details, small, fresh: ctx.marks.last.fresh, bots: model.get("bots") || {}, whose: ctx.whose,
    cards: view.cards || {}, send, select,
  };
  // Top to bottom: what to choose from (pack, hand, first attacker), the last fight, the line that
  // reads a card (or says what the chosen card does next, with Cancel), then the battlefields.
  // At 1366x768 six battlefields, the fight and the prompt fit the notebook area (~645 px).
  const wrap = h("div", { class: `gw-game gw-bg${small ? " gw-bg-compact" : ""}`, onkeydown: (e) => escape(e, env) },
    decisionPanel(env), fightPanel(env),
    h("div", { class: "gw-bg-bar" }, details, cancelButton(env)),
    fieldsPanel(env));
  board.append(wrap);
  showDetails(env, null);
  // a nudge (a square clicked before a card was chosen) lasts until the next render
  ctx.after((live) => { for (const n of live.querySelectorAll(".gw-nudge")) n.classList.remove("gw-nudge"); });
}

function escape(e, env) {
  if (e.key !== "Escape") return;
  if (env.ui.card) { e.preventDefault(); env.select(null); }
  else if (env.m === "target" && env.legal.some((a) => a.text === "cancel")) { e.preventDefault(); env.send("cancel"); }
}

// ------------------------------------------------------------------ the details line

/** Say what `card` is in the details line (one line, always there: what it says never moves
 * the board), or with no card what to do now: the drawn line, or (from an event on `from`, an
 * element in the page) the one in the page, since the shell patches the page in place. */
function showDetails(env, card, extra = "", from = null) {
  const info = card ? env.cards[card] : null;
  const out = (from && from.closest(".gw-bg")?.querySelector(".gw-bg-details")) || env.details;
  out.textContent = info
    ? `${info.name} — ${info.type}, ${info.power} base${info.text ? `; ${info.text}` : ""}.${extra ? ` ${extra}` : ""}`
    : idleWords(env);
}

/** The details line when no card is pointed at: what the click now does. */
function idleWords(env) {
  const { m, ui, cards, view } = env;
  if (m === "place") {
    return ui.card ? `${(cards[ui.card] || {}).name || ui.card}: now click an empty square of your battlefield.`
      : "Click a card of your hand, then an empty square of your battlefield.";
  }
  if (m === "target") {
    const aim = view.aim ? view.aim.square : "m2";
    const mine = ((view.battlefields || [])[env.me] || [])[SQUARES.indexOf(aim)];
    return `Your ${(mine && (cards[mine.card] || {}).name) || "card"} (${squareWords(aim)}) attacks: click the card it attacks.`;
  }
  // compact squares carry no tag: their frame says it (the tag's colour where it is written)
  return `Point at a card to read it.${env.small ? " Green frame: face up. Orange frame: face down, remembered." : ""}`;
}

function hoverable(node, env, card, extra) {
  const show = (e) => showDetails(env, card, extra, e.currentTarget);
  const back = (e) => showDetails(env, null, "", e.currentTarget);
  listen(node, "mouseenter", show);
  listen(node, "focus", show);
  listen(node, "mouseleave", back);
  listen(node, "blur", back);
  return node;
}

// ------------------------------------------------------------------ a card face

/** A card: its name over the whole width; its type and power in a circle below; a tag ("face up",
 * "remembered") as a coloured strip along the bottom. A small face (a square, a fighter) writes
 * its type shorter when its box is narrow (CSS picks one of the two words). */
function cardFace(info, id, { power = null, tag = "", small = false } = {}) {
  const name = info ? info.name : id;
  const type = info ? info.type : "";
  const word = TYPE_MARK[type] || type;
  const narrow = TYPE_MARK_NARROW[type] || type;
  // (the spaces between the parts take no room in the grid; they keep the words apart in the
  // text that tools and screen readers take from the card: "Golem Creature 7", not "Golem Creature7")
  return h("div", { class: `gw-face-card gw-type-${(type || "x").toLowerCase()}${small ? " gw-face-small" : ""}` },
    h("span", { class: "gw-card-name", text: name }), " ",
    small && narrow !== word
      ? h("span", { class: "gw-card-type", title: type }, h("span", { class: "gw-type-wide", text: word }),
        h("span", { class: "gw-type-narrow", text: narrow }))
      : h("span", { class: "gw-card-type", text: word }), " ",
    h("span", { class: "gw-card-power", title: "power", text: String(power ?? (info ? info.power : "?")) }), " ",
    tag ? h("span", { class: `gw-card-tag gw-tag-${tag.replace(/\s+/g, "-")}`, text: tag }) : null);
}

/** A card face's words in its order ("Cliff Climber, Goat, 5, face up"): a button showing the card
 * starts its accessible name with them, so that its name holds every word written on it. (On a
 * narrow square an Equipment's type is written "Equip.", which this does not follow.) */
function faceWords(info, id, { power = null, tag = "" } = {}) {
  const type = info ? info.type : "";
  const bits = [info ? info.name : id, TYPE_MARK[type] || type, String(power ?? (info ? info.power : "?")), tag];
  return bits.filter(Boolean).join(", ");
}

// ------------------------------------------------------------------ the decision above the board

function decisionPanel(env) {
  const { view, legal, m, ui, names, whose } = env;
  if (m === "pick" || (view.phase === "draft" && (view.pack || []).length)) {
    return h("div", { class: "gw-bg-hand", role: "group", "aria-label": `${whose} pack` },
      h("p", { class: "gw-bg-label" }, h("b", { text: `${whose} pack: ` }),
        m === "pick" ? "click the card you keep (in secret); the rest go on." : "waiting for the others to pick."),
      tiles(env, view.pack || [], "pack"),
      (view.hand || []).length ? h("p", { class: "gw-bg-small", text: `Kept so far: ${discardText(view.hand, env.cards)}.` }) : null,
      (view.passed || []).length ? h("p", { class: "gw-bg-small", text: `Passed on: ${discardText(view.passed, env.cards)}.` }) : null);
  }
  if (view.phase === "layout" && (view.hand || []).length) {
    return h("div", { class: "gw-bg-hand", role: "group", "aria-label": `${whose} hand` },
      h("p", { class: "gw-bg-label" }, h("b", { text: `${whose} hand: ` }),
        m === "place" ? (ui.card ? "now click an empty square of your battlefield (or the card again to put it back)."
          : "click a card, then a square of your battlefield. The last card goes by itself.") : "waiting."),
      tiles(env, view.hand || [], "hand"));
  }
  if (m === "first") {
    return h("div", { class: "gw-actions", role: "group", "aria-label": "Who attacks first" },
      h("b", { text: "Who attacks first?" }),
      firstChoices(legal, view.players).map((c) => {
        const b = h("button", { class: `gw-button gw-first${env.hint.has(`first:${c.seat}`) ? " gw-hinted" : ""}`, type: "button" },
          seatBadge(c.seat, 16), ` ${nameOf(c.seat, names)}`);
        return target(b, `First attacker: ${nameOf(c.seat, names)}`, c.legal, () => env.send(c.text), c.text, `first:${c.seat}`);
      }));
  }
  return null;     // in the battle the prompt says what to do, and the details line the rest
}

/** Cancel, at the end of the details line once a card is chosen to attack with (its place is
 * kept: choosing the card moves nothing). */
function cancelButton(env) {
  if (env.m !== "target") return null;
  const cancel = h("button", { class: `gw-button gw-cancel${env.hint.has("cancel") ? " gw-hinted" : ""}`, type: "button", text: "Cancel" });
  // not offered once the attacker has changed their mind as often as a turn allows (BG-X11)
  return target(cancel, "Cancel: choose another card to attack with", env.legal.some((a) => a.text === "cancel"),
    () => env.send("cancel"), "cancel", "cancel");
}

function tiles(env, ids, where) {
  const { m, legal, ui } = env;
  return h("div", { class: "gw-tiles" }, ids.map((id, i) => {
    const info = env.cards[id];
    const text = info && info.text ? info.text : "no bonus";
    const node = h("div", { class: "gw-tile", "data-card": id }, cardFace(info, id), " ",
      h("span", { class: "gw-card-text", text }));
    const res = handClick(m, legal, id, { card: ui.tile === i ? ui.card : null });
    const name = `${faceWords(info, id)}: ${text}`;     // all the tile says, in its order
    // keyed by the card and its copy number, not its place: a tile keeps its element when one before it goes
    const key = `${where}:${id}:${ids.slice(0, i).filter((x) => x === id).length}`;
    if (env.hint.has(`${where}:${id}`)) node.classList.add("gw-hinted");
    if (res && res.text) target(node, `Keep ${name}`, res.legal, () => env.send(res.text), res.text, key);
    else if (res && res.cancel) {
      node.classList.add("gw-selected");
      target(node, `${name} (chosen; click again to put it back)`, true, () => env.select(null), null, key);
    } else if (res) target(node, `Place ${name}`, res.legal, () => { ui.tile = i; env.select(id); }, null, key);
    else {                                                // (a div's aria-label counts only with a role)
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", name);
    }
    return hoverable(node, env, id);
  }));
}

// ------------------------------------------------------------------ the last fight

/** The last fight, across the top: a line per side, its power in a circle, who fought with which
 * card from where, then the power's sum term by term (as far as this viewer may know) and the end. */
function fightPanel(env) {
  const { view, names } = env;
  const sides = fightSides(view.last_attack, env.cards);
  if (!sides.length) return null;
  const box = h("div", { class: "gw-fight", role: "group", "aria-label": `The last fight, turn ${view.last_attack.turn}` },
    h("p", { class: "gw-bg-label" }, h("b", { text: `Last fight (turn ${view.last_attack.turn}): ` }), fightResult(view.last_attack)));
  for (const side of sides) {
    box.append(h("p", { class: `gw-fighter${side.lost ? " gw-lost" : " gw-won"}`, "data-role": side.role },
      h("span", { class: "gw-card-power", title: "power", text: String(side.power ?? "?") }), " ",
      who(side.seat, names, 16), ` ${side.role === "attacker" ? "attacked with" : "defended with"} `,
      h("span", { class: "gw-card-name", text: side.name }), ` (${squareWords(side.square)}): `,
      h("span", { class: "gw-sum", text: side.sum }), " ",
      h("span", { class: "gw-fight-verdict", text: side.lost ? "defeated" : "survives" })));
  }
  return box;
}

// ------------------------------------------------------------------ the battlefields

function fieldsPanel(env) {
  const { view } = env;
  const n = view.players || 0;
  const grid = h("div", { class: `gw-bg-fields gw-bg-n${n}` });
  for (const seat of seatOrder(n, env.me)) grid.append(fieldOf(env, seat));
  return grid;
}

function fieldOf(env, seat) {
  const { view, names, me } = env;
  const mine = me != null && seat === Number(me);
  const field = (view.battlefields || [])[seat] || [];
  const out = (view.out || []).includes(seat);
  const attacking = view.phase === "battle" && view.attacker === seat;
  const laying = view.phase === "layout" && (view.deciders || []).includes(seat);   // all at once (BG-R8)
  const status = out ? "out" : attacking ? "attacks" : laying ? "laying out" : "";
  const placed = (view.placed || [])[seat] ?? 0;
  const secret = view.phase === "layout" && !mine;
  const sec = h("section", { class: `gw-bg-field${mine ? " gw-mine" : ""}${out ? " gw-out" : ""}${attacking ? " gw-attacking" : ""}`,
    "data-seat": seat, "aria-label": mine ? `${env.whose} battlefield` : `Battlefield: ${names[seat]}` },
  h("div", { class: "gw-field-head" }, who(seat, names, 16),
    mine && env.whose === "Your" ? h("span", { class: "gw-tag-you", text: "you" }) : null,
    h("span", { class: "gw-bg-small", text: secret ? (placed ? "laid out in secret" : "not laid out yet") : chipWords(placed) }),
    status ? h("span", { class: "gw-field-status", text: status }) : null,
    env.small && env.bots[String(seat)] ? h("span", { class: "gw-bot", text: "bot", title: `played by the ${env.bots[String(seat)]} bot` }) : null,
    env.small && (view.winners || []).includes(seat) ? h("span", { class: "gw-winner", text: "winner" }) : null,
    env.small ? discards(env, seat) : null));
  const grid = h("div", { class: "gw-cells", role: "group", "aria-label": `${mine ? `${env.whose} squares` : `Squares: ${names[seat]}`}, front row first` });
  // each row named at its left (front, middle, back): which row faces the others is a rule
  SQUARES.forEach((sq, i) => {
    if (i % 3 === 0) grid.append(h("span", { class: "gw-row-label", "aria-hidden": "true", text: ROW_WORDS[ROWS[i / 3]] }));
    grid.append(cellOf(env, seat, sq, field[i] || null, mine, secret));
  });
  sec.append(grid);
  if (!env.small) sec.append(discards(env, seat));
  return sec;
}

/** The seat's discard pile, cut to its room, under the squares (compact: at the end of the head);
 * pointing at it reads the whole pile in the details line. */
function discards(env, seat) {
  const pile = (env.view.discards || [])[seat] || [];
  if (!pile.length) return null;
  const words = discardText(pile, env.cards);
  const node = h(env.small ? "span" : "p", { class: "gw-discards", title: `Discard pile: ${words}` },
    h("b", { text: `Discards (${pile.length}): ` }), words);
  const show = (e) => {
    const out = e.currentTarget.closest(".gw-bg")?.querySelector(".gw-bg-details");
    if (out) out.textContent = `${nameOf(seat, env.names)}: discards (${pile.length}): ${words}.`;
  };
  listen(node, "mouseenter", show);
  listen(node, "mouseleave", (e) => showDetails(env, null, "", e.currentTarget));
  return node;
}

function cellOf(env, seat, sq, cell, mine, secret) {
  const { view, legal, names, m, ui, me } = env;
  const id = `cell:${seat}:${sq}`;
  const node = h("div", { class: "gw-cell", "data-seat": seat, "data-square": sq });
  const row = sq[0];
  node.classList.add(`gw-row-${row}`);
  if (secret) node.classList.add("gw-secret");
  if (!cell) node.classList.add("gw-empty");
  else if (cell.back) {
    node.classList.add("gw-bg-back");
    node.append(h("span", { class: "gw-bg-back-mark", "aria-hidden": "true", text: "?" }));
  } else {
    // the frame's colour is the tag's: green face up, orange remembered (compact squares have
    // no room for the tag's words: the frame, the square's label and the details line say it)
    const tag = cellTag(cell);
    node.classList.add(tag === "face up" ? "gw-up" : tag ? "gw-known" : "gw-own");
    node.append(cardFace(env.cards[cell.card], cell.card, { power: cell.power ?? "?", tag: env.small ? "" : tag, small: true }));
    node.setAttribute("title", cell.sum ? `${(env.cards[cell.card] || {}).name}: ${cell.sum}` : "");
    hoverable(node, env, cell.card, [tag ? `${tag[0].toUpperCase()}${tag.slice(1)}.` : "",
      cell.sum ? `Power now: ${cell.sum}${cell.if ? ` (${cell.if.join("; ")})` : ""}` : ""].filter(Boolean).join(" "));
  }
  if (env.hint.has(id)) node.classList.add("gw-hinted");
  if (env.last.has(id)) node.classList.add(...(env.fresh ? ["gw-last-cell", "gw-last-fresh"] : ["gw-last-cell"]));
  const aim = view.aim && Number(view.aim.seat) === Number(me) ? view.aim.square : null;
  if (view.aim && view.aim.seat === seat && view.aim.square === sq) node.classList.add("gw-aimed");
  const label = cellLabel({ owner: names[seat], sq, cell, info: cell && cell.card ? env.cards[cell.card] : null, mine });
  // a button's name starts with the words written on its card, then the square's description
  const named = cell && !cell.back ? `${faceWords(env.cards[cell.card], cell.card, { power: cell.power ?? "?", tag: cellTag(cell) })} (${label})`
    : label;
  const res = cellClick(m, legal, { me, seat, sq, cell, card: ui.card, aim });
  const key = `${seat}:${sq}`;
  if (!res) {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", label);
  } else if (res.need) {
    target(node, `${named}: choose a card of your hand first`, false, (e) => { showDetails(env, null, "", e.currentTarget); e.currentTarget.classList.add("gw-nudge"); }, null, key);
  } else if (res.selected) {
    node.classList.add("gw-selected");
    target(node, `${named}: chosen to attack; click again to cancel`, res.legal, () => env.send(res.text), res.text, key);
  } else {
    const verb = res.text.startsWith("place") ? `Put ${(env.cards[ui.card] || {}).name || ui.card} here: ` :
      res.text.startsWith("attack") ? "Attack with this card: " : "Attack this card: ";
    target(node, verb + named, res.legal, () => env.send(res.text), res.text, key);
  }
  return node;
}
