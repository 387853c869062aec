// The HTML replay (page.py): shows one step's pre-rendered layers, its log and unit table;
// steps by buttons, slider, keys and the step list; zoom and pan by wheel, drag, buttons, keys.
"use strict";
(() => {
  const game = JSON.parse(document.getElementById("game-data").textContent);
  const last = game.frames.length - 1;
  const $ = (id) => document.getElementById(id);
  const slider = $("slider");
  const svg = document.querySelector("#board svg");
  const layers = svg.querySelector(".layers");
  const full = svg.viewBox.baseVal;
  const table = { x: full.x, y: full.y, w: full.width, h: full.height };
  let view = { ...table };
  let current = 0;

  // -- the step list, grouped under each change of caption (turn and ruleset) --------------
  const items = [];
  let group = null;
  game.titles.forEach((title, i) => {
    if (group === null || game.captions[i] !== game.captions[i - 1]) {
      const heading = document.createElement("h3");
      heading.textContent = game.captions[i];
      heading.title = `go to step ${i}`;
      heading.onclick = () => show(i);
      group = document.createElement("ol");
      $("steps").append(heading, group);
    }
    const item = document.createElement("li");
    item.dataset.step = i;
    item.title = title;
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = i;
    item.append(n, document.createTextNode(title));
    item.onclick = () => show(i);
    group.append(item);
    items.push(item);
  });

  // -- the units table: one row per unit that was ever on the table ------------------------
  const rows = {};
  const body = document.querySelector("#units tbody");
  for (const [unit, side] of game.units) {
    const row = document.createElement("tr");
    row.dataset.unit = unit;
    const name = document.createElement("td");
    const swatch = document.createElement("i");
    swatch.style.background = game.colours[side] || "#999";
    name.append(swatch, document.createTextNode(unit));
    name.title = side;
    row.append(name, document.createElement("td"));
    row.onclick = () => flash(unit);
    body.append(row);
    rows[unit] = row;
  }

  function flash(unit) {
    const piece = layers.querySelector(`.piece[data-unit="${CSS.escape(unit)}"]`);
    if (!piece) return;
    piece.classList.add("flash");
    setTimeout(() => piece.classList.remove("flash"), 1200);
  }

  function show(i) {
    i = Math.max(0, Math.min(last, i));
    current = i;
    slider.value = i;
    layers.innerHTML = game.frames[i];
    $("step").textContent = `step ${i} / ${last}`;
    $("caption").textContent = game.captions[i];
    $("log").innerHTML = game.logs[i].join("\n");
    const status = game.status[i];
    for (const [unit, row] of Object.entries(rows)) {
      const here = unit in status;
      row.classList.toggle("out", !here);
      row.classList.toggle("actor", unit === game.actors[i]);
      row.cells[1].textContent = here ? status[unit] : "out of play";
    }
    items.forEach((item, k) => item.classList.toggle("current", k === i));
    items[i].scrollIntoView({ block: "nearest" });
    history.replaceState(null, "", "#" + i);
  }

  // -- zoom and pan: the SVG's viewBox is the window onto the table -------------------------
  function setView(v) {
    const w = Math.max(table.w / 20, Math.min(table.w, v.w));
    const h = w * table.h / table.w;
    const x = Math.max(table.x - w / 2, Math.min(table.x + table.w - w / 2, v.x));
    const y = Math.max(table.y - h / 2, Math.min(table.y + table.h - h / 2, v.y));
    view = { x, y, w, h };
    svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  }
  function zoom(factor, cx = view.x + view.w / 2, cy = view.y + view.h / 2) {
    const w = Math.max(table.w / 20, Math.min(table.w, view.w / factor));
    const ratio = w / view.w;
    setView({ x: cx - (cx - view.x) * ratio, y: cy - (cy - view.y) * ratio, w });
  }
  function pan(dx, dy) { setView({ x: view.x + dx * view.w, y: view.y + dy * view.h, w: view.w }); }
  function toTable(event) {
    const box = svg.getBoundingClientRect();
    return [view.x + (event.clientX - box.left) * view.w / box.width,
            view.y + (event.clientY - box.top) * view.h / box.height];
  }
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const [cx, cy] = toTable(event);
    zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2, cx, cy);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, y: event.clientY, view: { ...view } };
    svg.setPointerCapture(event.pointerId);
    $("board").classList.add("dragging");
  });
  svg.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const box = svg.getBoundingClientRect();
    setView({ x: drag.view.x - (event.clientX - drag.x) * view.w / box.width,
              y: drag.view.y - (event.clientY - drag.y) * view.h / box.height, w: view.w });
  });
  const stop = () => { drag = null; $("board").classList.remove("dragging"); };
  svg.addEventListener("pointerup", stop);
  svg.addEventListener("pointercancel", stop);

  $("zoom-in").onclick = () => zoom(1.5);
  $("zoom-out").onclick = () => zoom(1 / 1.5);
  $("zoom-fit").onclick = () => setView(table);
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(current - 1);
  $("next").onclick = () => show(current + 1);
  $("last").onclick = () => show(last);
  slider.oninput = () => show(+slider.value);
  const keys = {
    ArrowLeft: () => show(current - 1), ArrowRight: () => show(current + 1),
    Home: () => show(0), End: () => show(last),
    "+": () => zoom(1.5), "=": () => zoom(1.5), "-": () => zoom(1 / 1.5), "0": () => setView(table),
    w: () => pan(0, -0.2), s: () => pan(0, 0.2), a: () => pan(-0.2, 0), d: () => pan(0.2, 0),
  };
  document.addEventListener("keydown", (event) => {
    const act = keys[event.key];
    if (!act || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target === slider && event.key.startsWith("Arrow")) return;
    event.preventDefault();
    act();
  });

  // The board, its view and the current step, for tests and the web board's scripts.
  window.polemosReplay = { show, zoom, setView, get step() { return current; },
                           get view() { return { ...view }; } };
  show(parseInt(location.hash.slice(1), 10) || 0);
})();
