// Drives the browser simulator in Debian's headless chromium (playwright-core)
// and reports what the page shows; tests/test_sim_browser.py decides.
//
// Usage: node tests/browser/sim_driver.mjs URL < steps.json > observations.json
// Steps (JSON array), run in order:
//   {"press": "BARI-DUDA"}           click a board element (by its data-name)
//   {"press": "TURN", "long": true}  a control button (held 1 s when long)
//   {"key": "m"}                     a keyboard shortcut, pressed and released
//   {"observe": "label", "blink": true}  record every element and the display
//                                    (blink: sample the drawn colours for 1.1 s)
//   {"reload": true}                 reload the page (the game must come back)
//   {"goto": "?layout=rukuni"}       open the page for another board
//   {"fresh": "?layout=duell"}       the same with no saved games (localStorage cleared)
//   {"press": "bison mask 0"}        a player's secret key: open its cover, press, close
//   {"secret": "wolf"}               open or close a player's cover
//   {"history": 16} / {"live": true} the history slider / back to the game
//   {"continue": true}               continue the game from the history's event
//   {"load": "file.jsonl"}           load a game log to continue it
//   {"download": true}               download the log; its text is observed ("#archive a": that link's file)
//   {"screenshot": "path.png", "lit": "0,-4"}  (lit: when that element is on)
//   {"focus": "ALOA"}                give a board element (or a control) the keyboard focus (then {"key": "Enter"})
//   {"wait": 600}                    let the page run (e.g. a tone play out)
//   {"viewport": [390, 844]}         resize the page (a phone)
//   {"measure": "label"}             page width, where the display and the board are, touch targets
//   {"axe": "label"}                 run axe-core (node_modules) on the page; its violations
//   {"click": "#solo"}               click a page button (by CSS selector)
//   {"hand": "white"}                open or close a player's hand panel (Kahuna's cards)
//   {"taps": "label"}                tap the middle of every board element (SIM_TOUCH=1: a touch
//                                    screen); observed: {element: the element the page pressed}
//   {"keyonly": "ArrowRight"}        press a key that does not reach the firmware (e.g. move the focus)
//   {"mockws": "ws://127.0.0.1:9/"}  WebSockets to that address reach nothing (no broker, no error)
//   {"script": "JS"}                 run an expression in the page; observed under its own text: {"value"}
//   {"navigate": "#play-here"}       click a page button that reloads the page; wait until it runs again
//   {"clickonly": "#new-game"}       click a page button and let the page run (no firmware change awaited)
//   {"dialogs": "dismiss"}           answer the page's questions (confirm) with Cancel ("accept": OK, the default)
//   {"loadbad": "file.jsonl"}        load a log the page should refuse (the game must stay)
//   {"failed": "?layout=kahuna", "block": "**/*.wasm"}  open the page with those requests failing; observed
//   {"tab": 1, "open": "?layout=kahuna"}  the steps after it go to another tab of the same browser (the
//                                    same localStorage), opened at that address the first time; {"tab": 0}: back
// Observations also carry every element's accessible name, the side panel's
// text and the buzzer notes the page followed (window.sim.tones()).
// Output: {"observations": [...], "errors": [...page errors...]}
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const url = process.argv[2];
const steps = JSON.parse(fs.readFileSync(0, "utf8"));
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "sim-chromium-"));

const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  viewport: { width: 1280, height: 860 },
  acceptDownloads: true,
  ...(process.env.SIM_TOUCH === "1" ? { hasTouch: true, isMobile: true } : {}),
  ...(process.env.SIM_LOCALE ? { locale: process.env.SIM_LOCALE } : {}), // the browser's language
  // no internet here: keep chromium from trying to phone home
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const errors = [];
const offsite = [];
const dialogs = []; // the questions the page asked (window.confirm)
let answer = "accept";
let expectErrors = false; // a step that makes the page fail on purpose
function watch(p) {
  p.on("pageerror", (e) => errors.push(e.message));
  p.on("dialog", (d) => { dialogs.push(d.message()); answer === "accept" ? d.accept() : d.dismiss(); });
  p.on("console", (m) => { if (m.type() === "error" && !expectErrors) errors.push(m.text()); });
  p.on("request", (r) => { if (!r.url().startsWith(url) && !r.url().startsWith("blob:") && !r.url().startsWith("data:")) offsite.push(r.url()); });
  return p;
}
let page = watch(context.pages()[0] || (await context.newPage()));
const tabs = [page]; // {"tab": N}: the steps after it go to tab N of the same browser

