// Goat Lords pure helpers (no DOM): card labels and colours, the kind of decision on screen, and
// what a click on each thing sends. No rule is decided here: a click's text comes from the view
// and the selection (a hand card or a face-down action card chosen first), and whether it is
// allowed comes only from Python's `legal` list. A click that is not allowed still sends its
// text, so Python can explain why not.

/** The name written on a small card ("T-Goat"; the printed name is its tooltip) and the still
 * shorter one on a stack ("Corn"): Python sends both (the lessons say the same names). */
export function shortName(view, card) {
  return ((view && view.short_names) || {})[card] || cardName(view, card);
}

export function stackName(view, kind) {
  return ((view && view.stack_names) || {})[kind] || shortName(view, kind);
}
export const WILDS = new Set(["lord", "goatini"]);
export const ACTION_CARDS = new Set(["escape", "sneak", "russian", "rain", "hypno", "santy", "loaf",
  "flower", "atomic", "hood"]);
/** Action cards played on one other player; Sneak-A-Goat also names one of their stacks. */
export const TARGETED = new Set(["atomic", "hypno", "loaf"]);
/** Action cards played at once (no target). */
export const BARE = new Set(["rain", "hood", "santy", "flower"]);
/** Each card kind's own colour (printed cards keep their colours in both themes; the name is
 * always written on the card, so colour is never the only cue). */
export const CARD_FILL = {
  lord: "#f2c14e", goatini: "#d7b8f3", corn: "#f9c6dc", dragon: "#f6ab83", kraken: "#9fd0ea",
  ninja: "#c9c9c9", fairy: "#d9f0a3", tgoat: "#fde0cc", ghoast: "#e4e4fb", ladypug: "#efdcae",
  foodie: "#bfe8df", baby: "#fff3b0",
};

/** "Goat Ninja" from the view's card names (the printed name). */
export function cardName(view, card) {
  return ((view && view.card_names) || {})[card] || String(card);
}

