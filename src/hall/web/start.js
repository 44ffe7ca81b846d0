// The start page: who you are, the Dice of Doom tables of the lobby, and
// a new table (create it, sit in seat a, the computer in the seats not
// left open for people), then on to the table's page.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const letter = (seat) => String.fromCharCode(97 + seat);
  let me = null;
  let creating = null; // { table, ai, open, players, asked }

  $("join-command").textContent =
    "cardgames join ws://" + location.host + " --name YOURNAME";

  const hall = Hall.connect({
    welcome(w) {
      me = w.player;
      $("who").textContent = "You are " + me.name + ".";
      $("name").value = me.name;
      $("create-button").disabled = false;
      $("start").dataset.ready = "yes";
      hall.send({ type: "list" });
    },
    message(m) {
      if (m.type === "lobby") showLobby(m);
      else if (m.type === "table") created(m);
      else if (m.type === "error") {
        $("error").textContent = m.message;
        if (creating) {
          creating = null;
          $("create-button").disabled = false;
        }
      }
    },
    status(text) {
      $("who").textContent = text;
    },
  });

  function cell(row, text) {
    const td = document.createElement("td");
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function showLobby(lobby) {
    const rows = $("table-rows");
    rows.replaceChildren();
    const doom = (lobby.tables || []).filter((t) => t.game === "doom");
    $("no-tables").hidden = doom.length > 0;
    $("table-list").hidden = doom.length === 0;
    for (const t of doom) {
      const tr = document.createElement("tr");
      tr.dataset.table = t.table;
      cell(tr, String(t.table));
      cell(tr, t.about);
      const players = t.players
        .map((p, seat) => letter(seat) + ": " + (p === null ? "(empty)" : p))
        .join(", ");
      cell(tr, players);
      cell(tr, String(t.watching));
      cell(tr, t.playing ? "playing" : "waiting for players");
      const open = document.createElement("a");
      open.href = "/doom/" + t.table;
      open.textContent = t.players.includes(null) ? "Open (a seat is free)" : "Watch";
      cell(tr, "").appendChild(open);
      rows.appendChild(tr);
    }
  }

  $("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (name && (!me || name !== me.name)) {
      $("who").textContent = "Logging in as " + name + "…";
      hall.rename(name);
    }
  });

  // Changing the rules brings the book's dice with them (3 classic, 5 chance).
  $("rules").addEventListener("change", () => {
    $("max_dice").value = $("rules").value === "chance" ? "5" : "3";
  });

  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    $("error").textContent = "";
    const players = Number($("players").value);
    const open = Math.min(Number($("open").value), players - 1);
    creating = { table: null, ai: $("ai").value, open, players };
    $("create-button").disabled = true;
    hall.send({
      type: "create",
      game: "doom",
      setup: {
        size: Number($("size").value),
        players,
        max_dice: Number($("max_dice").value),
        rules: $("rules").value,
        boards: $("boards").value,
      },
      seconds: Number($("seconds").value),
    });
  });

  // The new table's state: sit down, fill the computer's seats, and go to
  // its page once they are taken.
  function created(t) {
    if (!creating || !t.owner) return;
    if (creating.table === null) {
      creating.table = t.table;
      hall.send({ type: "sit", table: t.table, seat: 0 });
      for (let seat = 1 + creating.open; seat < creating.players; seat++) {
        hall.send({ type: "add_bot", table: t.table, seat, bot: creating.ai });
      }
    }
    if (t.table !== creating.table) return;
    const bots = t.seats.filter((s) => s.kind === "bot").length;
    if (t.you === 0 && bots === creating.players - 1 - creating.open) {
      location.href = "/doom/" + t.table;
    }
  }
})();
