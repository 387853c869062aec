// A seat's (or the spectator's) game page: draws /api/games/ID/board, lists the selected
// unit's actions, sends the chosen one with the game's version, follows the live channel.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const gameId = decodeURIComponent(location.pathname.split("/").pop());
  const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  const SVG = "http://www.w3.org/2000/svg";
  let state = null;
  let selected = null;
  let proposed = null;
  let sending = null;  // the version a choice is on its way at: one choice per version
  let source = null;

  async function api(path, body) {
    const options = { headers: { Authorization: `Bearer ${token}` } };
    if (body !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const answer = await fetch(path, options);
    let data;
    try { data = await answer.json(); } catch { data = { error: `HTTP ${answer.status}` }; }
    return { ok: answer.ok, status: answer.status, data };
  }

  function fatal(title, text) {
    if (source) source.close();
    document.title = `Polemos — ${title}`;
    document.body.className = "message";
    const main = document.createElement("main");
    main.className = "message";
    main.id = "fatal";
    const h = document.createElement("h1");
    h.textContent = title;
    const p = document.createElement("p");
    p.textContent = text;
    main.append(h, p);
    document.body.replaceChildren(main);
  }

  function notice(text) {
    $("notice").textContent = text;
    $("notice").hidden = !text;
  }

  async function refresh() {
    if (!token) {
      fatal("No seat in this link", "This link carries no seat token (…#token=…): open the " +
            "whole link you were given.");
      return;
    }
    let answer;
    try {
      answer = await api(`/api/games/${encodeURIComponent(gameId)}/board`);
    } catch {
      connection("reconnecting…");  // the live channel retries and refreshes once it is back
      return;
    }
    if (!answer.ok) {
      if (answer.status === 403 || answer.status === 404) {
        fatal("This link leads to no seat", "The link is wrong or has expired " +
              `(${answer.data.error || answer.status}). Ask whoever made the game for a new one.`);
      } else {
        notice(answer.data.error || `the server answered ${answer.status}`);
      }
      return;
    }
    if (state && answer.data.version < state.version) return;  // an older answer, arrived late
    draw(answer.data);
  }

  function mine(unit) {
    return state.menu.find((group) => group.unit === unit);
  }

  function draw(data) {
    const changed = !state || state.version !== data.version;
    if (!changed && data.svg === state.svg) return;  // keep focus and selection as they are
    state = data;
    document.body.dataset.version = data.version;
    document.title = `Polemos — ${data.title}`;
    $("title").textContent = data.title;
    $("board").innerHTML = data.svg;
    const svg = $("board").querySelector("svg");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.addEventListener("click", clickTable);
    for (const piece of svg.querySelectorAll(".pieces .piece")) {
      const unit = piece.dataset.unit;
      if (!mine(unit)) continue;
      piece.classList.add("can-act");
      piece.setAttribute("tabindex", "0");
      piece.setAttribute("role", "button");
      piece.setAttribute("aria-label", `${unit}: list its actions`);
      piece.addEventListener("click", (event) => { event.stopPropagation(); select(unit); });
      piece.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); select(unit); }
      });
    }
    $("caption").textContent = data.caption;
    if (changed) { proposed = null; notice(""); }
    const units = data.menu.filter((group) => group.unit !== null);
    if (!units.some((group) => group.unit === selected)) {
      selected = units.length === 1 ? units[0].unit : null;
    }
    drawStatus();
    drawMenu();
    drawLog();
    if (data.over && source) { source.close(); source = null; }
  }

  function drawStatus() {
    let text;
    if (state.over) text = `Game over: ${state.result || "ended"}`;
    else if (state.you === null) text = `Watching: ${state.to_act} to act`;
    else if (state.you === state.to_act) text = `Your turn (${state.you})`;
    else if (state.sealed) text = `You are ${state.you}: your orders are sealed. Waiting for ` +
                `the other side (${state.to_act}) to choose theirs.`;
    else text = `You are ${state.you}. Waiting for ${state.to_act} to play.`;
    $("status").textContent = text;
    document.body.dataset.turn = state.over ? "over" : state.you === state.to_act ? "yours" : "waiting";
    const links = $("links");
    links.replaceChildren();
    if (state.over) {
      const a = document.createElement("a");
      a.id = "replay-link";
      a.href = `/replay/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}`;
      a.textContent = "Replay the game";
      links.append(a);
    }
  }

  function actionButton(line) {
    const button = document.createElement("button");
    button.className = "action";
    button.dataset.action = JSON.stringify(line.action);
    button.dataset.key = line.key;
    button.textContent = line.text;
    if (line.odds) {
      const odds = document.createElement("span");
      odds.className = "odds";
      odds.textContent = line.odds;
      button.append(odds);
    }
    button.onclick = () => choose(line.action);
    button.onmouseenter = button.onfocus = () => preview(line.action);
    button.onmouseleave = button.onblur = () => preview(null);
    return button;
  }

  function drawMenu() {
    const menu = $("menu");
    menu.replaceChildren();
    if (!state.menu.length) return;
    const units = state.menu.filter((group) => group.unit !== null);
    if (units.length) {
      const hint = document.createElement("h3");
      hint.textContent = "Your units that may act (click one here or on the table)";
      const pick = document.createElement("div");
      pick.className = "units";
      for (const group of units) {
        const b = document.createElement("button");
        b.className = "unit" + (group.unit === selected ? " selected" : "");
        b.dataset.unitButton = group.unit;
        b.textContent = `${group.key} ${group.unit}`;
        b.onclick = () => select(group.unit);
        pick.append(b);
      }
      menu.append(hint, pick);
    }
    if (proposed) {
      const h = document.createElement("h3");
      h.textContent = "to the clicked point";
      const line = actionButton({ key: "", action: proposed.action, text: proposed.text });
      line.classList.add("proposed");
      menu.append(h, line);
    }
    for (const group of state.menu) {
      if (group.unit !== null && group.unit !== selected) continue;
      const h = document.createElement("h3");
      h.textContent = group.unit === null ? "other actions" : `${group.unit} (${group.key})`;
      const list = document.createElement("div");
      list.className = "lines";
      list.dataset.group = group.unit || "";
      for (const line of group.lines) list.append(actionButton(line));
      menu.append(h, list);
    }
    for (const piece of document.querySelectorAll("#board .piece")) {
      piece.classList.toggle("selected", piece.dataset.unit === selected);
    }
    if (selected && state.points) {
      const form = document.createElement("form");
      form.id = "command";
      const input = document.createElement("input");
      input.name = "command";
      input.placeholder = `move ${selected} to X Y`;
      input.setAttribute("aria-label", "type a command");
      form.append(input);
      form.onsubmit = (event) => { event.preventDefault(); point({ text: input.value }); };
      menu.append(form);
    }
  }

  function drawLog() {
    const log = $("log");
    log.innerHTML = state.log.map((line) => `<div class="line">${line}</div>`).join("");
    log.scrollTop = log.scrollHeight;
  }

  function select(unit) {
    selected = unit;
    proposed = null;
    drawMenu();
    const first = document.querySelector("#menu .lines .action");
    if (first && document.activeElement && document.activeElement.closest("#board")) first.focus();
  }

  function piece(unit) {
    return document.querySelector(`#board .piece[data-unit="${CSS.escape(unit)}"]`);
  }

  function preview(action) {
    const svg = document.querySelector("#board svg");
    if (!svg) return;
    svg.querySelectorAll(".preview").forEach((el) => el.remove());
    if (!action || !action.unit || !piece(action.unit)) return;
    const k = parseFloat(svg.dataset.scale);
    const from = piece(action.unit).dataset;
    const args = action.args || {};
    let to = null;
    if (typeof args.x === "number" && typeof args.y === "number") to = [args.x, args.y];
    else if (typeof args.target === "string" && piece(args.target)) {
      to = [parseFloat(piece(args.target).dataset.x), parseFloat(piece(args.target).dataset.y)];
    }
    if (!to) return;
    const line = document.createElementNS(SVG, "line");
    line.setAttribute("class", "preview");
    line.setAttribute("x1", from.x * k);
    line.setAttribute("y1", from.y * k);
    line.setAttribute("x2", to[0] * k);
    line.setAttribute("y2", to[1] * k);
    svg.querySelector(".layers").append(line);
  }

  async function choose(action) {
    // Keyed by version, not a flag: the live channel may draw a newer state (and the player
    // choose on it) before this choice's own refresh comes back.
    const at = state.version;
    if (sending === at) return;
    sending = at;
    try {
      const answer = await api(`/api/games/${encodeURIComponent(gameId)}/actions`,
                               { action, version: state.version });
      await refresh();
      if (!answer.ok) notice(`Not played: ${answer.data.error || answer.status}`);
    } catch {
      notice("Not played: the server cannot be reached; reconnecting…");
    } finally {
      if (sending === at) sending = null;
    }
  }

  function clickTable(event) {
    if (!selected || !state.points) return;
    const svg = event.currentTarget;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const k = parseFloat(svg.dataset.scale);
    point({ unit: selected, x: p.x / k, y: p.y / k });
  }

  async function point(body) {
    let answer;
    try {
      answer = await api(`/api/games/${encodeURIComponent(gameId)}/point`, body);
    } catch {
      notice("the server cannot be reached; reconnecting…");
      return;
    }
    if (!answer.ok) { notice(answer.data.error || `the server answered ${answer.status}`); return; }
    if (answer.data.version !== state.version) { await refresh(); return; }
    notice("");
    proposed = answer.data;
    drawMenu();
  }

  function connection(text) {
    $("connection").textContent = text;
    document.body.dataset.connection = text.startsWith("live") ? "live" : "reconnecting";
  }

  function listen() {
    if (state && state.over) return;
    source = new EventSource(`/api/games/${encodeURIComponent(gameId)}/stream?token=` +
                             encodeURIComponent(token));
    source.addEventListener("version", (event) => {
      connection("live");
      const version = JSON.parse(event.data).version;
      if (!state || version !== state.version) refresh();
    });
    source.onopen = () => connection("live");
    source.onerror = () => {
      if (!source) return;
      if (state && state.over) { source.close(); source = null; return; }
      connection("reconnecting…");
      if (source.readyState === EventSource.CLOSED) {
        source = null;
        setTimeout(() => { if (!source) { refresh(); listen(); } }, 1000);
      }
    };
  }

  // For tests and outside tools: the page's state, without knowing its layout.
  window.polemosGame = { refresh, get state() { return state; }, get selected() { return selected; } };
  refresh().then(() => { if (state) listen(); });
})();
