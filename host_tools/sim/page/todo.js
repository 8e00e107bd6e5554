// What the real board still lacks (the firmware's to-do), marked on the
// simulator's board so that a still picture shows it: the element's outline
// turns magenta and a label says "off" (take it off) or "on" (put it on).
// The codes come from glue.todo_marks: per LED 0, 1 off, 2 on, 3 both.
const SVG = "http://www.w3.org/2000/svg";
const WORDS = ["", "off", "on", "off+on"];

function centre(el) {
  if (el.tagName === "line") {
    const n = (a) => +el.getAttribute(a);
    return [(n("x1") + n("x2")) / 2, (n("y1") + n("y2")) / 2];
  }
  return [+el.getAttribute("cx"), +el.getAttribute("cy")];
}

export function drawTodo(elements, codes) {
  for (const e of elements) {
    if (e.led === undefined || e.led >= codes.length || !e.light || e.kind === "dot") continue;
    const word = WORDS[codes[e.led]] || "";
    if ((e.g.dataset.todo || "") === word) continue;
    let tag = e.g.querySelector(":scope > text.todo");
    if (!word) {
      delete e.g.dataset.todo;
      if (tag) tag.remove();
      continue;
    }
    e.g.dataset.todo = word;
    if (!tag) {
      tag = document.createElementNS(SVG, "text");
      tag.classList.add("todo");
      const [x, y] = centre(e.light);
      tag.setAttribute("x", x);
      tag.setAttribute("y", y - 15);
      e.g.appendChild(tag);
    }
    tag.textContent = word;
  }
}
