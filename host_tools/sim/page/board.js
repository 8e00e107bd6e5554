// Draw a board layout (board_layouts/*.json) as SVG. Knows shapes, not rules:
// every layout entry with a "button" becomes a pressable element and every
// entry with an "led" gets a light the page colours from the LED bytes.
// Kinds: "islands" (islands + connections), "hex" (cells), "duel" (sites,
// stone pockets); any other list of entries with x/y is drawn as dots. An
// entry with a "player" and a "button" but no "led" is that player's secret
// key: the board only marks where it sits, the page puts it on the player's
// own panel.

const SVG = "http://www.w3.org/2000/svg";

function node(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

function label(g, text, x, y, cls) {
  // a name beside an element (cls: "name", "key") goes on a layer of its own,
  // outside the element's control: its accessible name is the firmware's
  const t = node("text", { x, y, "aria-hidden": "true" }, cls ? g.ownerSVGElement.querySelector(".labels") : g);
  if (cls) t.setAttribute("class", cls);
  t.textContent = text;
}

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 30); // pointy top
    pts.push((x + r * Math.cos(a)).toFixed(1) + "," + (y + r * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

// Returns { elements: [{name, kind, led, button, g, light}], secret: {player:
// [{name, player, button}]}, width, height }.
export function drawBoard(svg, layout) {
  svg.replaceChildren();
  const [w, h] = layout.size || [400, 330];
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  const layers = { low: node("g", {}, svg), high: node("g", {}, svg), labels: node("g", { class: "labels" }, svg) };
  const elements = [];
  const secret = {};
  // shape: where the element is, for the page's tap picking (sim.js pick):
  // {x, y, r} (a round or square piece, r its reach) or {x1, y1, x2, y2} (a connection)
  const add = (kind, name, entry, g, light, shape) => {
    g.classList.add("el", kind);
    g.dataset.name = name;
    if ("led" in entry) g.dataset.led = entry.led;
    if ("button" in entry) {
      // a control of its own: focusable, pressed with Enter/Space (sim.js);
      // its accessible name is the firmware's (App.describe), set by sim.js
      g.dataset.button = entry.button;
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", name);
    } else {
      g.style.cursor = "default";
      g.setAttribute("aria-hidden", "true");
    }
    if (light) light.classList.add("light", "off");
    elements.push({ name, kind, led: entry.led, button: entry.button, g, light, shape });
  };

  const islands = new Map((layout.islands || []).map((i) => [i.name, i]));
  for (const c of layout.connections || []) {
    const a = islands.get(c.a), b = islands.get(c.b);
    if (!a || !b) continue;
    const name = [c.a, c.b].sort().join("-");
    const g = node("g", {}, layers.low);
    const line = { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
    node("line", { ...line, class: "hit" }, g); // wider than the drawing (sim.css): a finger's target
    node("line", { ...line, class: "base" }, g);
    // the stick: a bar along the stretch between the two island circles
    const t0 = Math.min(0.4, 27 / Math.hypot(b.x - a.x, b.y - a.y)), t1 = 1 - t0;
    const light = node("line", {
      x1: a.x + (b.x - a.x) * t0, y1: a.y + (b.y - a.y) * t0,
      x2: a.x + (b.x - a.x) * t1, y2: a.y + (b.y - a.y) * t1 }, g);
    add("conn", name, c, g, light, line);
  }
  for (const i of layout.islands || []) {
    const g = node("g", {}, layers.high);
    node("circle", { cx: i.x, cy: i.y, r: 26, class: "hit" }, g);
    node("circle", { cx: i.x, cy: i.y, r: 22, class: "base" }, g);
    const light = node("circle", { cx: i.x, cy: i.y - 3, r: 11 }, g); // the stone
    label(g, i.name, i.x, i.y + 17);
    add("island", i.name, i, g, light, { x: i.x, y: i.y, r: 22 });
  }
  const r = layout.hex_radius || 20;
  for (const c of layout.cells || []) {
    const g = node("g", {}, layers.low);
    node("polygon", { points: hexPoints(c.x, c.y, r - 1), class: "base" }, g);
    const light = node("circle", { cx: c.x, cy: c.y, r: r * 0.55 }, g);
    label(g, c.name, c.x, c.y + r * 0.85, "name"); // the display names cells so ("tower 0,-4")
    add("cell", c.name, c, g, light, { x: c.x, y: c.y, r: r * 0.85 });
  }
  for (const s of layout.sites || []) {
    const g = node("g", {}, layers.low);
    node("rect", { x: s.x - 38, y: s.y - 38, width: 76, height: 76, rx: 8, class: "base" }, g);
    const light = node("circle", { cx: s.x, cy: s.y - 8, r: 12 }, g);
    label(g, s.name, s.key ? s.x - 17 : s.x, s.y - 24, "site-name");
    if (s.key) label(g, "key " + s.key, s.x + 17, s.y - 24, "key"); // the keypad digit the display asks for
    add("site", s.name, s, g, light, { x: s.x, y: s.y, r: 38 });
  }
  const drawn = new Set(["islands", "connections", "cells", "sites", "controls"]);
  for (const [key, list] of Object.entries(layout)) {
    if (drawn.has(key) || !Array.isArray(list)) continue;
    for (const e of list) {
      if (!e || typeof e !== "object" || !("x" in e) || !("y" in e)) continue;
      if (!("led" in e) && !("button" in e)) continue;
      const name = e.name || key;
      if (e.player && "button" in e && !("led" in e)) {
        // a player's secret key (Duell's hooded masks): pressed on that
        // player's own panel, not on the shared board
        const g = node("g", { class: "hood", "aria-hidden": "true" }, layers.low);
        node("rect", { x: e.x - 28, y: e.y - 14, width: 56, height: 28, rx: 6 }, g);
        label(g, "hood", e.x, e.y + 4);
        (secret[e.player] ||= []).push({ name, player: e.player, button: e.button });
        continue;
      }
      const g = node("g", {}, layers.high);
      if ("button" in e && !("led" in e)) {
        node("rect", { x: e.x - 28, y: e.y - 14, width: 56, height: 28, rx: 6, class: "base" }, g);
        label(g, (e.player ? e.player + " " : "") + name.split(" ").pop(), e.x, e.y + 4);
        add("mask", name, e, g, null, { x: e.x, y: e.y, r: 20 });
      } else {
        node("circle", { cx: e.x, cy: e.y, r: 10, class: "base" }, g);
        const light = node("circle", { cx: e.x, cy: e.y, r: 8 }, g);
        add("dot", name, e, g, light, { x: e.x, y: e.y, r: 10 });
      }
    }
  }
  return { elements, secret, width: w, height: h };
}

// How far a point (board units) is from an element's shape: below 0 inside a
// round piece, 0 on a connection's line. A connection's middle is nearer to it
// than to anything else; an island wins over the connections under it.
export function reach(shape, x, y) {
  if (!shape) return Infinity;
  if (shape.r !== undefined) return Math.hypot(x - shape.x, y - shape.y) - shape.r;
  const dx = shape.x2 - shape.x1, dy = shape.y2 - shape.y1;
  const t = Math.max(0, Math.min(1, ((x - shape.x1) * dx + (y - shape.y1) * dy) / (dx * dx + dy * dy)));
  const off = Math.hypot(x - shape.x1 - t * dx, y - shape.y1 - t * dy);
  return off + 0.01 * Math.abs(t - 0.5); // crossing lines: the one whose middle is nearer
}
