import { chromium } from "playwright-core";
const [url, out, ...keys] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const p = await b.newPage({ viewport: { width: 1280, height: 860 } });
p.on("console", m => { if (m.type()==="error") console.log("ERR", m.text()); });
await p.goto(url);
await p.waitForFunction(() => document.body.dataset.ready, null, { timeout: 60000 });
for (const k of keys) {
  if (k.startsWith("c:")) { const el = await p.$(`[data-name="${k.slice(2)}"]`); await el.click(); }
  else if (k.startsWith("L:")) { const el = await p.$(`[data-name="${k.slice(2)}"]`); await el.click({delay:1000}); }
  else if (k.startsWith("s:")) { await p.click(`#panel-${k.slice(2)} .cover-toggle`); }
  else await p.keyboard.press(k);
  await p.waitForTimeout(150); }
await p.waitForTimeout(500);
await p.screenshot({ path: out });
console.log(await p.evaluate(() => document.getElementById("display").dataset.text));
await b.close();
