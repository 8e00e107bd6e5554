// A page opened with the settings of a seat that a live board holds (tests/test_remote_page.py):
// headless chromium opens URL and watches it for SECONDS, every 100 ms: the line under the
// game (window.remote.state().waiting), the shared log's length and whether its link is up.
// Prints {"said": the lines in the order shown, "n": the longest log, "linked": samples with
// the link up after it first gave way, "samples", "errors"}; closing the browser ends the page.
// Usage: node tests/browser/twin_driver.mjs URL SECONDS
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const [url, seconds] = [process.argv[2], +process.argv[3]];
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "twin-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const errors = [];
try {
  const page = context.pages()[0] || (await context.newPage());
  page.on("pageerror", (e) => errors.push(e.message));
  // (chromium's own note when a write meets a socket the broker has just closed: the broker takes the
  // connection from the page whenever the holder takes it back, as it should)
  const closed = /^WebSocket is already in CLOSING or CLOSED state/;
  page.on("console", (m) => { if (m.type() === "error" && !closed.test(m.text())) errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 60000 });
  const said = [];
  let n = 0, linked = 0, samples = 0, gaveWay = false;
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const s = await page.evaluate(() => ({ ...window.remote.state(), up: window.remote.connected() }));
    if (said[said.length - 1] !== s.waiting) said.push(s.waiting);
    gaveWay = gaveWay || s.waiting.endsWith("in use elsewhere");
    if (gaveWay) { samples += 1; linked += s.up ? 1 : 0; }
    n = Math.max(n, s.n);
    await page.waitForTimeout(100);
  }
  process.stdout.write(JSON.stringify({ said, n, linked, samples, errors }));
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
