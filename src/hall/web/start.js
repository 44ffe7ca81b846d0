// The start page: who you are and your bankroll, the lobby of every game
// (tables, who plays, who watches, who is online), lobby chat, a private
// table opened by its invite, and a new table of any game from the game's
// setup form — the registry's own (served as /web/form/GAME, the same
// fields, choices and defaults as the terminal's form): create it, sit in
// the first seat, the computer in the seats not left open for people,
// then on to the table's page.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const INVITES = "cardgames.invites";
  let me = null;
  let names = {}; // game id → name
  let form = null; // the form of the game chosen: { game, setup, fields, bots, levels }
  let asked = 0; // the latest form asked for
  let creating = null; // { table, ai, open }

  $("join-command").textContent = "cardgames join ws://" + location.host + " --name YOURNAME";

  /** The invite codes of private tables this browser made, by table. */
  function invites() {
    try {
      return JSON.parse(localStorage.getItem(INVITES) || "{}") || {};
    } catch (e) {
      return {};
    }
  }

  function tableLink(table) {
    const code = invites()[table];
    return "/table/" + table + (code ? "?invite=" + encodeURIComponent(code) : "");
  }

  const hall = Hall.connect({
    welcome(w) {
      me = w.player;
      $("who").textContent = "You are " + me.name + ".";
      $("name").value = me.name;
      showBankroll(w.bankroll);
      $("start").dataset.ready = form ? "yes" : "lobby";
      hall.send({ type: "list" });
    },
    message(m) {
      if (m.type === "lobby") showLobby(m);
      else if (m.type === "table") created(m);
      else if (m.type === "bankroll") showBankroll(m.bankroll);
      else if (m.type === "chat" && (m.table === null || m.table === undefined)) chatLine(m);
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

  function showBankroll(chips) {
    $("bankroll").textContent = String(chips);
    $("bankroll-line").hidden = false;
  }

  function cell(row, text) {
    const td = document.createElement("td");
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function showLobby(lobby) {
    const games = lobby.games || [];
    if ($("game").options.length === 0 && games.length > 0) {
      for (const g of games) $("game").add(new Option(g.name, g.id));
      loadForm(games[0].id);
    }
    names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    $("online").textContent = "· " + lobby.online + (lobby.online === 1 ? " connection" : " connections") + " online";
    const rows = $("table-rows");
    rows.replaceChildren();
    const tables = lobby.tables || [];
    $("no-tables").hidden = tables.length > 0;
    $("table-list").hidden = tables.length === 0;
    for (const t of tables) {
      const tr = document.createElement("tr");
      tr.dataset.table = t.table;
      tr.dataset.game = t.game;
      cell(tr, String(t.table));
      const about = cell(tr, names[t.game] || t.game);
      const small = document.createElement("small");
      small.textContent = t.about + (t.private ? " · private" : "");
      about.append(document.createElement("br"), small);
      const players = t.players.map((p, seat) => seat + 1 + ": " + (p === null ? "(empty)" : p)).join(", ");
      cell(tr, players);
      cell(tr, String(t.watching));
      const open = document.createElement("a");
      open.href = tableLink(t.table);
      open.className = "button-link";
      open.textContent = t.players.includes(null) ? "Sit or watch" : t.playing ? "Watch" : "Open";
      cell(tr, "").appendChild(open);
      rows.appendChild(tr);
    }
  }

  /** Asks for the game's form: the default, or `setup` with option `key` set to `choice`. */
  async function loadForm(game, setup, key, choice) {
    const ticket = ++asked;
    const q = new URLSearchParams();
    if (setup !== undefined) q.set("setup", JSON.stringify(setup));
    if (key !== undefined) {
      q.set("key", key);
      q.set("choice", String(choice));
    }
    let got;
    try {
      const r = await fetch("/web/form/" + encodeURIComponent(game) + "?" + q.toString());
      const text = await r.text();
      if (!r.ok) throw new Error(text);
      got = JSON.parse(text);
    } catch (e) {
      if (ticket === asked) $("error").textContent = e.message;
      return;
    }
    if (ticket !== asked) return;
    $("error").textContent = "";
    const same = form && form.game === got.game;
    form = got;
    showForm(same);
  }

  function showForm(sameGame) {
    const box = $("fields");
    const focused = document.activeElement && document.activeElement.id;
    box.replaceChildren();
    for (const f of form.fields) {
      const p = document.createElement("p");
      const label = document.createElement("label");
      label.htmlFor = "field-" + f.key;
      label.textContent = f.label;
      const select = document.createElement("select");
      select.id = "field-" + f.key;
      select.dataset.key = f.key;
      f.choices.forEach((c, i) => select.add(new Option(c, String(i), i === f.selected, i === f.selected)));
      select.addEventListener("change", () => loadForm(form.game, form.setup, f.key, Number(select.value)));
      p.append(label, select);
      box.appendChild(p);
    }
    if (focused && $(focused)) $(focused).focus();
    if (!sameGame) {
      const ai = $("ai");
      ai.replaceChildren();
      for (const bot of [...new Set([...form.levels, ...form.bots])]) ai.add(new Option(bot, bot));
      ai.value = form.levels[1] || form.levels[0];
    }
    // Seats left for people: as many as the table has besides yours.
    const open = $("open");
    const keep = Number(open.value);
    open.replaceChildren();
    for (let n = 0; n < form.seats; n++) {
      open.add(new Option(n === 0 ? "none: the computer plays the others" : String(n), String(n)));
    }
    open.value = String(Math.min(keep, form.seats - 1));
    $("create").dataset.game = form.game;
    $("create-button").disabled = !me || creating !== null;
    if (me) $("start").dataset.ready = "yes";
  }

  $("game").addEventListener("change", () => loadForm($("game").value));

  $("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    if (name && (!me || name !== me.name)) {
      $("who").textContent = "Logging in as " + name + "…";
      hall.rename(name);
    }
  });

  $("invite-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("invite").value.trim();
    const m = /(\d+)(?:\/|\?invite=|\s+)([A-Za-z0-9]+)\s*$/.exec(text);
    if (!m) {
      $("error").textContent = text + " is no invite: the table's link, or its number, a slash and its code (4/baf9351d).";
      return;
    }
    location.href = "/table/" + m[1] + "?invite=" + encodeURIComponent(m[2]);
  });

  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!form || creating) return;
    $("error").textContent = "";
    creating = { table: null, ai: $("ai").value, open: Number($("open").value) };
    $("create-button").disabled = true;
    hall.send({
      type: "create",
      game: form.game,
      setup: form.setup,
      seconds: Number($("seconds").value),
      private: $("private").checked,
    });
  });

  // The new table's state: sit down, fill the computer's seats, and go to
  // its page once they are taken.
  function created(t) {
    if (!creating || !t.owner) return;
    if (creating.table === null) {
      creating.table = t.table;
      if (t.invite) {
        const all = invites();
        all[t.table] = t.invite;
        localStorage.setItem(INVITES, JSON.stringify(all));
      }
      creating.open = Math.min(creating.open, t.seats.length - 1);
      hall.send({ type: "sit", table: t.table, seat: 0 });
      for (let seat = 1 + creating.open; seat < t.seats.length; seat++) {
        hall.send({ type: "add_bot", table: t.table, seat, bot: creating.ai });
      }
    }
    if (t.table !== creating.table) return;
    const bots = t.seats.filter((s) => s.kind === "bot").length;
    if (t.you === 0 && bots === t.seats.length - 1 - creating.open) {
      location.href = tableLink(t.table);
    }
  }

  function chatLine(m) {
    const list = $("chat");
    const li = document.createElement("li");
    const from = document.createElement("b");
    from.textContent = m.from + ": ";
    li.append(from, m.text);
    list.appendChild(li);
    while (list.children.length > 200) list.firstElementChild.remove();
    list.scrollTop = list.scrollHeight;
  }

  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (text) hall.send({ type: "chat", text });
    $("chat-text").value = "";
  });
})();