async function load(go) {
  await go();
  await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 60000 });
  if ((await page.evaluate(() => document.body.dataset.ready)) !== "1")
    throw new Error("the page did not start: " + (await page.textContent("#status")));
}

// grows each time the page draws a change the firmware made
const version = () => page.evaluate(() => +(document.body.dataset.refreshes || -1));

async function settle(before) {
  // every press handed over, and the firmware has reacted (its version grew)
  await page.waitForFunction((v) => window.sim.idle() && +document.body.dataset.refreshes > v, before,
    { timeout: 10000 });
}

// A point where a real click lands on the element itself (islands cover the
// ends of connections, and one connection may pass under an island),
// scrolled into view first, as a user would (a button further down the page,
// such as Continue from here, leaves the board's top out of view).
async function spotOf(name) {
  const spot = await page.evaluate((name) => {
    const g = document.querySelector(`#board [data-name="${name}"]`);
    if (!g) return null;
    g.scrollIntoView({ block: "nearest", inline: "nearest" });
    const shape = g.querySelector(".base") || g.firstElementChild;
    const box = shape.getBoundingClientRect();
    const line = shape.tagName === "line";
    const pt = (t) => {
      if (!line) return [box.left + box.width * t, box.top + box.height * t];
      const m = shape.getScreenCTM();
      const x = +shape.getAttribute("x1") + (shape.getAttribute("x2") - shape.getAttribute("x1")) * t;
      const y = +shape.getAttribute("y1") + (shape.getAttribute("y2") - shape.getAttribute("y1")) * t;
      return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
    };
    for (const t of [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7]) {
      const [x, y] = pt(t);
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest(".el") === g) return [x, y];
    }
    return null;
  }, name);
  if (!spot) throw new Error("no clickable spot on " + name);
  return spot;
}

// A player's secret key (Duell's masks) sits on that player's covered panel:
// open the cover, press, close it again, as the player would.
async function pressSecret(key, step) {
  const panel = await key.evaluateHandle((b) => b.closest(".secret"));
  const toggle = await panel.$(".cover-toggle");
  const covered = () => panel.evaluate((p) => p.classList.contains("covered"));
  if (!(await covered())) throw new Error("the panel of " + step.press + " was left open");
  await toggle.click();
  await key.click({ delay: step.long ? 1000 : 0 });
  await toggle.click();
  if (!(await covered())) throw new Error("the panel of " + step.press + " did not close");
}

async function press(step) {
  const before = await version();
  const control = await page.$(`#controls button:text-is("${step.press}")`);
  const secret = await page.$(`#players [data-name="${step.press}"]`);
  if (control) {
    await control.click({ delay: step.long ? 1000 : 0 });
  } else if (secret) {
    await pressSecret(secret, step);
  } else {
    const [x, y] = await spotOf(step.press);
    await page.mouse.move(x, y);
    if (step.shift) await page.keyboard.down("Shift"); // (a sensing board: the other colour's stick)
    await page.mouse.down();
    if (step.long) await page.waitForTimeout(1000);
    await page.mouse.up();
    if (step.shift) await page.keyboard.up("Shift");
  }
  await settle(before);
}

// The middle of an element's drawing, on screen (a connection: its line's middle).
async function middleOf(name) {
  return page.evaluate((name) => {
    const g = document.querySelector(`#board [data-name="${name}"]`);
    g.scrollIntoView({ block: "center" });
    const shape = g.querySelector(".base");
    const m = shape.getScreenCTM();
    let x, y;
    if (shape.tagName === "line") {
      x = (+shape.getAttribute("x1") + +shape.getAttribute("x2")) / 2;
      y = (+shape.getAttribute("y1") + +shape.getAttribute("y2")) / 2;
    } else {
      const b = shape.getBBox();
      x = b.x + b.width / 2;
      y = b.y + b.height / 2;
    }
    return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  }, name);
}

