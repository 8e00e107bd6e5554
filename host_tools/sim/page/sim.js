// The simulator page: runs the unmodified firmware in MicroPython (WebAssembly)
// on its simulated HAL, steps its run loop on a timer, draws what it outputs
// (LED bytes, display framebuffer, the buzzer's pitch), shows the firmware's
// own words (accessible names, whose turn, the last move, the legend) and
// forwards presses. No rules in here, and no words of its own about the game.
import { loadMicroPython } from "/mpy/micropython.mjs";
import { drawBoard, reach } from "./board.js";
import { drawTodo } from "./todo.js";

const STEP_MS = 5; // timer period for the firmware's run loop step
const CHANGE_GAP_MS = 30; // a pressed/released button stays so at least this long...
const CHANGE_GAP_STEPS = 4; // ...and this many scans, so the firmware's debouncer counts it
const TICKS_MASK = 0x3fffffff;
const LIVE = "live", REPLAY = "replay";
const LIVE_DIR = "/games", REPLAY_DIR = "/replay", CURRENT = "current.jsonl";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const layoutName = params.get("layout") || "kahuna";
const seed = params.has("seed") ? +params.get("seed") : -1; // tests: the firmware's "lot"
// a remote game's store is its own, per game code and seat: two seats in one browser do not share one
const storeKey = "companion-sim/" + layoutName +
  (params.has("remote") ? `/remote/${params.get("remote")}/${params.get("seat") || "watch"}` : "");

let mp, glue, board, layout;
let mode = LIVE; // which firmware instance is shown: the game, or a replayed prefix of its log
let version = -1;
let brightness = 255;
let palette = null;
const queue = []; // raw button changes waiting to be applied: {code, down}
let lastChangeAt = -1e9, stepsSinceChange = 99;
const held = new Set();

function status(text, error = false) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("error", error);
}

// --- the firmware's filesystem ------------------------------------------------
async function copyFirmware() {
  const manifest = await (await fetch("/manifest.json")).json();
  await Promise.all(manifest.files.map(async (url) => {
    const data = new Uint8Array(await (await fetch(url)).arrayBuffer());
    // firmware/ goes to the root, like on the device; board_layouts/ stays a folder
    const path = url.startsWith("/firmware/") ? url.slice("/firmware".length) : url;
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
    mp.FS.writeFile(path, data);
  }));
  return manifest;
}

// A folder as {name: text} (sub-folders as nested objects; the store keeps a
// game as a folder of pieces). Binary files (*.bin: the store's checkpoint)
// are left out: without one the firmware replays the whole log.
function isDir(path) {
  try { return mp.FS.isDir(mp.FS.stat(path).mode); } catch { return false; }
}

function readDir(dir) {
  const out = {};
  let names = [];
  try { names = mp.FS.readdir(dir); } catch { return out; }
  for (const n of names) {
    if (n === "." || n === ".." || n.endsWith(".bin")) continue;
    const path = dir + "/" + n;
    out[n] = isDir(path) ? readDir(path) : mp.FS.readFile(path, { encoding: "utf8" });
  }
  return out;
}

function removeTree(path) {
  if (!isDir(path)) { mp.FS.unlink(path); return; }
  for (const n of mp.FS.readdir(path)) if (n !== "." && n !== "..") removeTree(path + "/" + n);
  mp.FS.rmdir(path);
}

function writeDir(dir, files) {
  mp.FS.mkdirTree(dir);
  for (const n of mp.FS.readdir(dir)) if (n !== "." && n !== "..") removeTree(dir + "/" + n);
  for (const [n, v] of Object.entries(files)) {
    if (typeof v === "string") mp.FS.writeFile(dir + "/" + n, v);
    else writeDir(dir + "/" + n, v);
  }
}

// The firmware's store writes its log to /games; mirror it to localStorage so
// that a reload (the simulator's "power cut") continues the game. A browser
// whose storage is full (or off) refuses: the game plays on in the page, the
// status line says so, and each change tries again.
let saved = "", unsaved = false;
function persist() {
  if (elsewhere) return;
  const snapshot = JSON.stringify(readDir(LIVE_DIR));
  if (snapshot === saved) return;
  try {
    localStorage.setItem(storeKey, snapshot);
  } catch (e) {
    status(`not saved in this browser (${e.name}): a reload would lose the game; Download log keeps it`, true);
    unsaved = true;
    return;
  }
  saved = snapshot;
  if (unsaved) status(t("running: saved again"));
  unsaved = false;
  if (params.has("remote")) keepLatestRemote();
}

// Remote games' saves (one per game code and seat) are kept for the latest few only.
const REMOTE_KEPT = 8, REMOTE_INDEX = "companion-sim/remote-saves", REMOTE_SAVE = /^companion-sim\/[^/]+\/remote\//;
function keepLatestRemote() {
  let when = null;
  try { when = JSON.parse(localStorage.getItem(REMOTE_INDEX)); } catch { /* damaged: begun anew */ }
  if (!when || typeof when !== "object" || Array.isArray(when)) when = {};
  for (const key of Object.keys(when)) if (!REMOTE_SAVE.test(key)) delete when[key];
  when[storeKey] = Date.now();
  const old = Object.keys(when).sort((a, b) => (+when[b] || 0) - (+when[a] || 0)).slice(REMOTE_KEPT);
  for (const key of old) { localStorage.removeItem(key); delete when[key]; }
  try { localStorage.setItem(REMOTE_INDEX, JSON.stringify(when)); } catch { /* full: the saves are kept */ }
}

