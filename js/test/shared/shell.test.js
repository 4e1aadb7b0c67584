// The shell's pure helpers (the DOM parts are covered by the browser tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { listNames, scoreText, keepHeight, statusText } from "../../shared/shell.js";

test("score chips say what the numbers are", () => {
  assert.equal(scoreText(3, 6), "3 of 6 points");
  assert.equal(scoreText(0, 1), "0 of 1 point");
  assert.equal(scoreText(1), "1 point");
  assert.equal(scoreText(5), "5 points");
});

test("names are listed as given, with no grammar built on them", () => {
  assert.equal(listNames([]), "");
  assert.equal(listNames(["You"]), "You");
  assert.equal(listNames(["Ana", "You"]), "Ana and You");
  assert.equal(listNames(["Ana", "Bo", "You"]), "Ana, Bo and You");
});

test("the status line names the bot that is thinking, else says the prompt", () => {
  const names = ["Ana", "Bo", "You"];
  const view = { prompt: "Ana: roll the die.", is_over: false };
  assert.equal(statusText(view, names), "Ana: roll the die.");
  assert.equal(statusText(view, names, null), "Ana: roll the die.");
  assert.equal(statusText(view, names, 1), "Bo is thinking…");
  assert.equal(statusText(view, names, 0), "Ana is thinking…");     // seat 0 is a seat
  assert.equal(statusText(view, names, 2), "You are thinking…");
  assert.equal(statusText(view, names, 7), "Ana: roll the die.");   // no such seat: the prompt
  assert.equal(statusText({ prompt: "", is_over: true }, names), "Game over.");
  assert.equal(statusText({}, names), "");
});

test("keepHeight holds the tallest height until the width changes", () => {
  // a stand-in ResizeObserver and animation frame: the test reports sizes as the browser would
  let report = null;
  const frames = [];
  const watched = new Set();
  globalThis.ResizeObserver = class {
    constructor(callback) { report = (width, height) => callback([{ contentRect: { width, height } }]); }
    observe(node) { watched.add(node); }
    unobserve(node) { watched.delete(node); }
    disconnect() { watched.clear(); }
  };
  globalThis.requestAnimationFrame = (fn) => frames.push(fn);
  try {
    const node = { style: { minHeight: "" }, closest: () => null };   // not in a lesson
    const stop = keepHeight(node);
    assert.equal(watched.size, 1);
    report(800, 600);
    assert.equal(node.style.minHeight, "600px");
    report(800, 650);                      // a line added: it grows
    assert.equal(node.style.minHeight, "650px");
    report(800, 620);                      // (min-height keeps the page from ever reporting this)
    assert.equal(node.style.minHeight, "650px");
    report(0, 0);                          // hidden under the hot-seat cover: left alone
    assert.equal(node.style.minHeight, "650px");
    report(640, 650);                      // a new width: start again, in the next frame
    assert.equal(node.style.minHeight, "650px");
    frames.shift()();
    assert.equal(node.style.minHeight, "");
    assert.equal(watched.size, 1);         // watched again: the browser reports the natural height
    report(640, 700);
    assert.equal(node.style.minHeight, "700px");
    report(500, 700);                      // a new width, then the view is closed before the frame
    stop();
    assert.equal(watched.size, 0);
    frames.shift()();
    assert.equal(watched.size, 0);         // not watched again after it was stopped
  } finally {
    delete globalThis.ResizeObserver;
    delete globalThis.requestAnimationFrame;
  }
});