async function taps(step) {
  const names = await page.evaluate(() => [...document.querySelectorAll("#board .el[role=button]")].map((g) => g.dataset.name));
  const out = {};
  for (const name of names) {
    const [x, y] = await middleOf(name);
    const before = (await page.evaluate(() => window.sim.hits().length));
    if (process.env.SIM_TOUCH === "1") await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    await page.waitForFunction(() => window.sim.idle(), null, { timeout: 10000 });
    const hits = await page.evaluate(() => window.sim.hits());
    out[name] = hits.length > before ? hits[hits.length - 1] : null;
  }
  return { label: step.taps, hits: out };
}

async function measure(step) {
  await page.waitForTimeout(300); // the layout settles
  return page.evaluate((label) => {
    const rect = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
    const targets = {}; // each board element's hit area on screen, in CSS px (its smaller side)
    for (const g of document.querySelectorAll("#board .el[role=button]")) {
      const hit = g.querySelector(".hit");
      if (!hit) continue;
      const m = hit.getScreenCTM();
      const scale = Math.hypot(m.a, m.b);
      const size = hit.tagName === "line" ? parseFloat(getComputedStyle(hit).strokeWidth) : 2 * +hit.getAttribute("r");
      targets[g.dataset.name] = size * scale;
    }
    const controls = [...document.querySelectorAll("#controls button")].map((b) => b.getBoundingClientRect().height);
    return { label, width: window.innerWidth, height: window.innerHeight, scrollWidth: document.documentElement.scrollWidth,
      scrollY: window.scrollY, display: rect(document.getElementById("display")), board: rect(document.getElementById("board")),
      targets, controls };
  }, step.measure);
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
async function axe(step) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  });
  return { label: step.axe, violations: result };
}

async function key(step) {
  const before = await version();
  await page.keyboard.press(step.key);
  await settle(before);
}