// A save this page cannot read (damaged, or not a folder of texts) is not
// overwritten by the new game that starts instead: it is set aside under a key
// of its own and offered under "Earlier games" (its own text, to download).
const UNREADABLE = storeKey + "/unreadable", UNREADABLE_FILE = "unreadable-save.json";
let unreadable = null, restoreNote = "";
function isTree(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) &&
    Object.values(v).every((x) => typeof x === "string" || isTree(x));
}

function restore() {
  unreadable = localStorage.getItem(UNREADABLE);
  const text = localStorage.getItem(storeKey);
  if (!text) return;
  let files = null;
  try { files = JSON.parse(text); } catch { /* unreadable: below */ }
  try {
    if (isTree(files)) { writeDir(LIVE_DIR, files); saved = text; return; }
  } catch (e) { console.warn("stored game not restored", e); }
  try { if (isDir(LIVE_DIR)) removeTree(LIVE_DIR); } catch { /* what was written stays: the firmware reads it as damaged */ }
  unreadable = text;
  let kept = "it is kept in this browser";
  try { localStorage.setItem(UNREADABLE, text); } catch { kept = "the browser's storage is full, so download it now"; }
  restoreNote = `The game saved in this browser could not be read, so a new game started. The old save is ${UNREADABLE_FILE} under “Earlier games” (${kept}).`;
}

// Another tab or window of this browser plays the same board and has saved
// it: its game is the newer one. This tab stops, so that nothing done here
// can overwrite it; "Play here" reloads the page from that save.
// A remote game's seat opened in another tab stops this one at once: the broker
// keeps one link per seat, and the two tabs would take it from each other.
let elsewhere = false;
const OPEN_KEY = storeKey + "/open", tabId = Math.random().toString(36).slice(2);
window.addEventListener("storage", (e) => {
  if (elsewhere || e.newValue === null) return;
  if (e.key === OPEN_KEY ? e.newValue === tabId : e.key !== storeKey || e.newValue === saved) return;
  elsewhere = true;
  if (audio && gain) gain.gain.setValueAtTime(0, audio.currentTime); // a tone under way stops with the tab
  if (window.remote) window.remote.stop();
  $("elsewhere").hidden = false;
  document.body.classList.add("elsewhere");
  status("stopped: this game goes on in another tab", true);
});

function claimSeat() {
  const seat = params.get("seat");
  if (!params.has("remote") || !seat || seat === "watch") return;
  try { // (the other tabs hear it set; nothing is kept)
    localStorage.setItem(OPEN_KEY, tabId);
    localStorage.removeItem(OPEN_KEY);
  } catch { /* full: the seat's link sorts it out (seat.py) */ }
}

function currentLog() {
  // the firmware's store assembles the running game's pieces into one log
  try { return glue ? glue.log_text(LIVE_DIR) : ""; } catch { return ""; }
}

// --- drawing ------------------------------------------------------------------
function rgbHex(r, g, b) {
  return "#" + [r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("");
}

let lastLeds = null;
function drawLeds(bytes) {
  const boost = 255 / Math.max(1, brightness); // show a dimmed LED as the colour it is
  for (const e of board.elements) {
    if (e.led === undefined || !e.light) continue;
    const k = e.led * 3;
    const r = bytes[k], g = bytes[k + 1], b = bytes[k + 2];
    if (lastLeds && lastLeds[k] === r && lastLeds[k + 1] === g && lastLeds[k + 2] === b) continue;
    e.g.dataset.rgb = r + "," + g + "," + b;
    const on = r + g + b > 0;
    e.light.classList.toggle("off", !on);
    if (on) {
      const c = rgbHex(...[r, g, b].map((v) => Math.min(255, Math.round(v * boost))));
      e.light.style[e.light.tagName === "line" ? "stroke" : "fill"] = c;
    }
  }
  lastLeds = bytes;
}

function drawFrameCodes(codes) {
  // what the firmware's LED frame asks of each LED (frame.py codes): colour and effect
  const n = codes.length / 2;
  for (const e of board.elements) {
    if (e.led === undefined || e.led >= n) continue;
    e.g.dataset.colour = codes[e.led];
    e.g.dataset.effect = codes[n + e.led];
  }
}

const canvas = $("display");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(128, 64);
function drawDisplay(buf, text, words) {
  // SSD1306 layout (MONO_VLSB): byte (y >> 3) * 128 + x, bit y & 7
  const d = image.data;
  let lit = 0;
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      const on = (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1;
      const p = (y * 128 + x) * 4;
      d[p] = on ? 150 : 0; d[p + 1] = on ? 220 : 4; d[p + 2] = on ? 255 : 10; d[p + 3] = 255;
      lit += on;
    }
  }
  ctx.putImageData(image, 0, 0);
  canvas.dataset.text = text;
  canvas.dataset.litPixels = lit;
  canvas.setAttribute("aria-label", "display: " + words);
}

// Every board element's accessible name is the firmware's (App.describe):
// what it is and what stands there.
let codes = "";
function drawNames() {
  const names = JSON.parse(glue.names(mode, codes));
  let k = 0;
  for (const e of board.elements) {
    if (e.button === undefined) continue;
    const name = names[k++];
    e.g.setAttribute("aria-label", name || e.name);
  }
}

// The side panel: the firmware's words (App.status), nothing computed here.
let shown = {}; // the status last drawn
let turnOver = null; // the to-do when TURN was pressed over it
function fill(id, items) {
  const list = $(id);
  if (list.dataset.items === JSON.stringify(items)) return;
  list.dataset.items = JSON.stringify(items);
  list.replaceChildren(...items.map((t) => Object.assign(document.createElement("li"), { textContent: t })));
}

function line(id, text) {
  const el = $(id);
  if (el.textContent !== text) el.textContent = text;
  el.hidden = !text;
}

