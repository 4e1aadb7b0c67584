// Pure BattleGoats helpers (no DOM): squares and their words, what a click means in each
// kind of decision, what a hint or the last move names, and the words on cards and fights.
// JS decides no rule: whether a click is allowed is whether Python's `legal` lists its text;
// a click that is not allowed still has a text, so Python can say why.

export const ROWS = ["f", "m", "b"];
export const ROW_WORDS = { f: "front", m: "middle", b: "back" };
const COLUMN_WORDS = { 1: "left", 2: "middle", 3: "right" };
/** Squares in reading order: front row first, left to right. */
export const SQUARES = ROWS.flatMap((r) => ["1", "2", "3"].map((c) => r + c));

/** "b1" -> "back left"; the middle of the middle row is "centre". */
export function squareWords(sq) {
  if (sq === "m2") return "centre";
  return `${ROW_WORDS[sq[0]]} ${COLUMN_WORDS[sq[1]]}`;
}

/** Seats in the order the battlefields are drawn: the viewer's first, then clockwise. */
export function seatOrder(players, me) {
  const start = me == null ? 0 : Number(me);
  return Array.from({ length: players }, (_, i) => (start + i) % players);
}

/** The kind of click the board takes now: pick | place | first | attack | target | wait. */
export function mode(view, legal) {
  if (!legal || !legal.length) return "wait";
  const kinds = new Set(legal.map((a) => a.kind));
  if (kinds.has("pick")) return "pick";
  if (kinds.has("place")) return "place";
  if (kinds.has("first")) return "first";
  if (kinds.has("target") || (view && view.aim)) return "target";
  if (kinds.has("attack")) return "attack";
  return "wait";
}

const isLegal = (legal, text) => (legal || []).some((a) => a.text === text);

/** A click on a card of the viewer's hand or pack: {text, legal} sends; {select} chooses a card
 * to place (then a square); {cancel} puts the choice back; null: nothing to click. */
export function handClick(m, legal, card, ui = {}) {
  if (m === "pick") return { text: `pick ${card}`, legal: isLegal(legal, `pick ${card}`) };
  if (m === "place") {
    if (ui.card === card) return { cancel: true, legal: true };
    return { select: card, legal: (legal || []).some((a) => a.card === card) };
  }
  return null;
}

/**
 * A click on square `sq` of `seat`'s battlefield (`cell`: the view's cell or null):
 * {text, legal} sends the text; {need: "card"}: choose a card from the hand first; null: not a
 * target in this decision. `aim`: the viewer's chosen attacking square (view.aim), if any.
 */
export function cellClick(m, legal, { me, seat, sq, cell, card = null, aim = null }) {
  const mine = me != null && Number(seat) === Number(me);
  if (m === "place") {
    // another player's square: an attack the rules refuse before the battle (Python says why)
    if (!mine) return { text: `target ${seat}:${sq}`, legal: false };
    if (!card) return { need: "card" };
    const text = `place ${card} ${sq}`;
    return { text, legal: isLegal(legal, text) };
  }
  if (m === "attack" || m === "target") {
    if (mine) {
      if (m === "target" && aim === sq) return { text: "cancel", legal: isLegal(legal, "cancel"), selected: true };
      const text = `attack ${sq}`;
      return { text, legal: isLegal(legal, text) };
    }
    if (!cell) return null;
    const text = `target ${seat}:${sq}`;
    return { text, legal: isLegal(legal, text) };
  }
  return null;
}

/** Whether `players` battlefields are drawn compact: from 4, in two rows, they fit one screen
 * (1366x768) only with shorter squares, whose tags ("face up", "remembered") become frames. */
export function compact(players) {
  return players >= 4;
}

/** The "who attacks first" buttons: one per seat, from `legal`. */
export function firstChoices(legal, players) {
  return Array.from({ length: players }, (_, i) => ({ seat: i, text: `first ${i}`, legal: isLegal(legal, `first ${i}`) }));
}

/**
 * The things a list of action dicts names (a hint, the last move), as ids the board uses:
 * "cell:<seat>:<sq>", "hand:<card>", "pack:<card>", "first:<seat>", "cancel"; `me` is the seat
 * whose cards "attack" and "place" name.
 */
