// The play page's room above the board, on a DOM shim (happy-dom, which computes styles but
// lays nothing out): the page (play.html's body, room.css and the game's goatwidgets.css) with
// the game's own module drawn from the traits a device really got. argv: happy-dom's entry,
// model.js, game.js, the traits (JSON), play.html, room.css, goatwidgets.css, the page's mode.
// Prints JSON: every element from the banner to the board's drawing that shows nothing (no
// visible text or picture) yet is displayed with a height, margin or padding of its own.
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { openWindow, putBody } from "./dom.mjs";

const [happy, modelPath, gamePath, traitsPath, playPath, roomCss, gameCss, mode] = process.argv.slice(2);
await openWindow(happy, "http://127.0.0.1/play", { width: 390, height: 844 });
const style = (path) => `<style>${readFileSync(path, "utf8")}</style>`;
document.head.innerHTML = style(roomCss) + style(gameCss);
putBody(readFileSync(playPath, "utf8"));
document.body.className = "gr-page";
document.body.dataset.mode = mode;
document.getElementById("say").textContent = "Vote: pick the move you would make.";
const { Model } = await import(pathToFileURL(modelPath).href);
const model = new Model(() => {});
model.update(JSON.parse(readFileSync(traitsPath, "utf8")));
const game = await import(pathToFileURL(gamePath).href);
await (game.default ?? game).render({ model, el: document.getElementById("board") });
await new Promise((resolve) => setTimeout(resolve, 20));

const css = (el) => window.getComputedStyle(el);
const shown = (el) => !el.hidden && css(el).display !== "none";
const zero = (v) => v == null || ["", "0", "0px", "auto", "none"].includes(String(v).trim());
function visible(node) {                       // shows something: text or a picture
  if (node.nodeType === 3) return node.nodeValue.trim() !== "";
  if (node.nodeType !== 1 || !shown(node)) return false;
  if (["svg", "img", "canvas"].includes(node.localName)) return true;
  return [...node.childNodes].some(visible);
}
const drawing = document.querySelector("#board .gw-main > .gw-board");
const banner = document.getElementById("banner");
const empty = [];
for (const el of [banner, ...banner.querySelectorAll("*"), ...document.querySelectorAll("#board *")]) {
  if (el === drawing || el.contains(drawing) || drawing.contains(el)) continue;
  if (!(drawing.compareDocumentPosition(el) & 2)) continue;        // only what comes before it
  let hiddenHere = false;                                           // it, or a box it is in
  for (let up = el; up; up = up.parentElement) if (!shown(up)) hiddenHere = true;
  if (hiddenHere || visible(el)) continue;
  const s = css(el);
  const room = ["minHeight", "height", "marginTop", "marginBottom", "paddingTop", "paddingBottom"]
    .filter((k) => !zero(s[k])).map((k) => `${k}:${s[k]}`);
  if (room.length) empty.push(`${el.localName}.${[...el.classList].join(".")} ${room.join(" ")}`);
}
console.log(JSON.stringify({ empty, drawn: !!drawing }));
window.happyDOM.close();