function drawState() {
  const s = JSON.parse(glue.status(mode));
  shown = s;
  $("turn-text").textContent = s.turn || "";
  const swatch = $("turn-swatch");
  if (s.colour && s.rgb) swatch.style.background = rgbHex(...s.rgb);
  else swatch.removeAttribute("style");
  $("score").textContent = s.score || "";
  // the UI's memory of the last press starts empty at a boot: until the next event, the
  // newest move of the log in the firmware's words stands in (a reload loses nothing)
  const last = s.last || (mode === LIVE && logLines().length === bootLines ? gameWords().last : "");
  $("last").textContent = last ? tf("Last: %s", last) : "";
  if ($("message").textContent !== (s.message || "")) $("message").textContent = s.message || "";
  $("message").classList.toggle("news", !!s.news); // the other board's move, not a refusal
  line("check", s.check || "");
  line("device-move", s.device || "");
  line("cards", s.cards || "");
  // the to-do: what the real board still lacks; TURN counts it all done (it says so)
  const todo = s.todo || [];
  fill("todo", todo);
  $("todo-box").hidden = !todo.length;
  // after an UNDO the to-do is the move taken back: its pieces are the ones to lift (or put back)
  const undone = todo.length > 0 && undoneNow();
  document.body.classList.toggle("undone", undone);
  line("todo-undo", undone ? t(UNDO_TODO) : "");
  $("todo-turn").hidden = undone;
  const turn = $("key-turn");
  if (turn) {
    if (todo.length) {
      turn.dataset.confirms = todo.length;
      turn.setAttribute("aria-label", `TURN (counts ${todo.length} change${todo.length > 1 ? "s" : ""} on the board as done` +
        (undone ? " and ends the turn)" : ")"));
    } else {
      delete turn.dataset.confirms;
      turn.removeAttribute("aria-label");
    }
  }
  if (turnOver !== null && !held.size && !queue.length) { // TURN has been taken: say what it counted as done
    if (!todo.length && turnOver.length) {
      line("confirmed", tf("TURN counted as done on the real board: %s", turnOver.join("; ")));
      toAnnounce = $("confirmed").textContent; // after the move itself (updateFiles)
    }
    turnOver = null;
  }
  fill("menu", s.menu || []);
  $("menu-box").hidden = !(s.menu || []).length;
  // the end, then how the points came about move by move (from the log)
  const result = (s.result || []).concat(s.result?.length && mode === LIVE ? gameWords().scorings : []);
  fill("result", result);
  $("result-box").hidden = !result.length;
  $("review-form").hidden = !(result.length && mode === LIVE && gameOfLog() === "kahuna");
  fill("legend", s.legend || []);
  if (s.title) document.title = s.title + " – companion simulator";
}
// The page has no real board to tidy: after an UNDO it names the pieces of the
// move taken back as the ones to lift (or put back), and says what TURN would do
// instead (the firmware's rule, as on the board: docs/simulator.md, "UNDO").
const UNDO_TODO = "UNDO took the move back: click each marked piece to lift it off (or put it back), " +
  "then play on. TURN would count them as done and end the turn.";
function undoneNow() {
  return mode === LIVE && gameWords().undo;
}

let refreshes = 0;
function refresh() {
  brightness = glue.brightness(mode);
  drawFrameCodes(mp.PyProxy.toJs(glue.frame_codes(mode)));
  drawTodo(board.elements, mp.PyProxy.toJs(glue.todo_marks(mode)), undoneNow());
  markChosenCard(glue.chosen_card(mode));
  drawDisplay(mp.PyProxy.toJs(glue.pixels(mode)), glue.text(mode), glue.readable_text(mode));
  drawNames();
  drawState();
  drawHands(glue.hands(mode));
  lastLeds = null;
  document.body.dataset.refreshes = ++refreshes; // for tests: the page has drawn a change
}

// --- sound: the simulated buzzer's pitch and duty, played with Web Audio -------
const tones = []; // every note the page was told to play: [hz, duty] (for tests)
let audio = null, osc = null, gain = null, buzzerChanges = 0;
function startAudio() { // browsers allow sound only after a user gesture
  if (audio) { if (audio.state === "suspended") audio.resume(); return; }
  try {
    audio = new AudioContext();
    osc = audio.createOscillator();
    gain = audio.createGain();
    osc.type = "square";
    gain.gain.value = 0;
    osc.connect(gain).connect(audio.destination);
    osc.start();
  } catch (e) { audio = null; console.warn("no Web Audio", e); }
}

function followBuzzer() {
  const [hz, duty, changes] = mp.PyProxy.toJs(glue.buzzer(mode));
  if (changes === buzzerChanges) return;
  buzzerChanges = changes;
  const last = tones[tones.length - 1];
  if (!last || last[0] !== hz || last[1] !== duty) tones.push([hz, duty]);
  if (!audio || !osc) return;
  const t = audio.currentTime;
  if (duty > 0) osc.frequency.setValueAtTime(hz, t);
  gain.gain.setValueAtTime(0.25 * Math.min(1, duty / 32768), t); // duty: the firmware's volume
}

// Kahuna's digital deck: each player's hand on a covered panel of their own
// (in a solo game only the human's); the firmware says what is in them.
function drawHands(json) {
  const box = $("hands");
  const hands = json ? JSON.parse(json) : null;
  const players = hands ? ["white", "black"].filter((p) => p !== hands.device) : [];
  document.body.classList.toggle("hands", players.length > 0); // the board leaves room for them (sim.css)
  if (box.dataset.players !== players.join(" ")) {
    box.dataset.players = players.join(" ");
    box.replaceChildren();
    for (const player of players) {
      const [panel, head, who] = coveredPanel(player, "hand-", "%s's hand", "%s's hand");
      const hand = document.createElement("p");
      hand.className = "hand";
      const cover = document.createElement("p");
      cover.className = "cover";
      cover.textContent = tf("covered: %s opens it while the other player looks away", who);
      panel.append(head, hand, cover);
      box.appendChild(panel);
    }
  }
  for (const player of players) $("hand-" + player).querySelector(".hand").textContent = hands[player] || t("(no cards)");
}