async function observe(step) {
  const sample = () => page.evaluate(() => {
    const out = {};
    for (const g of document.querySelectorAll("#board .el[data-led]")) out[g.dataset.name] = g.dataset.rgb || "";
    return out;
  });
  const samples = {};
  if (step.blink) {
    const end = Date.now() + 1100;
    while (Date.now() < end) {
      const s = await sample();
      for (const [n, rgb] of Object.entries(s)) (samples[n] ||= new Set()).add(rgb);
      await page.waitForTimeout(25);
    }
  }
  return page.evaluate(({ label, samples }) => {
    const drawn = (light) => { // the colour the light is painted in, null if hidden
      const cs = getComputedStyle(light);
      return cs.display === "none" ? null : (light.tagName === "line" ? cs.stroke : cs.fill);
    };
    const elements = {};
    for (const g of document.querySelectorAll("#board .el[data-led]")) {
      elements[g.dataset.name] = {
        colour: +g.dataset.colour, effect: +g.dataset.effect, rgb: g.dataset.rgb,
        seen: samples[g.dataset.name] || null,
        drawn: drawn(g.querySelector(".light")),
        todo: g.dataset.todo || "", // the to-do mark (sim/todo.js) and its label
        label: (document.querySelector(`#board text.todo[data-for="${g.dataset.name}"]`) || {}).textContent || "",
      };
    }
    const canvas = document.getElementById("display");
    const px = canvas.getContext("2d").getImageData(0, 0, 128, 64).data;
    const bands = [];
    for (let row = 0; row < 8; row++) {
      let lit = 0;
      for (let y = row * 8; y < row * 8 + 8; y++)
        for (let x = 0; x < 128; x++) lit += px[(y * 128 + x) * 4 + 1] > 100 ? 1 : 0;
      bands.push(lit);
    }
    const archived = [...document.querySelectorAll("#archive a")].map((a) => a.textContent);
    const text = (id) => { const el = document.getElementById(id); return el && !el.hidden ? el.textContent : ""; };
    const items = (id) => [...document.querySelectorAll(`#${id} li`)].filter((li) => !li.closest("[hidden]")).map((li) => li.textContent);
    const page = { elsewhere: text("elsewhere"), todo: items("todo"), result: items("result"), menu: items("menu"), confirmed: text("confirmed"), check: text("check"),
      device: text("device-move"), cards: text("cards"), announce: text("announce"), filesNote: text("files-note"),
      turnKey: document.getElementById("key-turn")?.getAttribute("aria-label") || "", display: canvas.getAttribute("aria-label"),
      focus: document.activeElement?.dataset?.name || document.activeElement?.id || "",
      tabStops: [...document.querySelectorAll("#board [tabindex='0']")].length,
      todoMarks: Object.fromEntries([...document.querySelectorAll("#board text.todo")].map((t) => [t.dataset.for, t.textContent])),
      todoNote: [...document.querySelectorAll("#todo-box p")].filter((p) => !p.closest("[hidden]")).map((p) => p.textContent).join(" "),
      message: { news: document.getElementById("message").classList.contains("news"),
        colour: getComputedStyle(document.getElementById("message")).color },
      chosenCard: [...document.querySelectorAll("#board [data-card=chosen]")].map((g) => g.dataset.name),
      cardTag: document.querySelector("#board text.card-tag")?.dataset.for || "" };
    const panels = {}; // each player's secret keys: covered?, and the keys one can see
    for (const p of document.querySelectorAll("#players .secret, #hands .secret")) {
      const visible = [...p.querySelectorAll("[data-name]")].filter((b) => b.getClientRects().length > 0);
      panels[p.dataset.player] = { covered: p.classList.contains("covered"), visible: visible.map((b) => b.dataset.name),
        keys: [...p.querySelectorAll("[data-name]")].map((b) => b.dataset.name) };
      const hand = p.querySelector(".hand"); // Kahuna's digital deck: a hand of cards
      if (hand) Object.assign(panels[p.dataset.player], { hand: hand.textContent, handShown: hand.getClientRects().length > 0 });
    }
    const names = {};
    for (const g of document.querySelectorAll("#board .el[role=button]")) names[g.dataset.name] = g.getAttribute("aria-label");
    const state = {};
    for (const id of ["turn", "score", "last", "message"]) state[id] = document.getElementById(id).textContent;
    state.legend = [...document.querySelectorAll("#legend li")].map((li) => li.textContent);
    state.moves = [...document.querySelectorAll("#moves li")].map((li) => li.textContent);
    state.game = document.getElementById("layout-select").selectedOptions[0]?.textContent;
    state.games = [...document.getElementById("layout-select").options].map((o) => o.textContent);
    return { label, elements, names, state, tones: window.sim.tones(), text: canvas.dataset.text, bands, mode: window.sim.mode, log: window.sim.log(), archived, panels,
      history: document.getElementById("history-label").textContent, page, lang: document.documentElement.lang,
      bodyText: document.body.innerText };
  }, { label: step.observe, samples: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, [...v]])) });
}

async function history(k) {
  await page.evaluate((k) => {
    const s = document.getElementById("history");
    s.value = k;
    s.dispatchEvent(new Event("input"));
  }, k);
  await page.waitForFunction(() => window.sim.mode === "replay" && window.sim.idle());
  await page.waitForTimeout(100);
}

