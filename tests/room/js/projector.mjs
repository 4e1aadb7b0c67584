// The projector's board in a room (the teacher's notebook widget, class gw-view-only: nobody
// clicks it) on a DOM shim (happy-dom, which computes styles but lays nothing out): the game's
// own module and goatwidgets.css, drawn from the traits the projector's board really has.
// argv: happy-dom's entry, model.js, the game's module, the traits (JSON), goatwidgets.css,
// "view-only" or "plain" (the same board as a child's widget, for comparison).
// The board's keepHeight() would have kept the heights a longer prompt and "Just now" once
// took: they are set inline here as it sets them. Prints JSON: what takes room or shows.
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { openWindow } from "./dom.mjs";

const [happy, modelPath, gamePath, traitsPath, gameCss, kind] = process.argv.slice(2);
await openWindow(happy, "http://127.0.0.1/lab", { width: 1366, height: 768 });
document.head.innerHTML = `<style>${readFileSync(gameCss, "utf8")}</style>`;
document.body.innerHTML = `<div class="widget ${kind === "view-only" ? "gw-view-only" : ""}"><div id="board"></div></div>`;
const { Model } = await import(pathToFileURL(modelPath).href);
const model = new Model(() => {});
model.update(JSON.parse(readFileSync(traitsPath, "utf8")));
const game = await import(pathToFileURL(gamePath).href);
await (game.default ?? game).render({ model, el: document.getElementById("board") });
await new Promise((resolve) => setTimeout(resolve, 20));

const $ = (sel) => document.querySelector(`#board ${sel}`);
for (const [sel, px] of [[".gw-status", "83px"], [".gw-last-move-slot", "67px"]]) $(sel).style.minHeight = px;
const css = (sel) => window.getComputedStyle($(sel));
const shown = (sel) => !$(sel).hidden && css(sel).display !== "none";
console.log(JSON.stringify({
  status: $(".gw-status").textContent, why: $(".gw-gl-why").textContent, whyShown: shown(".gw-gl-why"),
  controlsShown: shown(".gw-controls"),
  minHeight: Object.fromEntries([".gw-status", ".gw-last-move-slot", ".gw-gl-lead"].map((s) => [s, css(s).minHeight])),
}));
window.happyDOM.close();