// The card chosen to pay (Kahuna's digital deck): its island gets a ring and a
// "card" label, where the firmware's own light for it is a small pulse.
let chosenTag = null;
function markChosenCard(led) {
  for (const e of board.elements) {
    const chosen = led >= 0 && e.led === led && e.kind === "island";
    if (chosen === (e.g.dataset.card === "chosen")) continue;
    if (chosen) e.g.dataset.card = "chosen";
    else delete e.g.dataset.card;
  }
  const e = board.elements.find((x) => x.g.dataset.card === "chosen");
  if (!e) { if (chosenTag) chosenTag.remove(); chosenTag = null; return; }
  if (!chosenTag) {
    chosenTag = document.createElementNS("http://www.w3.org/2000/svg", "text");
    chosenTag.setAttribute("class", "card-tag");
    chosenTag.setAttribute("aria-hidden", "true");
    chosenTag.textContent = t("card");
  }
  chosenTag.setAttribute("x", e.shape.x);
  chosenTag.setAttribute("y", e.shape.y + e.shape.r + 14); // under the island, clear of its name
  chosenTag.dataset.for = e.name;
  $("board").appendChild(chosenTag);
}

// A player's panel under a cover (Duell's hood, a Kahuna hand), with the
// Show/Hide toggle in its head: [panel, head, the player's name capitalised].
function coveredPanel(player, idPrefix, label, heading) {
  const who = t(player[0].toUpperCase() + player.slice(1));
  const panel = document.createElement("section");
  panel.className = "secret covered";
  panel.id = idPrefix + player;
  panel.dataset.player = player;
  panel.setAttribute("aria-label", tf(label, who));
  const head = document.createElement("div");
  head.className = "head";
  const title = document.createElement("h2");
  title.textContent = tf(heading, who);
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "cover-toggle";
  toggle.textContent = t("Show");
  toggle.onclick = () => {
    const covered = panel.classList.toggle("covered");
    toggle.textContent = t(covered ? "Show" : "Hide");
  };
  head.append(title, toggle);
  return [panel, head, who];
}

// --- the run loop -------------------------------------------------------------
// The firmware's clock follows the real one, but never leaps more than
// MAX_LEAP_MS per step: a stalled browser tab must not turn a click into a
// long press.
const MAX_LEAP_MS = 40;
let clock = 0, lastReal = performance.now();
function nowMs() {
  const real = performance.now();
  clock += Math.min(MAX_LEAP_MS, Math.max(0, real - lastReal));
  lastReal = real;
  return Math.floor(clock) & TICKS_MASK;
}

function applyQueued(now) {
  if (!queue.length || stepsSinceChange < CHANGE_GAP_STEPS || now - lastChangeAt < CHANGE_GAP_MS) return;
  const { code, down, other } = queue.shift();
  if (other !== undefined) { // the sensing board: a stick put on or lifted (code: the element's name)
    glue.sense(mode, code, other);
    try { localStorage.setItem(SENSED_KEY, glue.sensed_bits(mode)); } catch { /* full: the sticks stand till a reload */ }
  } else glue.press(mode, code, down);
  lastChangeAt = now;
  stepsSinceChange = 0;
}

let failed = false;
function tick() {
  if (failed || elsewhere) return;
  try {
    const now = nowMs();
    applyQueued(now);
    const v = glue.step(mode, now);
    stepsSinceChange++;
    if (v !== version) {
      version = v;
      refresh();
      if (mode === LIVE) { persist(); updateFiles(); }
    }
    drawLeds(mp.PyProxy.toJs(glue.led_bytes(mode)));
    followBuzzer();
  } catch (e) {
    failed = true;
    status("the firmware stopped: " + e.message, true);
    throw e;
  }
}

// --- input --------------------------------------------------------------------
function down(code) {
  startAudio();
  if (held.has(code)) return;
  if (mode !== LIVE) { status(t("viewing the history: press “Back to the game” to play")); return; }
  line("confirmed", "");
  line("files-note", "");
  if (code === (layout.controls || []).find((c) => c.name === "TURN")?.button) turnOver = (shown.todo || []).slice();
  held.add(code);
  queue.push({ code, down: true });
  markPressed(code, true);
}

function up(code) {
  if (!held.has(code)) return;
  held.delete(code);
  queue.push({ code, down: false });
  markPressed(code, false);
}

function markPressed(code, on) {
  for (const e of board.elements) if (e.button === code) e.g.classList.toggle("pressed", on);
  for (const b of $("controls").children) if (+b.dataset.button === code) b.classList.toggle("down", on);
}

function pressable(el, code) {
  el.addEventListener("pointerdown", (ev) => {
    ev.preventDefault();
    holdUntilUp(code);
  });
}

const hits = []; // the board elements the pointer pressed, by name (for tests)
function holdUntilUp(code) {
  down(code);
  const release = () => {
    up(code);
    window.removeEventListener("pointerup", release);
    window.removeEventListener("pointercancel", release);
  };
  window.addEventListener("pointerup", release);
  window.addEventListener("pointercancel", release);
}

