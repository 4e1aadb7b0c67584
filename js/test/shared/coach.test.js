// The coach in the shell (js/shared/shell.js) on a DOM shim (happy-dom): the Suggest button is
// offered only with the coach on and a decision of the viewer's, sends a "suggest" message and
// says it is thinking until the advice comes; the advice shows Python's words and a "Why?" per
// ruling that opens the rule in our words. Strings stay text, never HTML.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Window } from "happy-dom";
import { mountShell, advicePanel } from "../../shared/shell.js";
import { h, dom } from "../../shared/vdom.js";

const window = new Window();
globalThis.document = window.document;
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
after(() => window.happyDOM.close());

/** A stand-in anywidget model: traits, change events, and the messages sent. */
function fakeModel(traits) {
  const listeners = {};
  const model = {
    traits: { version: 1, view: { prompt: "Your turn." }, names: ["Ana", "Bo"], viewer: 0, ...traits },
    sent: [],
    get: (k) => model.traits[k],
    on: (e, fn) => { (listeners[e] ||= []).push(fn); },
    off: () => {},
    send: (msg) => model.sent.push(msg),
    set(changes) {
      Object.assign(model.traits, changes);
      for (const k in changes) for (const fn of listeners[`change:${k}`] || []) fn();
    },
  };
  return model;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function mount(traits) {
  const el = document.createElement("div");
  document.body.replaceChildren(el);
  const model = fakeModel(traits);
  mountShell(el, model, { title: "Test", renderBoard: (board) => board.append(h("p", { text: "board" })) });
  return { el, model, button: el.querySelector(".gw-suggest"), panel: el.querySelector(".gw-advice") };
}

const ADVICE = {
  seat: 0, action: "birth ninja ninja", choices: ["birth ninja ninja"],
  words: "Try birth ninja ninja: it makes a new stack of 2 Goat Ninja cards worth 20 points.",
  rules: [{ id: "GL-R8", text: "A pair is two of the same goat, or one goat and one wild." }],
};

test("Suggest is offered only with the coach on and a decision of the viewer's", () => {
  const legal = [{ kind: "roll", text: "roll" }];
  assert.equal(mount({ coach: true, legal }).button.hidden, false);
  assert.equal(mount({ coach: false, legal }).button.hidden, true);     // a teacher turned it off
  assert.equal(mount({ coach: true, legal: [] }).button.hidden, true);  // not the viewer's decision
});

test("a click sends 'suggest' at the current version and says it is thinking until advice comes", async () => {
  const { model, button, panel } = mount({ coach: true, legal: [{ kind: "roll", text: "roll" }], version: 7 });
  assert.equal(button.textContent, "Suggest");
  assert.equal(panel.hidden, true);
  button.click();
  assert.deepEqual(model.sent, [{ type: "suggest", version: 7 }]);
  await tick();
  assert.equal(button.textContent, "Thinking…");
  assert.equal(button.disabled, true);
  model.set({ advice: ADVICE });
  await tick();
  assert.equal(button.textContent, "Suggest");
  assert.equal(button.disabled, true);                  // the advice is up: nothing to ask again
  assert.equal(panel.hidden, false);
  assert.match(panel.textContent, /^Coach: Try birth ninja ninja: it makes a new stack/);
  const why = panel.querySelector("details.gw-why");
  assert.equal(why.querySelector("summary").textContent, "Why? (GL-R8)");
  assert.equal(why.open, false);                        // the rule is one click away
  assert.match(why.textContent, /one goat and one wild/);
  model.set({ advice: {}, version: 8 });                 // a move: the advice goes
  await tick();
  assert.equal(panel.hidden, true);
  assert.equal(button.disabled, false);
});

test("a refusal ends the thinking", async () => {
  const { model, button } = mount({ coach: true, legal: [{ kind: "roll", text: "roll" }], error: "" });
  button.click();
  await tick();
  assert.equal(button.textContent, "Thinking…");
  model.set({ error: "that click was made on an older picture of the game" });
  await tick();
  assert.equal(button.textContent, "Suggest");
  assert.equal(button.disabled, false);
});

test("the advice panel: Python's words as text, one Why? per ruling, nothing without advice", () => {
  assert.deepEqual(advicePanel({}), []);
  assert.deepEqual(advicePanel(undefined), []);
  const node = dom(h("div", {}, ...advicePanel({ words: "<b>not bold</b>", rules: [{ id: "GG-R6", text: "" }] })));
  assert.equal(node.querySelector("p").textContent, "Coach: <b>not bold</b>");
  assert.equal(node.querySelectorAll("p b").length, 1);  // only our own "Coach:"
  assert.equal(node.querySelector("summary").textContent, "Why? (GG-R6)");
  assert.match(node.querySelector("details").textContent, /GG-R6/);   // no words: the id itself
});
