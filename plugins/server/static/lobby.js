// A club's lobby: its games, free seats (taken with the join code), whose turn, results,
// and a form creating a game of the club (seats: me, open for another member, or a bot).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const club = decodeURIComponent(location.pathname.split("/").pop());
  const code = new URLSearchParams(location.hash.slice(1)).get("code") || "";
  const headers = { Authorization: `Bearer ${code}` };
  const POLL_MS = 3000;  // the list follows other members' new games and taken seats

  function cell(text) {
    const td = document.createElement("td");
    td.textContent = text;
    return td;
  }

  async function take(game, side) {
    const answer = await fetch(`/api/games/${encodeURIComponent(game)}/seats/${encodeURIComponent(side)}`,
                               { method: "POST", headers });
    const data = await answer.json();
    if (!answer.ok) { notice(data.error); return; }
    location.href = data.url;
  }

  const SEATS = { me: "human", open: "open", "bot:greedy": "bot:greedy" };
  let sides = {};

  function notice(text) {
    $("notice").textContent = text;
    $("notice").hidden = false;
  }

  function showSeats() {
    const spans = (sides[$("scenario").value] || []).map((side, index) => {
      const choice = document.createElement("select");
      choice.dataset.seat = side;
      for (const label of Object.keys(SEATS)) choice.append(new Option(label, label));
      choice.value = index === 0 ? "me" : "open";
      const label = document.createElement("label");
      label.append(`${side} `, choice, " ");
      return label;
    });
    $("seats").replaceChildren(...spans);
  }

  async function create(event) {
    event.preventDefault();
    const choices = [...document.querySelectorAll("#seats select")];
    const mine = choices.filter((c) => c.value === "me").map((c) => c.dataset.seat);
    if (mine.length > 1) { notice("Choose “me” for one side at most."); return; }
    const seats = Object.fromEntries(choices.map((c) => [c.dataset.seat, SEATS[c.value]]));
    const answer = await fetch("/api/games", {
      method: "POST", headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ scenario: $("scenario").value, seats, club }) });
    const data = await answer.json();
    if (!answer.ok) { notice(data.error); return; }
    if (mine.length) { location.href = data.seats[mine[0]].url; return; }
    load();
  }

  async function form() {
    const answer = await fetch("/api/scenarios");
    if (!answer.ok) return;
    sides = (await answer.json()).scenarios;
    for (const name of Object.keys(sides)) $("scenario").append(new Option(name, name));
    $("scenario").onchange = showSeats;
    $("new-game").onsubmit = create;
    showSeats();
    $("new-game").hidden = false;
  }

  async function load() {
    const answer = await fetch(`/api/clubs/${encodeURIComponent(club)}/games`, { headers });
    const data = await answer.json();
    if (!answer.ok) {
      $("status").textContent = "This lobby link is wrong or has expired: " +
        `${data.error || answer.status}. Ask the club for its lobby link (…#code=JOIN-CODE).`;
      document.body.dataset.broken = "true";
      return;
    }
    $("status").textContent = `${data.games.length} game(s)`;
    const body = document.querySelector("#games tbody");
    body.replaceChildren();
    for (const game of data.games) {
      const row = document.createElement("tr");
      row.dataset.game = game.id;
      const seats = document.createElement("td");
      for (const [side, kind] of Object.entries(game.seats)) {
        const span = document.createElement("span");
        span.className = "seat";
        if (kind === "open") {
          const b = document.createElement("button");
          b.textContent = `take ${side}`;
          b.dataset.take = side;
          b.onclick = () => take(game.id, side);
          span.append(b);
        } else {
          span.textContent = `${side}: ${kind}`;
        }
        seats.append(span, " ");
      }
      const result = game.result ? (game.result.winner ? `${game.result.winner} won` : "draw") : "";
      row.append(cell(game.scenario), cell(game.ruleset), seats,
                 cell(game.to_act || "—"), cell(result));
      body.append(row);
    }
  }
  load().then(() => {
    if (document.body.dataset.broken) return;
    form();
    setInterval(() => load().catch(() => {}), POLL_MS);  // unreachable: keep the last list
  });
})();