// A tap or click on the board presses the element nearest to it (board.js
// reach), not whichever drawing lies on top: on a phone a finger covers
// several thin connections, and the middle of each must press that one.
const TAP_REACH_PX = 28; // farther than this from every element: no press
function pick(ev) {
  const svg = $("board");
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  let best = null, bestD = TAP_REACH_PX / Math.hypot(m.a, m.b);
  for (const e of board.elements) {
    if (e.button === undefined && !sensedNames.has(e.name)) continue; // (Duell's pockets: sensed, no button)
    const d = reach(e.shape, p.x, p.y);
    if (d < bestD) { best = e; bestD = d; }
  }
  return best;
}

// The keyboard: the board is one Tab stop; the arrow keys move the focus to
// the nearest element that way (by position on the board, not by name).
function centreOf(e) {
  const sh = e.shape;
  return sh.r !== undefined ? [sh.x, sh.y] : [(sh.x1 + sh.x2) / 2, (sh.y1 + sh.y2) / 2];
}

const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
function nextByArrow(from, key) {
  const [dx, dy] = ARROWS[key];
  const [x0, y0] = centreOf(from);
  let best = null, bestCost = Infinity;
  for (const e of board.elements) {
    if (e === from || e.button === undefined || !e.shape) continue;
    const [x, y] = centreOf(e);
    const along = (x - x0) * dx + (y - y0) * dy;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (along <= 0 || across > 2 * along) continue; // not that way
    const cost = along + 2 * across;
    if (cost < bestCost) { best = e; bestCost = cost; }
  }
  return best;
}

function focusElement(e) {
  for (const o of board.elements) if (o.button !== undefined) o.g.setAttribute("tabindex", o === e ? "0" : "-1");
  e.g.focus();
}

function setupBoardKeys() {
  const pressables = board.elements.filter((e) => e.button !== undefined);
  pressables.forEach((e, i) => {
    e.g.setAttribute("tabindex", i ? "-1" : "0");
    e.g.addEventListener("focus", () => focusElement(e));
    e.g.addEventListener("keydown", (ev) => {
      if (!(ev.key in ARROWS)) return;
      ev.preventDefault();
      const next = nextByArrow(e, ev.key);
      if (next) focusElement(next);
    });
  });
}

// A sensing board (a layout whose elements name sensor bits, e.g.
// ?layout=kahuna-sensing, kanaloa-, rukuni- or duell-sensing): a click on an
// empty sensed element puts the player to move's stick there (Duell: the
// pocket's player's stone), a shift-click the other colour's, a click on a
// stick lifts it (Rukuni: a tower lifted is in the hand until a click on a
// free cell sets it down; glue.sense); the firmware sees it through its
// sensors (docs/simulator.md).
let sensedNames = new Set();
const SENSED_KEY = "companion-sim/" + layoutName + "/sensed";
function sensedSaved() {
  try { return localStorage.getItem(SENSED_KEY) || ""; } catch { return ""; }
}

function setupBoardPointer() {
  $("board").addEventListener("pointerdown", (ev) => {
    const e = pick(ev);
    if (!e) return;
    ev.preventDefault();
    hits.push(e.name);
    if (sensedNames.has(e.name) && mode === LIVE) {
      startAudio();
      queue.push({ code: e.name, other: ev.shiftKey });
      return;
    }
    holdUntilUp(e.button);
  });
}

const LONG_MS = 1000; // L: a long press of the element in focus, held this long

function setupInput() {
  setupBoardPointer();
  setupBoardKeys();
  codes = board.elements.filter((e) => e.button !== undefined).map((e) => e.button).join(",");
  const controls = $("controls");
  controls.replaceChildren();
  const keys = {};
  for (const c of layout.controls || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = c.name;
    b.dataset.button = c.button;
    b.id = "key-" + c.name.toLowerCase();
    pressable(b, c.button);
    controls.appendChild(b);
    keys[c.name] = c.button;
  }
  const secretKeys = setupPlayerPanels();
  const shortcuts = { t: "TURN", enter: "TURN", u: "UNDO", backspace: "UNDO", m: "MENU" };
  const keyCode = (ev) => {
    const k = ev.key.toLowerCase();
    return k in secretKeys ? secretKeys[k] : keys[shortcuts[k]];
  };
  // the element in focus (a board element, a control or a secret key):
  // Enter/Space press it while held, L gives it a long press
  const focused = (ev) => {
    const b = ev.target.closest && ev.target.closest("[data-button]");
    return b ? +b.dataset.button : undefined;
  };
  window.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "SELECT" || ev.target.tagName === "INPUT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const own = focused(ev);
    if (own !== undefined && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      if (!ev.repeat) down(own);
      return;
    }
    if (own !== undefined && ev.key.toLowerCase() === "l") {
      ev.preventDefault();
      if (!ev.repeat && !held.has(own)) { down(own); setTimeout(() => up(own), LONG_MS); }
      return;
    }
    if (ev.target.tagName === "BUTTON" && (ev.key === "Enter" || ev.key === " ")) return; // the page's own buttons
    const code = keyCode(ev);
    if (code === undefined) return;
    ev.preventDefault();
    if (!ev.repeat) down(code);
  });
  window.addEventListener("keyup", (ev) => {
    const own = focused(ev);
    if (own !== undefined && (ev.key === "Enter" || ev.key === " ")) { up(own); return; }
    const code = keyCode(ev);
    if (code !== undefined) up(code);
  });
}