export function namedIds(actions, me) {
  const ids = new Set();
  for (const a of actions || []) {
    if (!a || typeof a !== "object") continue;
    if (a.kind === "pick") ids.add(`pack:${a.card}`);
    else if (a.kind === "place") { ids.add(`hand:${a.card}`); ids.add(`cell:${me}:${a.square}`); }
    else if (a.kind === "first") ids.add(`first:${a.seat}`);
    else if (a.kind === "attack") ids.add(`cell:${me}:${a.square}`);
    else if (a.kind === "target") ids.add(`cell:${a.seat}:${a.target}`);
    else if (a.kind === "cancel") ids.add("cancel");
  }
  return ids;
}

/**
 * What the last move names on the board: as namedIds, without the choice of an attacking card
 * (an action's dict does not say whose card it was: another player's "attack f1" would mark the
 * viewer's own square). The attacking card shows as chosen while its target is pending, and in
 * the last fight once it has attacked.
 */
export function lastMoveIds(actions, me) {
  return namedIds((actions || []).filter((a) => a && a.kind !== "attack" && a.kind !== "cancel"), me);
}

/** Short words for a card type, for the corner of a card. */
export const TYPE_MARK = { Hero: "★ Hero", Equipment: "⚒ Equipment", Goat: "Goat", Creature: "Creature" };
/** The same, for a card on a narrow square (six battlefields at 1366 px: ~50 px beside the power). */
export const TYPE_MARK_NARROW = { ...TYPE_MARK, Equipment: "⚒ Equip." };

/** What a screen reader hears for one square. */
export function cellLabel({ owner, sq, cell, info, mine }) {
  const where = `${mine ? "Your" : `${owner}:`} ${squareWords(sq)} square`;
  if (!cell) return `${where}, empty`;
  if (cell.back) return `${where}, a face-down card`;
  const name = info ? info.name : cell.card;
  const bits = [name];
  if (cell.power != null) bits.push(`power ${cell.power}`);
  else bits.push("power unknown to you");
  if (cell.counts_up) bits.push("face up");
  else if (cell.face_up) bits.push("face up from next turn");
  else if (cell.known && !mine) bits.push("face down, remembered");
  else if (cell.known) bits.push("face down, everyone remembers it");
  return `${where}, ${bits.join(", ")}`;
}

/** The tag a square's card carries: "face up", "remembered", or "" (hidden from the others). */
export function cellTag(cell) {
  if (!cell || cell.back) return "";
  if (cell.face_up) return "face up";
  if (cell.known) return "remembered";
  return "";
}

/**
 * The last fight as lines to show: for attacker and defender {role, seat, square, name, power,
 * sum, lost}; `sum` is Python's term-by-term sum as far as the viewer may know it.
 */
export function fightSides(last, cards) {
  if (!last) return [];
  const lost = new Set(last.defeated || []);
  return ["attacker", "defender"].map((role) => {
    const side = last[role];
    const info = (cards || {})[side.card];
    return { role, seat: side.seat, square: side.square, card: side.card, name: info ? info.name : side.card,
      power: side.power, sum: side.sum, terms: side.terms || [], lost: lost.has(role) };
  });
}

/** "Ana's card wins", "a tie: both are defeated", "… lost and exploded: both are defeated". */
export function fightResult(last) {
  if (!last) return "";
  const d = last.defeated || [];
  if (last.exploded) return "The loser exploded: both cards are defeated.";
  if (d.length === 2) return "A tie: both cards are defeated.";
  return d[0] === "defender" ? "The attacker wins; the defender is defeated." : "The defender wins; the attacker is defeated.";
}

/** The names of a pile of cards, each once with its copies, in order: "Pasture Pal ×2, Golem". */
export function discardText(ids, cards) {
  const counts = new Map();
  for (const c of ids || []) {
    const name = ((cards || {})[c] || {}).name || c;
    counts.set(name, (counts.get(name) || 0) + 1);
  }
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
}

/** What a seat's chip says: "7 cards" (cards still in play, or in hand during the setup). */
export function chipWords(n) {
  return `${n} card${n === 1 ? "" : "s"}`;
}
