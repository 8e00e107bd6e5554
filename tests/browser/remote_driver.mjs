// The browser page as a remote board (host_tools/sim/page/remote.js) in Debian's
// headless chromium: it opens URL (with ?remote=...), and plays its colour
// through the page's own keyboard input until the shared log has TARGET lines:
// every to-do confirmed (focus the element, Enter), on its turn a free
// connection (focus, Enter), then T (TURN). Prints {"log", "state", "errors"}.
// With URL2 and SEAT2, a second tab of the same browser (the same localStorage)
// plays that seat too, and both tabs are reloaded once half-way; "logs" then
// has each tab's log; with SEAT2 = SEAT the first tab must stop at once ("first":
// what it shows) and the second plays. "controls": the first tab's history at event 1 (Continue
// from here off), Load log and Solo off, and New game clicked (no question; the
// firmware's refusal on the display). "urls": each tab's address at the end.
// CHROMIUM_SPKI: the base64 SHA-256 of a server certificate's public key, which
// chromium then trusts (a broker's TLS listener with the CA `companion broker` made).
// "messages": the first tab's messages as seen while playing (text, whether the page marks it as
// the other board's news, its colour), each text once, at most 40.
// Usage: node tests/browser/remote_driver.mjs URL SEAT TARGET [URL2 SEAT2]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const [url, seat, target, url2, seat2] = [process.argv[2], process.argv[3], +process.argv[4], process.argv[5],
  process.argv[6]];
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "remote-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
    ...(process.env.CHROMIUM_SPKI ? [`--ignore-certificate-errors-spki-list=${process.env.CHROMIUM_SPKI}`] : [])],
});
const errors = [];
let firstPage = null;
const ready = (page) => page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 60000 });
async function open(page, address) {
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(address);
  await ready(page);
  return page;
}

const messages = [];
async function play(page, seat) { // one move of this seat's, if it has one
  const shown = await page.evaluate(() => {
    const m = document.getElementById("message");
    return { text: m.textContent, news: m.classList.contains("news"), colour: getComputedStyle(m).color };
  });
  if (page === firstPage && shown.text && messages.length < 40 && !messages.some((m) => m.text === shown.text)) messages.push(shown);
  const state = await page.evaluate(() => window.remote.state());
  const idle = await page.evaluate(() => window.sim.idle());
  if (idle && state.n >= 1) {
    let name = state.todo[0];
    if (!name && state.active === seat) {
      name = state.last.by === seat && state.last.op === "place" ? "TURN" : state.free[0];
    }
    if (name === "TURN") await page.keyboard.press("t");
    else if (name) {
      await page.focus(`#board [data-name="${name}"]`);
      await page.keyboard.press("Enter");
    }
  }
  return state;
}

try {
  const tabs = [[firstPage = await open(context.pages()[0] || (await context.newPage()), url), seat]];
  if (url2) tabs.push([await open(await context.newPage(), url2), seat2]);
  let first = null; // the same seat opened again in a second tab: the first stops at once, the second plays
  if (url2 && seat2 === seat) {
    const [page] = tabs.shift();
    await page.waitForTimeout(300);
    first = await page.evaluate(() => ({ stopped: !document.getElementById("elsewhere").hidden,
      status: document.getElementById("status").textContent, linked: window.remote.connected() }));
  }
  const end = Date.now() + 90000;
  let state = {}, reloaded = !url2 || !!first;
  while (Date.now() < end) {
    const states = [];
    for (const [page, who] of tabs) states.push(await play(page, who));
    state = states[0];
    if (states.every((s) => s.n >= target)) break;
    if (!reloaded && states.every((s) => s.n >= target / 2)) { // each tab's power cut: it comes back from its save
      reloaded = true;
      for (const [page] of tabs) { await page.reload(); await ready(page); }
    }
    await tabs[0][0].waitForTimeout(120);
  }
  let logs = [];
  for (let k = 0; k < 20; k++) { // the last move reaches every tab
    await tabs[0][0].waitForTimeout(k ? 250 : 300);
    logs = [];
    for (const [page] of tabs) logs.push(await page.evaluate(() => window.sim.log()));
    if (logs.every((l) => l === logs[0])) break;
  }
  // the page's controls that would set the shared game aside are off; New game is the firmware's to refuse
  const page = tabs[0][0], dialogs = [];
  page.on("dialog", (d) => { dialogs.push(d.message()); d.accept(); });
  const controls = await page.evaluate(() => {
    const history = document.getElementById("history");
    history.value = 1;
    history.dispatchEvent(new Event("input"));
    const $ = (id) => document.getElementById(id);
    return { mode: window.sim.mode, continueOff: $("continue").disabled, loadOff: $("load").disabled,
      soloHidden: $("solo").hidden, note: $("remote-note").hidden ? "" : $("remote-note").textContent };
  });
  await page.click("#live");
  await page.click("#new-game");
  await page.waitForTimeout(300);
  Object.assign(controls, { dialogs, text: await page.evaluate(() => window.sim.text()),
    log: await page.evaluate(() => window.sim.log()) });
  const urls = tabs.map(([p]) => p.url()); // (the password is taken out of the address)
  process.stdout.write(JSON.stringify({ log: logs[0], logs, state, errors, controls, first, urls, messages }));
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