// Each player's secret keys (Duell's hooded masks) get a panel of their own,
// the first player's on the left, the next one's on the right, each behind a
// cover its player opens while the other looks away. The keys only press
// buttons, like the board. Returns the keyboard shortcuts {key: button}.
const PANEL_KEYS = ["asd", "jkl"];
function setupPlayerPanels() {
  const box = $("players");
  box.replaceChildren();
  const shortcuts = {};
  document.body.classList.toggle("players", Object.keys(board.secret).length > 0);
  Object.entries(board.secret).forEach(([player, keys], i) => {
    const [panel, head, who] = coveredPanel(player, "panel-", "%s's secret keys", "%s's hood");
    const row = document.createElement("div");
    row.className = "keys";
    keys.forEach((k, j) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.name = k.name;
      b.dataset.button = k.button;
      b.textContent = k.name.startsWith(player + " ") ? k.name.slice(player.length + 1) : k.name;
      const key = (PANEL_KEYS[i] || "")[j];
      if (key) {
        shortcuts[key] = k.button;
        const kbd = document.createElement("kbd");
        kbd.textContent = key.toUpperCase();
        b.append(" ", kbd);
      }
      pressable(b, k.button);
      row.appendChild(b);
    });
    const cover = document.createElement("p");
    cover.className = "cover";
    cover.textContent = tf("covered: %s opens it while the other player looks away", who) +
      (PANEL_KEYS[i] ? tf(" (or types %s unseen)", PANEL_KEYS[i].toUpperCase().split("").join(" ")) : "");
    panel.append(head, row, cover);
    box.appendChild(panel);
  });
  return shortcuts;
}

// --- game files and history -----------------------------------------------------
function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function logLines() {
  return currentLog().split("\n").filter((l) => l.trim());
}

function gameOfLog() { // the running game's, from its header line
  try { return JSON.parse(logLines()[0] || "{}").game; } catch { return undefined; }
}

// The game in words, one sentence per log line (the firmware's ui/words.py,
// from the log: it survives a reload); made again when the log changes.
let words = { moves: [], scorings: [], result: [] }, wordsFor = "";
function gameWords() {
  const text = currentLog();
  if (text !== wordsFor) {
    wordsFor = text;
    words = JSON.parse(glue.history(LIVE, LIVE_DIR));
  }
  return words;
}

let bootLines = 0; // the live log's length when the firmware last booted (the "Last:" line)
function booted() {
  bootLines = logLines().length;
}

let announced = -1; // the moves announced to a screen reader so far
let toAnnounce = ""; // besides them (what TURN counted as done)
function updateFiles() {
  const lines = logLines();
  const slider = $("history");
  const events = Math.max(0, lines.length - 1);
  slider.max = events;
  if (mode === LIVE) slider.value = events;
  showHistoryLabel();
  const moves = gameWords().moves.slice(1); // line 0: the header
  fill("moves", moves);
  $("moves-count").textContent = moves.length;
  $("moves").scrollTop = $("moves").scrollHeight; // the newest in view (the page itself does not scroll)
  const news = announced >= 0 && moves.length > announced ? moves.slice(announced) : [];
  if (toAnnounce) news.push(toAnnounce);
  if (news.length) announce(news.join(". "));
  announced = moves.length;
  toAnnounce = "";
  const archive = $("archive");
  archive.replaceChildren();
  const files = mp.PyProxy.toJs(glue.archived(LIVE_DIR));
  if (files.length || unreadable !== null) archive.append(t("Earlier games: "));
  if (unreadable !== null) {
    const a = document.createElement("a");
    a.href = "#";
    a.textContent = UNREADABLE_FILE;
    a.onclick = (ev) => { ev.preventDefault(); download(layoutName + "-" + UNREADABLE_FILE, unreadable); };
    archive.appendChild(a);
  }
  for (const n of files) {
    const a = document.createElement("a");
    a.href = "#";
    const file = n.endsWith(".jsonl") ? n : n + ".jsonl";
    a.textContent = file;
    a.onclick = (ev) => { ev.preventDefault(); download(layoutName + "-" + file, glue.archived_text(LIVE_DIR, n)); };
    archive.appendChild(a);
  }
}

// A screen reader hears each new move (and what TURN counted as done).
function announce(text) {
  $("announce").textContent = text;
}

function showHistoryLabel() {
  const slider = $("history");
  const k = +slider.value;
  const lines = logLines();
  let text = lines.length ? tf("event %s of %s", k, slider.max) : t("no game yet");
  const said = gameWords().moves[k];
  if (said) text += ": " + said;
  $("history-label").textContent = text;
  slider.setAttribute("aria-valuetext", text);
}

function showStep(k) {
  const lines = logLines();
  if (!lines.length) return;
  if (k >= lines.length - 1) { if (mode === REPLAY) backToLive(); return; }
  writeDir(REPLAY_DIR, { [CURRENT]: lines.slice(0, k + 1).join("\n") + "\n" });
  glue.boot(REPLAY, layoutName, REPLAY_DIR, seed, nowMs());
  glue.no_check(REPLAY); // a step back in the history is no restart: no board check
  mode = REPLAY;
  version = -1;
  document.body.classList.add("replay");
  $("live").disabled = false;
  $("continue").disabled = !!remoteGame;
  status(tf("history: the game after event %s", k));
  showHistoryLabel();
}

function backToLive() {
  mode = LIVE;
  version = -1;
  document.body.classList.remove("replay");
  $("live").disabled = true;
  $("continue").disabled = true;
  status(t("running"));
  updateFiles();
}

// Before the running game is set aside: ask, saying where it goes.
function askFirst(what) {
  const n = Math.max(0, logLines().length - 1);
  if (!n) return true; // no move yet: nothing to lose
  return window.confirm(`${what}?\n\nThe running game (${n} event${n > 1 ? "s" : ""}) is not lost: it goes to ` +
    "“Earlier games” under Game file, where a click downloads it; Load log… continues it.");
}

