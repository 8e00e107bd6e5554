// What the real board still lacks (the firmware's to-do), marked on the
// simulator's board so that a still picture shows it: the element's outline
// turns magenta and a label says "off" (take it off) or "on" (put it on).
// The codes come from glue.todo_marks: per LED 0, 1 off, 2 on, 3 both.
// After an UNDO the to-do is the move taken back: the labels say "lift" and
// "put back" (the element's data-todo stays "off" / "on").
const SVG = "http://www.w3.org/2000/svg";
const WORDS = ["", "off", "on", "off+on"];
const UNDO_WORDS = ["", "lift", "put back", "lift+put back"];

function centre(el) {
  if (el.tagName === "line") {
    const n = (a) => +el.getAttribute(a);
    return [(n("x1") + n("x2")) / 2, (n("y1") + n("y2")) / 2];
  }
  return [+el.getAttribute("cx"), +el.getAttribute("cy")];
}

// The labels sit on a layer of their own, outside the elements' controls
// (an element's accessible name is the firmware's, which says it already).
function layer(svg) {
  let l = svg.querySelector(":scope > g.todo-marks");
  if (!l) {
    l = document.createElementNS(SVG, "g");
    l.setAttribute("class", "todo-marks");
    l.setAttribute("aria-hidden", "true");
    svg.appendChild(l);
  }
  return l;
}

export function drawTodo(elements, codes, undone = false) {
  for (const e of elements) {
    if (e.led === undefined || e.led >= codes.length || !e.light || e.kind === "dot") continue;
    const word = WORDS[codes[e.led]] || "";
    const label = (undone ? UNDO_WORDS : WORDS)[codes[e.led]] || "";
    if ((e.g.dataset.todo || "") === word && (!e.todoTag || e.todoTag.textContent === label)) continue;
    let tag = e.todoTag;
    if (!word) {
      delete e.g.dataset.todo;
      if (tag) tag.remove();
      e.todoTag = null;
      continue;
    }
    e.g.dataset.todo = word;
    if (!tag) {
      tag = e.todoTag = document.createElementNS(SVG, "text");
      tag.classList.add("todo");
      tag.dataset.for = e.g.dataset.name || "";
      const [x, y] = centre(e.light);
      tag.setAttribute("x", x);
      tag.setAttribute("y", y - 15);
      layer(e.g.ownerSVGElement).appendChild(tag);
    }
    tag.textContent = label;
  }
}
