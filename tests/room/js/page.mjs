// The student page's model shim (goatwidgets/room/static/model.js) drawing the game's own ES
// module (served by the room as static/game.js), on a DOM shim (happy-dom): no browser.
// argv: happy-dom's entry, model.js, game.js, a JSON file of the traits the room sent the
// device, and the action text to click. Prints JSON: what the shim's change events saw, the
// messages the page sent (model.send), the board's text and its lit targets.
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { openWindow } from "./dom.mjs";

const [happy, modelPath, gamePath, traitsPath, clickText] = process.argv.slice(2);
await openWindow(happy, "http://127.0.0.1/play");
const { Model } = await import(pathToFileURL(modelPath).href);
const sent = [];
const model = new Model((message) => sent.push(message));

// the shim itself: change events carry no arguments; only changed values fire
const seen = [];
const onVersion = (...args) => seen.push(["version", args.length]);
model.on("change:version", onVersion);
model.on("change:error", (...args) => seen.push(["error", args.length]));
model.on("msg:custom", (content, buffers) => seen.push(["custom", content, buffers.length]));
const traits = JSON.parse(readFileSync(traitsPath, "utf8"));
model.update(traits);
model.update({ version: traits.version });          // the same value: no event
model.fire("msg:custom", { hello: 1 }, []);
model.off("change:version", onVersion);
model.update({ version: traits.version + 1 });       // unsubscribed: no event
model.update({ version: traits.version });

const game = await import(pathToFileURL(gamePath).href);
const widget = game.default ?? game;
const el = document.createElement("div");
document.body.append(el);
const cleanup = await widget.render({ model, el });
await new Promise((resolve) => setTimeout(resolve, 10));
const lit = [...el.querySelectorAll("[data-action]")].map((n) => n.getAttribute("data-action"));
const target = [...el.querySelectorAll("[data-action]")].find((n) => n.getAttribute("data-action") === clickText);
if (target) target.click();
model.update({ error: "the vote is closed: your vote counts as it was (vote)" });
await new Promise((resolve) => setTimeout(resolve, 10));
const shown = el.querySelector(".gw-error");
console.log(JSON.stringify({ seen, sent, lit, text: el.textContent.slice(0, 2000),
  error: shown ? shown.textContent : null, errorHidden: shown ? shown.hidden : null,
  cleanup: typeof cleanup }));
if (typeof cleanup === "function") cleanup();
window.happyDOM.close();