function sayArchived(before) {
  const files = mp.PyProxy.toJs(glue.archived(LIVE_DIR));
  const added = files.filter((n) => !before.includes(n));
  if (added.length) {
    const n = added[added.length - 1];
    line("files-note", tf("The previous game is saved as %s under “Earlier games”.", n.endsWith(".jsonl") ? n : n + ".jsonl"));
  }
}

// A remote game is one log shared with the other board: nothing on this page
// may set it aside (Load log, Continue from here, Solo would leave the game
// without a word while the other board plays on). New game: the firmware says
// that a new game code starts the next.
let remoteGame = "";
function sharedGame() {
  remoteGame = params.get("remote");
  $("solo").hidden = true;
  $("load").disabled = true;
  line("remote-note", `Remote game ${remoteGame}: Load log… and Continue from here are off (they would set ` +
    "the shared game aside); Download log keeps a copy.");
}

function startFrom(text) {
  if (remoteGame) return; // (sharedGame: the controls that lead here are off)
  // the firmware sets the running game aside and boots from the new log
  const before = mp.PyProxy.toJs(glue.archived(LIVE_DIR));
  glue.archive(LIVE_DIR);
  mp.FS.writeFile(LIVE_DIR + "/" + CURRENT, text.endsWith("\n") ? text : text + "\n");
  glue.boot(LIVE, layoutName, LIVE_DIR, seed, nowMs(), sensedSaved());
  sensedNames = new Set(glue.sensing(LIVE).split("|").filter(Boolean));
  booted();
  announced = -1; // another game: its moves are not news
  backToLive();
  sayArchived(before);
}

// A log as the firmware writes it (log.dump: ", " and ": " between items):
// any valid JSON lines are written so, keys in their order.
function dump(v) {
  if (Array.isArray(v)) return "[" + v.map(dump).join(", ") + "]";
  if (v && typeof v === "object") return "{" + Object.entries(v).map(([k, x]) => JSON.stringify(k) + ": " + dump(x)).join(", ") + "}";
  return JSON.stringify(v);
}

function normalised(text) {
  const out = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    try { out.push(dump(JSON.parse(lines[i]))); } catch (e) {
      throw new Error(`line ${i + 1} is not JSON (${e.message}): ${lines[i].slice(0, 60)}`);
    }
  }
  if (!out.length) throw new Error("the file is empty: a log starts with a header line such as " +
    `{"game": "${layoutName}", "layout": "${layoutName}", "variants": []}`);
  return out.join("\n") + "\n";
}

function loadLog(name, text) {
  let log;
  try {
    log = normalised(text);
    const why = glue.check_log(LIVE, log); // the firmware's own reading of it
    if (why) throw new Error(why);
  } catch (e) {
    line("files-note", `${name} not loaded: ${e.message}. The running game goes on unchanged.`);
    return;
  }
  if (!askFirst(`Load ${name} and continue that game`)) return;
  startFrom(log);
}

function setupFiles() {
  $("download").onclick = () => {
    const text = currentLog();
    if (!text) { status(t("no game yet: start one from the menu")); return; }
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "");
    download(`${layoutName}-${stamp}.jsonl`, text);
  };
  $("load").onchange = async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    loadLog(file.name, await file.text());
    ev.target.value = "";
  };
  $("history").oninput = (ev) => showStep(+ev.target.value);
  // the game's review (`companion review`, host_tools/review.py): the server rates the log
  $("review-form").onsubmit = () => { // the log, and the page's language: the review speaks it too
    $("review-log").value = currentLog();
    $("review-lang").value = document.documentElement.lang || "en";
  };
  // Kahuna: a solo game against the device opponent, at once (the firmware's
  // menu has the same as Cards: solo W); ?seed=N fixes the shuffle
  $("solo").hidden = layoutName !== "kahuna";
  $("solo").onclick = () => {
    if (!askFirst("Start a solo game against the device")) return;
    const seed = params.has("seed") ? +params.get("seed") : Math.floor(Math.random() * 0x7fffffff);
    // written in the log's dialect (", " and ": " between items, as log.dump writes)
    startFrom(`{"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white", ` +
      `"cards": "digital", "seed": ${seed}, "device": "black"}`);
  };
  // the firmware menu's New game (its current choices); the old game is archived
  $("new-game").onclick = () => {
    if (mode !== LIVE) backToLive();
    if (!remoteGame && !askFirst("Start a new game")) return; // (remote: the firmware says no, and why)
    const before = mp.PyProxy.toJs(glue.archived(LIVE_DIR));
    glue.new_game(LIVE);
    booted();
    version = -1;
    announced = -1;
    updateFiles();
    sayArchived(before);
  };
  $("live").onclick = backToLive;
  $("continue").onclick = () => {
    const k = +$("history").value;
    if (!askFirst(`Continue from event ${k} (the events after it stay in the saved game)`)) return;
    startFrom(logLines().slice(0, k + 1).join("\n"));
  };
}

async function setupLayoutChoice(manifest) {
  const select = $("layout-select");
  const titles = JSON.parse(glue.titles()); // the games by title, as the firmware names them
  for (const url of manifest.files) {
    const m = url.match(/^\/board_layouts\/([^/]+)\.json$/);
    if (!m || !(m[1] in titles)) continue;
    const o = document.createElement("option");
    o.value = m[1];
    o.textContent = titles[m[1]];
    o.selected = m[1] === layoutName;
    select.appendChild(o);
  }
  select.onchange = () => { location.search = "?layout=" + encodeURIComponent(select.value); };
}

// Names on the board (Rukuni's cells, Duell's keys): on unless turned off.
function setupNamesToggle() {
  const box = $("show-names");
  box.parentElement.hidden = !document.querySelector("#board .labels text"); // a board with names to show
  box.checked = localStorage.getItem("companion-sim/names") !== "off";
  const apply = () => document.body.classList.toggle("no-names", !box.checked);
  box.onchange = () => { localStorage.setItem("companion-sim/names", box.checked ? "on" : "off"); apply(); };
  apply();
}

