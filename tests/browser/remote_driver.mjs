// The browser page as a remote board (host_tools/sim/page/remote.js) in Debian's
// headless chromium: it opens URL (with ?remote=...), and plays its colour
// through the page's own keyboard input until the shared log has TARGET lines:
// every to-do confirmed (focus the element, Enter), on its turn a free
// connection (focus, Enter), then T (TURN). Prints {"log", "state", "errors"}.
// Usage: node tests/browser/remote_driver.mjs URL SEAT TARGET
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const [url, seat, target] = [process.argv[2], process.argv[3], +process.argv[4]];
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "remote-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const errors = [];
const page = context.pages()[0] || (await context.newPage());
page.on("pageerror", (e) => errors.push(e.message));
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
try {
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 60000 });
  const end = Date.now() + 60000;
  let state = {};
  while (Date.now() < end) {
    state = await page.evaluate(() => window.remote.state());
    if (state.n >= target) break;
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
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(300);
  const log = await page.evaluate(() => window.sim.log());
  process.stdout.write(JSON.stringify({ log, state, errors }));
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
