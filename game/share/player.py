"""The page a shared game is played in (``page.py`` fills it): its layout, its style and the
small player script, our own, that draws the game's screens into a ``<pre>`` as text in
coloured runs. Nothing in it is fetched from anywhere."""

from __future__ import annotations

import re

STYLE = """
body { background: #15171c; color: #d8d8d8; margin: 0; padding: 18px;
  font: 15px/1.4 system-ui, sans-serif; }
h1 { font-size: 17px; font-weight: 600; margin: 0 0 12px; color: #f0f0f0; }
h2 { font-size: 14px; font-weight: 600; margin: 0 0 8px; color: #f0f0f0; }
.sheet { display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; }
.screen { margin: 0; padding: 8px; background: #000; border: 1px solid #3a3d46;
  border-radius: 4px; font: 15px/1.2 "DejaVu Sans Mono", Menlo, Consolas,
  "Liberation Mono", monospace; white-space: pre; }
.screen span { display: inline-block; }
.controls { display: flex; gap: 10px; align-items: center; margin-top: 10px; }
.controls button, .controls select { font: inherit; background: #2a2d36; color: #eee;
  border: 1px solid #4a4e5a; border-radius: 4px; padding: 3px 10px; }
.controls input[type=range] { flex: 1; }
.where { font-variant-numeric: tabular-nums; color: #aaa; min-width: 21em; }
.morgue { flex: 1; min-width: 30em; }
.morgue pre { margin: 0; padding: 8px; background: #1d2027; border: 1px solid #3a3d46;
  border-radius: 4px; font: 13px/1.3 "DejaVu Sans Mono", Menlo, Consolas, monospace;
  max-height: 34em; overflow: auto; }
"""

SCRIPT = r"""
"use strict";
const data = JSON.parse(document.getElementById("game-data").textContent);
const W = data.width, H = data.height, N = data.frames.length, EVERY = 100;
const screen = document.getElementById("screen");
const button = document.getElementById("play"), slider = document.getElementById("turn");
const speedBox = document.getElementById("speed"), where = document.getElementById("where");
let ch = new Int32Array(W * H).fill(32), fg = new Int32Array(W * H);
let bg = new Int32Array(W * H), at = -1;
let playing = false, speed = data.speed, credit = 0, last = 0, timer = null;

function apply(k) {  // frame k's changed runs onto the grid
  for (const [start, text, colours] of data.frames[k]) {
    const glyphs = Array.from(text);
    for (let i = 0; i < glyphs.length; i++) ch[start + i] = glyphs[i].codePointAt(0);
    let cell = start;
    for (let j = 0; j < colours.length; j += 3) {
      for (let n = 0; n < colours[j]; n++, cell++) {
        fg[cell] = colours[j + 1]; bg[cell] = colours[j + 2];
      }
    }
  }
  at = k;
}

const kept = [];  // the grid every EVERY frames, so a jump back replays little
for (let k = 0; k < N; k++) {
  apply(k);
  if (k % EVERY === 0) kept.push([ch.slice(), fg.slice(), bg.slice()]);
}

function seek(k) {
  k = Math.max(0, Math.min(N - 1, k));
  if (k < at || Math.floor(k / EVERY) > Math.floor(at / EVERY)) {
    const base = Math.floor(k / EVERY), grid = kept[base];
    ch = grid[0].slice(); fg = grid[1].slice(); bg = grid[2].slice(); at = base * EVERY;
  }
  while (at < k) apply(at + 1);
}

function escape(c) {
  return c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c;
}

function draw() {
  const out = [];
  for (let y = 0; y < H; y++) {
    let x = 0;
    while (x < W) {
      const i = y * W + x, f = fg[i], b = bg[i];
      let text = "";
      while (x < W && fg[y * W + x] === f && bg[y * W + x] === b) {
        text += escape(String.fromCodePoint(ch[y * W + x])); x++;
      }
      out.push('<span style="color:' + data.palette[f] + ";background:" +
               data.palette[b] + '">' + text + "</span>");
    }
    out.push("\n");
  }
  screen.innerHTML = out.join("");
  slider.value = at;
  const end = at === data.end ? ", the end screen" : "";
  where.textContent = "action " + data.positions[at] + " of " +
    data.positions[N - 1] + ", turn " + data.turns[at] + end;
  button.textContent = playing ? "Pause" : "Play";
}

function wait(k) { return Math.min(data.idle, data.waits[k] / speed); }

function tick() {
  const now = performance.now();
  credit += (now - last) / 1000; last = now;
  let moved = false;
  while (playing && at < N - 1 && credit >= wait(at + 1)) {
    credit -= wait(at + 1); apply(at + 1); moved = true;
  }
  if (at >= N - 1) playing = false;
  if (moved || !playing) draw();
  timer = playing ? setTimeout(tick, 25) : null;
}

function play(on) {
  if (on && at >= N - 1) seek(0);
  playing = on; credit = 0; last = performance.now();
  if (timer !== null) { clearTimeout(timer); timer = null; }
  if (playing) timer = setTimeout(tick, 25);
  draw();
}

for (const s of data.speeds) {
  const o = document.createElement("option");
  o.value = s; o.textContent = s + "\u00d7"; o.selected = s === data.speed;
  speedBox.appendChild(o);
}
speedBox.addEventListener("change", () => { speed = Number(speedBox.value); });
button.addEventListener("click", () => { play(!playing); button.blur(); });
slider.max = N - 1;
slider.addEventListener("input", () => { play(false); seek(Number(slider.value)); draw(); });
document.addEventListener("keydown", (e) => {
  if (e.target === speedBox || e.target === slider) return;  // their own keys
  const step = {ArrowRight: 1, ArrowLeft: -1, PageDown: 50, PageUp: -50}[e.key];
  if (e.key === " ") { play(!playing); }
  else if (step !== undefined) { play(false); seek(at + step); draw(); }
  else if (e.key === "Home" || e.key === "End") {
    play(false); seek(e.key === "Home" ? 0 : N - 1); draw();
  } else return;
  e.preventDefault();
});
function asked() {  // "#action=120" starts there, "#play" plays: a link to a moment
  const words = new URLSearchParams(location.hash.slice(1));
  const action = Number(words.get("action") || 0);
  let k = data.positions.findIndex((p) => p >= action);
  seek(k < 0 ? N - 1 : k);
  draw();
  if (words.has("play")) play(true);
}
window.addEventListener("hashchange", asked);
asked();
"""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@@TITLE@@</title>
<style>@@STYLE@@</style>
</head>
<body>
<h1>@@TITLE@@</h1>
<div class="sheet">
<div class="game">
<pre class="screen" id="screen">(this page plays the game with its own script: turn
JavaScript on to watch it)</pre>
<div class="controls">
<button id="play" type="button" title="space">Play</button>
<label>speed <select id="speed"></select></label>
<input id="turn" type="range" min="0" max="0" value="0" title="left, right: one action">
<span class="where" id="where"></span>
</div>
</div>
<div class="morgue">
<h2>@@HEADING@@</h2>
<pre>@@MORGUE@@</pre>
</div>
</div>
<script type="application/json" id="game-data">@@DATA@@</script>
<script>@@SCRIPT@@</script>
</body>
</html>
"""


def page(values: dict[str, str]) -> str:
    """The page with its ``@@NAME@@`` places filled in one pass (a value that holds such a
    name is never filled again), the style and the script with them."""
    values = {"STYLE": STYLE, "SCRIPT": SCRIPT, **values}
    return re.sub(r"@@([A-Z]+)@@", lambda m: values[m.group(1)], PAGE)
