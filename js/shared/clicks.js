// Pure helper (no DOM): a series of clicks becomes one action text. Every game can reuse it
// ("click a goat, then the goat to fight"; "click a card, then a target").
//
// A `legal` entry names what a person clicks in its fields, in a fixed order (CLICK_FIELDS):
//   {kind: "fight", text: "fight 0,0u 1,0d", spot: "0,0u", target: "1,0d"}  -> path [0,0u, 1,0d]
//   {kind: "play",  text: "play wheat seat2", card: "wheat", target: "seat2"} -> path [wheat, seat2]
// Given the clicks so far, `afterClicks` says which things may be clicked next and which
// actions the clicks complete. JS decides no rule: everything comes from Python's `legal`.

/** The fields that name something on the board, in the order a person clicks them. */
export const CLICK_FIELDS = ["card", "spot", "stick", "target"];

/** The click path of an action (or of a plain {field: value} object): its field values in order. */
export function clickPath(action, fields = CLICK_FIELDS) {
  const out = [];
  for (const f of fields) if (action && action[f] != null) out.push(String(action[f]));
  return out;
}

function startsWith(path, clicks) {
  return clicks.length <= path.length && clicks.every((c, i) => path[i] === String(c));
}

/**
 * Where a series of `clicks` (ids, oldest first) stands among `legal`, optionally only actions
 * of `kinds`: {matching, next, done}. `matching`: the actions whose click path starts with the
 * clicks; `next`: the distinct ids that may be clicked next (in first-seen order); `done`: the
 * actions the clicks complete exactly (several when only the kind tells them apart, e.g. a mama
 * or a baby goat on one spot: the caller picks by kind).
 */
export function afterClicks(legal, clicks = [], { kinds = null, fields = CLICK_FIELDS } = {}) {
  const ks = kinds == null ? null : [].concat(kinds);
  const matching = [];
  const next = [];
  const done = [];
  for (const a of legal || []) {
    if (ks && !ks.includes(a.kind)) continue;
    const path = clickPath(a, fields);
    if (!startsWith(path, clicks)) continue;
    matching.push(a);
    if (path.length === clicks.length) done.push(a);
    else if (!next.includes(path[clicks.length])) next.push(path[clicks.length]);
  }
  return { matching, next, done };
}

/**
 * One more click: `value` added to `clicks`. Returns {clicks, allowed, action}: `allowed` when
 * some legal action (of `kinds`) still starts with the new clicks, `action` the one it
 * completes (or null: more clicks needed, or none/several complete). A click that is not
 * allowed still has a meaning: `actionText(kind, clicks)` is the text to send, so Python can
 * explain why not.
 */
export function clickStep(legal, clicks, value, options = {}) {
  const now = [...clicks, String(value)];
  const { matching, done } = afterClicks(legal, now, options);
  return { clicks: now, allowed: matching.length > 0, action: done.length === 1 ? done[0] : null };
}

/** The text of an action of `kind` named by `clicks`, in the "<kind> <id> <id>…" notation. */
export function actionText(kind, clicks) {
  return [kind, ...clicks.map(String)].join(" ");
}

/** The legal action whose text is `text`, or null. */
export function legalText(legal, text) {
  return (legal || []).find((a) => a.text === text) || null;
}

/**
 * The ids named by action dicts (for highlighting: a hint, the last move): each action's
 * click-path ids, plus `text` so buttons can match their data-action. {ids: Set, texts: Set}
 */
export function namedTargets(actions, fields = CLICK_FIELDS) {
  const ids = new Set();
  const texts = new Set();
  for (const a of actions || []) {
    if (!a || typeof a !== "object") continue;
    for (const id of clickPath(a, fields)) ids.add(id);
    if (a.text != null) texts.add(String(a.text));
  }
  return { ids, texts };
}
