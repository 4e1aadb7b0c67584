// The shell's pure text helpers (the DOM parts are covered by the browser tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { listNames, scoreText, recent } from "../../shared/shell.js";

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

test("what just happened keeps the most recent lines", () => {
  assert.equal(recent(["a.", "b."]), "a. b.");
  const long = Array.from({ length: 10 }, (_, i) => `Player ${i} placed a mama goat on the raft.`);
  const said = recent(long);
  assert.ok(said.startsWith("… ") && said.endsWith(long[9]));
  assert.ok(said.length < 220);
  assert.equal(recent(["x".repeat(400)]), "x".repeat(400)); // one long line is kept whole
});