const observations = [];
try {
  await load(() => page.goto(url));
  for (const step of steps) {
    if (step.press) await press(step);
    else if (step.click) { const before = await version(); await page.click(step.click); await settle(before); }
    else if (step.key) await key(step);
    else if (step.observe) observations.push(await observe(step));
    else if (step.reload) await load(() => page.reload());
    else if (step.focus) await page.focus((await page.$(`#controls button:text-is("${step.focus}")`))
      ? `#controls button:text-is("${step.focus}")` : `#board [data-name="${step.focus}"]`);
    else if (step.wait) await page.waitForTimeout(step.wait);
    else if (step.viewport) await page.setViewportSize({ width: step.viewport[0], height: step.viewport[1] });
    else if (step.measure) observations.push(await measure(step));
    else if (step.taps) observations.push(await taps(step));
    else if (step.keyonly) { await page.keyboard.press(step.keyonly); await page.waitForTimeout(50); }
    else if (step.dialogs) answer = step.dialogs;
    else if (step.mockws) await page.routeWebSocket(step.mockws, () => {}); // a broker that never answers
    else if (step.script) observations.push({ label: step.script, value: await page.evaluate(step.script) });
    else if (step.navigate) await load(() => Promise.all([page.waitForNavigation(), page.click(step.navigate)]));
    else if (step.clickonly) { await page.click(step.clickonly); await page.waitForTimeout(300); }
    else if (step.loadbad) {
      await page.setInputFiles("#load", step.loadbad);
      await page.waitForFunction(() => !document.getElementById("files-note").hidden && document.getElementById("files-note").textContent);
    } else if (step.failed) {
      expectErrors = true;
      await page.route(step.block, (r) => r.abort());
      await page.goto(new URL(step.failed, url).href);
      await page.waitForFunction(() => document.body.dataset.ready === "error", null, { timeout: 60000 });
      observations.push(await page.evaluate((label) => ({ label, status: document.getElementById("status").textContent,
        failure: document.getElementById("failure").hidden ? "" : document.getElementById("failure").innerText }), step.failed));
    }
    else if (step.axe) observations.push(await axe(step));
    else if (step.tab !== undefined) {
      if (tabs[step.tab]) await (page = tabs[step.tab]).bringToFront();
      else {
        page = tabs[step.tab] = watch(await context.newPage());
        await load(() => page.goto(new URL(step.open || "", url).href));
      }
    }
    else if (step.goto) await load(() => page.goto(new URL(step.goto, url).href));
    else if (step.fresh) { // the page for a board, with no saved games (a fresh browser)
      await page.route("**/favicon.ico", (r) => r.fulfill({ status: 204 })); // asked for by a JSON page
      await page.goto(new URL("/manifest.json", url).href);
      await page.evaluate(() => localStorage.clear());
      await load(() => page.goto(new URL(step.fresh, url).href));
    }
    else if (step.hand) { // open or close a player's hand of cards (Kahuna's digital deck)
      await page.click(`#hand-${step.hand} .cover-toggle`);
    }
    else if (step.secret) { // open or close a player's cover
      await page.click(`#panel-${step.secret} .cover-toggle`);
    }
    else if (step.history !== undefined) await history(step.history);
    else if (step.live || step.continue) {
      const before = await version();
      await page.click(step.live ? "#live" : "#continue");
      await page.waitForFunction((v) => window.sim.mode === "live" && +document.body.dataset.refreshes > v, before);
    } else if (step.load) {
      const before = await version();
      await page.setInputFiles("#load", step.load);
      await page.waitForFunction((v) => window.sim.mode === "live" && +document.body.dataset.refreshes > v, before);
    }
    else if (step.review) { // the end's "Review this game": the review opens in a new tab
      const offered = await page.isVisible("#review-form");
      let review = null;
      if (offered) {
        const [tab] = await Promise.all([context.waitForEvent("page"), page.click("#review-form button")]);
        await tab.waitForLoadState();
        review = await tab.evaluate(() => ({ title: document.title, h1: document.querySelector("h1").textContent,
          rows: [...document.querySelectorAll("ol.moves li")].map((r) => [r.textContent, r.className]),
          decisive: document.querySelectorAll("section.decisive svg").length,
          boards: document.querySelectorAll("#board svg").length }));
        await tab.close();
      }
      observations.push({ label: step.review, offered, review });
    }
    else if (step.download) {
      const [dl] = await Promise.all([page.waitForEvent("download"), page.click(step.download === true ? "#download" : step.download)]);
      observations.push({ label: "download", name: dl.suggestedFilename(), text: fs.readFileSync(await dl.path(), "utf8") });
    } else if (step.screenshot) {
      fs.mkdirSync(path.dirname(step.screenshot), { recursive: true });
      if (step.lit) // a blinking element: wait for its "on" phase
        await page.waitForFunction((n) => (document.querySelector(`#board [data-name="${n}"]`).dataset.rgb || "0,0,0") !== "0,0,0", step.lit);
      await page.screenshot({ path: step.screenshot });
    } else throw new Error("unknown step " + JSON.stringify(step));
  }
} catch (e) {
  errors.push("driver: " + (e.stack || e.message));
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
if (offsite.length) errors.push("requests to other hosts: " + offsite.join(", "));
process.stdout.write(JSON.stringify({ observations, errors, dialogs }));
