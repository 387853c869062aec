// A club's lobby: its games, free seats (taken with the join code), whose turn, results.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const club = decodeURIComponent(location.pathname.split("/").pop());
  const code = new URLSearchParams(location.hash.slice(1)).get("code") || "";
  const headers = { Authorization: `Bearer ${code}` };

  function cell(text) {
    const td = document.createElement("td");
    td.textContent = text;
    return td;
  }

  async function take(game, side) {
    const answer = await fetch(`/api/games/${encodeURIComponent(game)}/seats/${encodeURIComponent(side)}`,
                               { method: "POST", headers });
    const data = await answer.json();
    if (!answer.ok) { $("notice").textContent = data.error; $("notice").hidden = false; return; }
    location.href = data.url;
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
  load();
})();
