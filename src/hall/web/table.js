// A Dice of Doom table's page: the board drawn by the hall (the engine's
// SVG, /doom/board.svg) with the hexes you may click marked; click a hex
// to attack from, then a hex to attack, as the book's game.html?chosen=N
// did; the players, the log, the winner. Every move by someone else stays
// on the board a moment, so the computer's moves are seen one by one.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const main = $("table");
  const TABLE = Number(main.dataset.table);
  const INVITE = main.dataset.invite || undefined;
  /** Milliseconds a move by someone else stays on the board. */
  const PACE = 700;
  const COLOURS = ["red", "blue", "green", "purple"];
  const AIS = ["book", "strong", "greedy", "random", "oracle"];
  const letter = (seat) => String.fromCharCode(97 + seat);

  const queue = []; // table states and notes, in the order they came
  let pumping = false;
  let shown = null; // the table state on the board
  let chosen = null; // the hex chosen to attack from
  let sent = false; // an action sent, its answer not yet come
  let ticket = 0; // the latest drawing of the board asked for
  let game = null; // the game on the board: { positions, scores }
  // For tests and the curious: every position drawn ("board|player"), and
  // each game seen to its end on this page.
  window.doomShown = [];
  window.doomGames = [];

  const hall = Hall.connect({
    welcome() {
      hall.send({ type: "watch", table: TABLE, invite: INVITE });
    },
    message(m) {
      if ((m.type === "table" || m.type === "notes") && m.table === TABLE) {
        m.at = performance.now();
        queue.push(m);
        pump();
      } else if (m.type === "error") {
        failed(m);
      } else if (m.type === "left" && m.table === TABLE) {
        $("prompt").textContent = "You no longer watch this table.";
      }
    },
    status(text) {
      $("prompt").textContent = text;
    },
  });

  const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
  const key = (m) => (m && m.view && m.view.position ? m.view.position.board + "|" + m.view.position.player : "");

  function myTurn(m) {
    return Boolean(
      m && m.stage && m.stage.stage === "turn" && m.you !== null && m.stage.seat === m.you && (m.legal || []).length > 0,
    );
  }

  /** The attacks in `m.legal`, as [from, to]. */
  function attacks(m) {
    return (m.legal || [])
      .filter((a) => typeof a === "string" && a.includes("->"))
      .map((a) => a.split("->").map(Number));
  }

  /** The hexes to click now: where to attack from, or with a hex chosen, what it may attack. */
  function legalHexes(m) {
    if (!myTurn(m) || sent) return [];
    const all = attacks(m);
    if (chosen === null) return [...new Set(all.map(([from]) => from))];
    return all.filter(([from]) => from === chosen).map(([, to]) => to);
  }

  function name(seat) {
    const s = shown && shown.seats[seat];
    return (s && s.name ? s.name : "seat " + letter(seat)) + " (" + letter(seat) + ")";
  }

  // Shows what came, in order; a move by someone else stays PACE ms.
  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const m = queue.shift();
        if (m.type === "notes") {
          logNotes(m);
          continue;
        }
        const before = shown;
        const moved = before !== null && key(before) !== "" && key(before) !== key(m);
        await show(m);
        if (moved && !myTurn(before)) await sleep(PACE);
      }
    } finally {
      pumping = false;
    }
  }

  async function show(m) {
    const changed = key(shown) !== key(m);
    if (changed) {
      chosen = null;
      sent = false;
    }
    shown = m;
    if (changed && key(m) !== "") remember(m);
    showSeats(m);
    showControls(m);
    await drawBoard();
    main.dataset.turn = turnWord(m);
    if (m.stage && m.stage.stage === "deal_over" && game) {
      window.doomGames.push({
        positions: game.positions,
        scores: game.scores,
        winners: $("result").dataset.winners || "",
        result: $("result").textContent,
      });
      game = null;
      main.dataset.ended = String(window.doomGames.length);
    }
  }

  function turnWord(m) {
    if (!m.stage) return "waiting";
    if (m.stage.stage !== "turn") return "over";
    if (sent) return "sending";
    return myTurn(m) ? "you" : "other";
  }

  function remember(m) {
    const k = key(m);
    window.doomShown.push(k);
    if (!game) game = { positions: [], scores: null };
    game.positions.push(k);
  }

  async function drawBoard() {
    const m = shown;
    if (!m || !m.view || !m.view.position) {
      $("board").replaceChildren();
      return;
    }
    const params = new URLSearchParams({
      board: m.view.position.board,
      legal: legalHexes(m).join(","),
      dice: String(m.view.config.max_dice),
    });
    if (chosen !== null) params.set("chosen", String(chosen));
    const mine = ++ticket;
    let svg;
    try {
      const r = await fetch("/doom/board.svg?" + params.toString());
      svg = await r.text();
      if (!r.ok) throw new Error(svg);
    } catch (e) {
      if (mine === ticket) $("error").textContent = "The board could not be drawn: " + e.message;
      return;
    }
    if (mine !== ticket) return;
    $("board").innerHTML = svg;
    main.dataset.board = m.view.position.board;
    main.dataset.chosen = chosen === null ? "" : String(chosen);
    showPrompt(m);
  }

  function showPrompt(m) {
    let text;
    if (!m.stage) text = m.status.charAt(0).toUpperCase() + m.status.slice(1) + ".";
    else if (m.stage.stage !== "turn") text = "Game over. The next game begins in a moment.";
    else if (sent) text = "…";
    else if (myTurn(m) && chosen === null) {
      text = m.view.position.first_move
        ? "Your turn: choose a hex to attack from."
        : "You may attack again (choose a hex to attack from) or end your turn.";
    } else if (myTurn(m)) text = "Now choose a hex to attack, or click hex " + chosen + " again to cancel.";
    else {
      const seat = m.stage.seat;
      const bot = m.seats[seat] && m.seats[seat].kind === "bot";
      text = name(seat) + (bot ? " is thinking…" : " is to move.");
      if (m.you === null) text = "You are watching. " + text;
    }
    $("prompt").textContent = text;
  }

  function showControls(m) {
    const mine = myTurn(m) && !sent;
    $("pass").disabled = !(mine && chosen === null && (m.legal || []).includes("pass"));
    $("cancel").hidden = !(mine && chosen !== null);
    $("stand").hidden = m.you === null;
    tick();
  }

  function showSeats(m) {
    const list = $("seat-list");
    list.replaceChildren();
    const board = m.view && m.view.position ? m.view.position.board.split(" ") : [];
    m.seats.forEach((s, seat) => {
      const li = document.createElement("li");
      li.className = "seat p" + seat;
      li.dataset.seat = String(seat);
      li.dataset.kind = s.kind;
      const swatch = document.createElement("span");
      swatch.className = "swatch p" + seat;
      li.appendChild(swatch);
      const who = document.createElement("span");
      who.className = "who";
      const label = document.createElement("b");
      label.textContent = letter(seat);
      who.append(label, " (" + COLOURS[seat] + ") ");
      const nm = document.createElement("span");
      nm.className = "name";
      nm.textContent = s.kind === "empty" ? "empty seat" : s.name;
      who.appendChild(nm);
      if (seat === m.you) who.append(" — you");
      if (s.kind === "person" && !s.connected) who.append(" (away)");
      li.appendChild(who);
      const mine = board.filter((h) => h.charAt(0) === letter(seat));
      if (mine.length > 0) {
        const dice = mine.reduce((n, h) => n + Number(h.slice(1)), 0);
        const held = document.createElement("span");
        held.className = "held";
        held.textContent = mine.length + (mine.length === 1 ? " hex, " : " hexes, ") + dice + (dice === 1 ? " die" : " dice");
        li.appendChild(held);
      }
      if (m.stage && m.stage.stage === "turn" && m.stage.seat === seat) {
        li.dataset.toMove = "yes";
        const mark = document.createElement("span");
        mark.className = "to-move";
        mark.textContent = "◀ to move";
        li.appendChild(mark);
      }
      if (m.you === null && (s.kind === "empty" || (s.kind === "bot" && m.stage))) {
        li.appendChild(button("sit-" + seat, s.kind === "empty" ? "Sit here" : "Take this seat", () =>
          hall.send({ type: "sit", table: TABLE, seat, invite: INVITE }),
        ));
      }
      if (m.owner && s.kind === "empty") {
        const ai = document.createElement("select");
        ai.id = "ai-" + seat;
        ai.setAttribute("aria-label", "Computer player for seat " + letter(seat));
        for (const bot of AIS) ai.add(new Option(bot, bot));
        li.append(ai, button("add-bot-" + seat, "Computer here", () =>
          hall.send({ type: "add_bot", table: TABLE, seat, bot: ai.value }),
        ));
      }
      list.appendChild(li);
    });
  }

  function button(id, text, click) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = id;
    b.textContent = text;
    b.addEventListener("click", click);
    return b;
  }

  function logNotes(m) {
    const log = $("log");
    const you = shown ? shown.you : null;
    for (const note of m.notes) {
      const li = document.createElement("li");
      li.className = "tone-" + note.tone;
      for (const piece of Hall.word(note, you, name)) {
        if ("seat" in piece) {
          const span = document.createElement("span");
          span.className = "who p" + piece.seat;
          span.textContent = piece.text;
          li.appendChild(span);
        } else li.append(piece.text);
      }
      log.appendChild(li);
    }
    while (log.children.length > 300) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
    if (m.scores) announce(m.scores, you);
  }

  /** The winner, as the book's web-announce-winner said it. */
  function announce(scores, you) {
    if (game) game.scores = scores;
    const best = Math.max(...scores);
    const winners = scores.map((s, seat) => [s, seat]).filter(([s]) => s === best && s > 0).map(([, seat]) => seat);
    let text =
      winners.length === 1
        ? "The winner is " + name(winners[0]) + "."
        : "The game is a tie between " + winners.map(name).join(" and ") + ".";
    if (winners.includes(you)) text += winners.length === 1 ? " You win!" : " You share the win.";
    $("result").textContent = text;
    $("result").dataset.winners = winners.map(letter).join(",");
  }

  function failed(m) {
    if (m.code === "no_table") {
      $("prompt").textContent = "There is no table " + TABLE + " (or it is private).";
    }
    $("error").textContent = m.message;
    if (sent) {
      sent = false;
      redraw();
    }
  }

  function redraw() {
    if (!shown) return;
    showControls(shown);
    main.dataset.turn = turnWord(shown);
    drawBoard();
  }

  function act(action) {
    sent = true;
    chosen = null;
    $("error").textContent = "";
    hall.send({ type: "act", table: TABLE, action });
    redraw();
  }

  /** A click on hex `hex`, as the book's web-handle-human took it. */
  function choose(hex) {
    const m = shown;
    if (!myTurn(m) || sent) return;
    const all = attacks(m);
    const from = (h) => all.some(([f]) => f === h);
    if (chosen === null) {
      if (from(hex)) chosen = hex;
    } else if (hex === chosen) {
      chosen = null; // the book's "Move cancelled."
    } else if (all.some(([f, t]) => f === chosen && t === hex)) {
      act(chosen + "->" + hex);
      return;
    } else if (from(hex)) {
      chosen = hex;
    }
    redraw();
  }

  function hexOf(target) {
    const g = target instanceof Element ? target.closest("g.hex") : null;
    return g ? Number(g.dataset.hex) : null;
  }

  $("board").addEventListener("click", (event) => {
    const hex = hexOf(event.target);
    if (hex !== null) choose(hex);
  });
  $("board").addEventListener("keydown", (event) => {
    const hex = hexOf(event.target);
    if (hex !== null && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      choose(hex);
    }
  });
  $("pass").addEventListener("click", () => {
    if (myTurn(shown) && !sent && (shown.legal || []).includes("pass")) act("pass");
  });
  $("cancel").addEventListener("click", () => {
    chosen = null;
    redraw();
  });
  $("stand").addEventListener("click", () => hall.send({ type: "stand", table: TABLE }));

  // The time left to the person to move.
  function tick() {
    const m = shown;
    const clock = $("clock");
    if (!m || m.deadline_ms === null || m.deadline_ms === undefined || !m.stage || m.stage.stage !== "turn") {
      clock.textContent = "";
      return;
    }
    const left = Math.max(0, Math.ceil((m.deadline_ms - (performance.now() - m.at)) / 1000));
    clock.textContent = (myTurn(m) ? "You have " : name(m.stage.seat) + " has ") + left + " s to move.";
  }
  setInterval(tick, 1000);
})();
