// Opens a `companion review` page at phone width in Debian's headless chromium
// (playwright-core), taps moves, and reports what the page shows; tests/test_review.py decides.
//
// Usage: node tests/browser/review_driver.mjs PAGE.html [SCREENSHOT.png] > observations.json
import { chromium } from "playwright-core";

const [page_file, shot] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium" });
const errors = [];
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("file://" + page_file);
  const seen = await page.evaluate(() => ({
    headings: [...document.querySelectorAll("h2")].map((h) => h.textContent),
    decisive: [...document.querySelectorAll("section.decisive")].map((s) => ({
      text: s.querySelector("p").textContent, drawings: s.querySelectorAll("svg").length })),
    moves: document.querySelectorAll("ol.moves li").length,
    page_width: document.documentElement.scrollWidth,
    first_decisive_top: (document.querySelector("section.decisive") || document.body).getBoundingClientRect().top,
    graph_top: document.querySelector(".graph").getBoundingClientRect().top,
    lang: document.documentElement.lang,
    // every word a reader meets: the text, the drawings' and the graph's, the title and the labels
    text: [document.title, ...[...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")),
           ...(function walk() {
             const out = [], w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
             for (let n = w.nextNode(); n; n = w.nextNode())
               if (!n.parentElement.closest("script, style")) out.push(n.nodeValue);
             return out; })()].join("\n"),
  }));
  seen.taps = [];
  for (const k of [0, Math.floor(seen.moves / 2), seen.moves - 1]) {
    await page.click(`ol.moves li[data-k="${k}"]`);
    seen.taps.push(await page.evaluate((k) => {
      const b = document.getElementById("board");
      const sticks = [...b.querySelectorAll("polyline[id^=c]")].map((l) => l.getAttribute("stroke-width") === "8" ? 1 : 0);
      return { k, caption: document.getElementById("caption").textContent,
               on: document.querySelector("ol.moves li.on").dataset.k, sticks: sticks.reduce((a, b) => a + b, 0),
               stones: [...b.querySelectorAll("circle[id^=s]")].filter((c) => c.getAttribute("fill") !== "none").length };
    }, k));
  }
  if (shot) await page.screenshot({ path: shot, fullPage: false });
  seen.errors = errors;
  process.stdout.write(JSON.stringify(seen));
} finally {
  await browser.close();
}