// --- the page's language -------------------------------------------------------
// The firmware's words come in it already (glue.language: ui/lang with the
// page's tables); the page's own words are looked up in the same tables.
const LANGS = ["en", "de", "fr"];
const LANG_KEY = "companion-sim/lang";
let pageWords = {}; // English -> the chosen language ({} for English)
const t = (text) => pageWords[text] || text;
function tf(form, ...parts) { // a format's translation with its parts, each %s in turn
  let k = 0;
  return t(form).replace(/%s/g, () => String(parts[k++]));
}

// The player's choice (kept in this browser), else the browser's first language we speak.
function pageLanguage() {
  const saved = localStorage.getItem(LANG_KEY);
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language]) {
    const code = String(l || "").slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

// The page's own text (index.html) in the language: each text node and label the table knows.
function translatePage(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    const key = text.replace(/\s+/g, " ");
    const numbered = key.replace(/\d+$/, "%s"); // "key 4": the format "key %s"
    if (text && pageWords[key]) node.nodeValue = node.nodeValue.replace(text, pageWords[key]);
    else if (text && numbered !== key && pageWords[numbered])
      node.nodeValue = node.nodeValue.replace(text, tf(numbered, key.match(/\d+$/)[0]));
  }
  for (const el of root.querySelectorAll("[aria-label], [title]")) {
    for (const a of ["aria-label", "title"]) {
      const v = el.getAttribute(a);
      if (v && pageWords[v]) el.setAttribute(a, pageWords[v]);
    }
  }
}

function setupLanguage(code) {
  const select = $("lang-select");
  select.value = code;
  select.onchange = () => { localStorage.setItem(LANG_KEY, select.value); location.reload(); }; // (a reload loses nothing)
}

// --- start --------------------------------------------------------------------
async function main() {
  mp = await loadMicroPython({
    heapsize: 2 * 1024 * 1024,
    stdout: (line) => console.log("[mpy]", line),
    stderr: (line) => console.error("[mpy]", line),
  });
  const manifest = await copyFirmware();
  mp.FS.writeFile("/sim_glue.py", await (await fetch("glue.py")).text());
  glue = mp.pyimport("sim_glue");
  const code = pageLanguage();
  pageWords = JSON.parse(glue.language(code));
  document.documentElement.lang = code;
  translatePage(document.body);
  setupLanguage(code);
  await setupLayoutChoice(manifest);
  if (!manifest.files.includes(`/board_layouts/${layoutName}.json`)) {
    const known = manifest.files.map((f) => f.match(/^\/board_layouts\/([^/]+)\.json$/)).filter(Boolean).map((m) => m[1]);
    throw new Error(`no board layout "${layoutName}" in board_layouts/ (known: ${known.join(", ")})`);
  }
  layout = JSON.parse(mp.FS.readFile(`/board_layouts/${layoutName}.json`, { encoding: "utf8" }));
  board = drawBoard($("board"), layout);
  translatePage($("board")); // its labels ("hood", "key 4")
  $("board").setAttribute("aria-label", (JSON.parse(glue.titles())[layoutName] || layout.title) + " board");
  setupNamesToggle();
  $("play-here").onclick = () => location.reload();
  claimSeat();
  restore();
  glue.boot(LIVE, layoutName, LIVE_DIR, seed, nowMs(), sensedSaved());
  sensedNames = new Set(glue.sensing(LIVE).split("|").filter(Boolean));
  booted();
  const joined = params.has("remote") && await (await import("./remote.js")).join(mp, LIVE, params); // remote play (docs/remote.md)
  setupInput();
  setupFiles();
  if (joined) sharedGame();
  status(t("running"));
  line("files-note", restoreNote);
  setInterval(tick, STEP_MS);
  tick();
  document.body.dataset.ready = "1";
}

// A failed start says what to do (a blocked or missing WebAssembly file is the usual cause).
function showFailure(e) {
  const text = String(e && e.message || e);
  const box = $("failure");
  const wasm = /wasm|WebAssembly|fetch|Aborted/i.test(text);
  box.replaceChildren();
  const head = document.createElement("h2");
  head.textContent = wasm ? "The simulator could not load MicroPython (its WebAssembly file)" : "The simulator could not start";
  const what = document.createElement("p");
  what.textContent = wasm
    ? "The page needs /mpy/micropython.wasm from the server that serves it. Check that `companion sim` " +
      "(or `make sim`) is still running and answers, that nothing (an ad or script blocker, a proxy, a " +
      "browser policy) blocks .wasm files, and that the browser supports WebAssembly; then reload the page. " +
      "Your saved games stay in this browser."
    : "Reload the page. If it fails again, run `companion sim` afresh; your saved games stay in this browser.";
  const detail = document.createElement("p");
  detail.className = "detail";
  detail.textContent = "The error: " + text;
  box.append(head, what, detail);
  box.hidden = false;
}

main().catch((e) => {
  showFailure(e);
  status("could not start the firmware: see the message under the board", true);
  document.body.dataset.ready = "error";
  console.error(e);
});

// for the browser tests and the curious: the page's view of the firmware
window.sim = {
  get mode() { return mode; },
  // every press handed to the firmware and taken by it (not just its run loop's clock ticking)
  idle: () => queue.length === 0 && held.size === 0 && !!glue && glue.buttons_idle(mode),
  log: () => currentLog(),
  hits: () => hits.slice(),
  text: () => glue && glue.text(mode),
  tones: () => tones.slice(), // the buzzer notes followed so far: [hz, duty]
};