/** "a Goat Ninja", "an Escape Goat". */
export function aCard(view, card) {
  const name = cardName(view, card);
  return `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;
}

/** "1 card", "3 cards". */
export function count(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * What the viewer decides now: "turn" (their turn's action), "duel" (an answer in a duel),
 * "escape" (cancel an action card or let it be), "trash" (one of four face-down cards),
 * "toss" (discard down to the hand size), "keep" (Raining Fire-Goats), "take" (a card from a
 * shown hand), "wait" (not their decision) or "over". From `view.pending` and `legal` only.
 */
export function decision(view, legal) {
  if (!view || view.is_over) return "over";
  if (!legal || !legal.length) return "wait";
  const pending = view.pending;
  if (!pending) return "turn";
  return { duel: "duel", escape: "escape", trash: "trash", toss: "toss", rain: "keep", take: "take" }[pending.kind] || "turn";
}

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");
}

/** The legal action with this text, or (for a Birth, whose two cards may come in either order)
 * the legal Birth of the same two cards. */
export function findLegal(legal, text) {
  const words = String(text).split(" ");
  for (const a of legal || []) {
    if (a.text === text) return a;
    if (words[0] === "birth" && a.kind === "birth" && sameCards(a.cards || [], words.slice(1))) return a;
  }
  return null;
}

function allowed(legal, text) {
  return findLegal(legal, text) != null;
}

/** The kind of the selection: {kind: "hand", index, card} or {kind: "action", card}, or null. */
export function selection(sel, view) {
  if (!sel) return null;
  if (sel.kind === "hand") {
    const card = ((view && view.hand) || [])[sel.index];
    return card == null ? null : { kind: "hand", index: sel.index, card };
  }
  if (sel.kind === "action") {
    return ((view && view.actions) || []).includes(sel.card) ? sel : null;
  }
  return null;
}

/**
 * A click on hand card `index`: {text, legal} (send it), {select, legal} (choose it first:
 * `legal` when some legal action uses it), {cancel: true} (it was chosen: unchoose it), or
 * null (nothing to do with it now). Two hand cards clicked in a row make a Birth.
 */
export function handClick(mode, legal, view, sel, index) {
  const card = ((view && view.hand) || [])[index];
  if (card == null) return null;
  if (mode === "duel") return { text: `play ${card}`, legal: allowed(legal, `play ${card}`) };
  if (mode === "toss" || mode === "keep") return { text: `${mode} ${card}`, legal: allowed(legal, `${mode} ${card}`) };
  if (mode !== "turn") return null;
  const chosen = selection(sel, view);
  if (chosen && chosen.kind === "hand") {
    if (chosen.index === index) return { cancel: true };
    const text = `birth ${chosen.card} ${card}`;
    return { text, legal: allowed(legal, text) };
  }
  const uses = (legal || []).some((a) => (a.cards || []).includes(card));
  return { select: { kind: "hand", index }, legal: uses };
}

/** Which hand cards to light now: the indices a click on which is allowed (a Birth partner
 * for the chosen card, a card the duel accepts, …). */
export function litHand(mode, legal, view, sel) {
  const out = new Set();
  const hand = (view && view.hand) || [];
  hand.forEach((_, i) => {
    const res = handClick(mode, legal, view, sel, i);
    if (res && res.legal) out.add(i);
  });
  return out;
}

/**
 * A click on a face-down action card of the viewer: {text, legal}, {select, legal},
 * {cancel: true} or null. Targeted cards, Sneak-A-Goat and Russian Goatlette are chosen first
 * (then a player, a stack or a direction); the others are played at once.
 */
export function actionClick(mode, legal, view, sel, card) {
  if (mode === "trash") return { text: `trash ${card}`, legal: allowed(legal, `trash ${card}`) };
  if (card === "escape") {
    if (mode === "wait" || mode === "over") return null;
    return { text: "escape", legal: allowed(legal, "escape") };
  }
  if (mode !== "turn") return null;
  if (BARE.has(card)) return { text: card, legal: allowed(legal, card) };
  const chosen = selection(sel, view);
  if (chosen && chosen.kind === "action" && chosen.card === card) return { cancel: true };
  const uses = (legal || []).some((a) => a.kind === card);
  return { select: { kind: "action", card }, legal: uses };
}

/**
 * A click on stack `number` (1 = the Base Stack) of `seat`'s herd, or on `seat` itself
 * (number null): {text, legal} or null. With a hand card chosen, another player's top stack
 * means a duel; with a targeted action card chosen, any of their stacks (or their name) means
 * that player; with Sneak-A-Goat chosen, the stack clicked is the one to move.
 */
export function stackClick(mode, legal, view, sel, me, seat, number) {
  if (mode !== "turn" || seat === me) return null;
  const chosen = selection(sel, view);
  if (!chosen) return null;
  const herd = ((view && view.herds) || [])[seat] || [];
  if (chosen.kind === "hand") {
    if (number == null || number !== herd.length) return null;
    const text = `duel ${seat} ${chosen.card}`;
    return { text, legal: allowed(legal, text) };
  }
  if (TARGETED.has(chosen.card)) {
    const text = `${chosen.card} ${seat}`;
    return { text, legal: allowed(legal, text) };
  }
  if (chosen.card === "sneak" && number != null) {
    const text = `sneak ${seat} ${number}`;
    return { text, legal: allowed(legal, text) };
  }
  return null;
}

/** A click on the discard pile: with a hand card chosen, an Assisted Birth. */
export function discardClick(mode, legal, view, sel) {
  if (mode !== "turn") return null;
  const chosen = selection(sel, view);
  if (!chosen || chosen.kind !== "hand") return null;
  const text = `assist ${chosen.card}`;
  return { text, legal: allowed(legal, text) };
}

/**
 * The buttons for the decision on screen: [{key, label, text, legal, primary}] (send `text`),
 * or {key: "cancel"} to drop the selection. Escape Goat is offered exactly when `legal` lists it.
 */
export function decisionButtons(mode, legal, view, sel) {
  const out = [];
  const has = (text) => allowed(legal, text);
  const chosen = selection(sel, view);
  if (mode === "duel") {
    out.push({ key: "pass", label: "Pass (stop the duel)", text: "pass", legal: has("pass") });
    if (has("escape")) out.push({ key: "escape", label: "Escape Goat: call the duel off", text: "escape", legal: true, primary: true });
  } else if (mode === "escape") {
    const card = cardName(view, (view.pending || {}).card);
    if (has("escape")) out.push({ key: "escape", label: `Escape Goat: cancel ${card}`, text: "escape", legal: true, primary: true });
    out.push({ key: "allow", label: `Let ${card} happen`, text: "allow", legal: has("allow") });
  } else if (mode === "take") {
    const shown = (view.shown && view.shown.hand) || [];
    for (const card of [...new Set(shown)]) {
      out.push({ key: `take-${card}`, label: `Take ${aCard(view, card)}`, text: `take ${card}`, legal: has(`take ${card}`), card });
    }
  } else if (mode === "turn") {
    if (chosen && chosen.kind === "hand") {
      const text = `discard ${chosen.card}`;
      out.push({ key: "discard", label: `Discard the ${shortName(view, chosen.card)} and draw`, text, legal: has(text) });
    }
    if (chosen && chosen.kind === "action" && chosen.card === "russian") {
      for (const dir of ["left", "right"]) {
        const text = `russian ${dir}`;
        out.push({ key: `russian-${dir}`, label: `Everyone passes their top stack ${dir}`, text, legal: has(text), primary: true });
      }
    }
    if (has("end")) out.push({ key: "end", label: "End my turn", text: "end", legal: true });
    if (chosen) out.push({ key: "cancel", label: "Cancel", cancel: true });
  }
  return out;
}

/** What to tell the viewer about the card they chose: the next click. */
export function selectionNote(view, sel) {
  const chosen = selection(sel, view);
  if (!chosen) return "";
  const name = shortName(view, chosen.card);
  if (chosen.kind === "hand") {
    return `${name} chosen. Now click a second card (a pair), the discard pile, a top stack (a duel), or Discard.`;
  }
  if (chosen.card === "sneak") return `${name} chosen: click the stack of another player to move to the top of their herd.`;
  if (chosen.card === "russian") return `${name} chosen: pick a direction.`;
  return `${name} chosen: click the player (their name or a stack) to play it on.`;
}

/** Which seats and stacks to light for the chosen card: {seats: Set, stacks: Set("seat:number")}. */
export function litTargets(mode, legal, view, sel, me) {
  const seats = new Set();
  const stacks = new Set();
  const herds = (view && view.herds) || [];
  herds.forEach((herd, seat) => {
    const head = stackClick(mode, legal, view, sel, me, seat, null);
    if (head && head.legal) seats.add(seat);
    herd.forEach((_, i) => {
      const res = stackClick(mode, legal, view, sel, me, seat, i + 1);
      if (res && res.legal) stacks.add(`${seat}:${i + 1}`);
    });
  });
  return { seats, stacks };
}

/**
 * What a list of action dicts (a hint, the last move) points at: {hand: Set(card), actions:
 * Set(card), seats: Set(seat), stacks: Set("seat:number"), discard: bool (an Assisted Birth:
 * click the pile), tossed: bool (a card went onto the pile), texts: Set(text)}.
 * A duel or a targeted card names the target's top stack; a Birth whose dict names its `seat`
 * (a last move's may), that seat.
 */
export function pointsAt(actions, view) {
  const out = { hand: new Set(), actions: new Set(), seats: new Set(), stacks: new Set(), discard: false, tossed: false, texts: new Set() };
  const herds = (view && view.herds) || [];
  for (const a of actions || []) {
    if (!a || typeof a !== "object") continue;
    if (a.text != null) out.texts.add(String(a.text));
    for (const c of a.cards || []) out.hand.add(c);
    if (a.card != null && ACTION_CARDS.has(a.card)) out.actions.add(a.card);
    if (a.kind === "assist") out.discard = true;
    if (a.kind === "discard" || a.kind === "toss") out.tossed = true;
    // a last move's dict may say whose it was: a Birth's new stack is that seat's top stack
    if ((a.kind === "birth" || a.kind === "assist") && a.by != null) out.seats.add(a.by);
    if (a.target != null) {
      out.seats.add(a.target);
      const n = a.stack != null ? a.stack : (herds[a.target] || []).length;
      if (n) out.stacks.add(`${a.target}:${n}`);
    }
  }
  return out;
}

/** Cards grouped for a short list: [[card, n]] in first-seen order. */
export function grouped(cards) {
  const m = new Map();
  for (const c of cards || []) m.set(c, (m.get(c) || 0) + 1);
  return [...m.entries()];
}

/** "(4 of 5)": cards held of the hand size; over it (before discarding down), not "(5 of 4)"
 * but "(5 cards: keep 4)" (issue 34 item 14). */
export function handCount(held, size) {
  return held > size ? `(${held} cards: keep ${size})` : `(${held} of ${size})`;
}
