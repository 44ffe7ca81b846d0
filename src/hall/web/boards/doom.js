// Dice of Doom's web board: the board drawn by the hall (the engine's
// SVG, /doom/board.svg) with the hexes you may click marked; click a hex
// to attack from, then a hex to attack, as the book's game.html?chosen=N
// did; End turn; the winner as the book announced it. Every move by
// someone else stays on the board a moment, so the computer's moves are
// seen one by one.

/** Milliseconds a move by someone else stays on the board. */
const PACE = 700;
const COLOURS = ["red", "blue", "green", "purple"];
const letter = (seat) => String.fromCharCode(97 + seat);
const key = (m) => (m && m.view && m.view.position ? m.view.position.board + "|" + m.view.position.player : "");

export function board(ctx) {
  const el = ctx.root;
  const main = document.getElementById("table");
  let chosen = null; // the hex chosen to attack from
  let ticket = 0; // the latest drawing of the board asked for
  let game = null; // the game on the board: { positions, scores }
  let winners = "";
  let resultText = "";
  // For tests and the curious: every position drawn ("board|player"), and
  // each game seen to its end on this page.
  window.doomShown = [];
  window.doomGames = [];

  el.setAttribute("aria-label", "The board: click a hex");
  const pass = button("pass", "End turn", () => {
    const m = ctx.state();
    if (mine(m) && (m.legal || []).includes("pass")) ctx.act("pass");
    redraw();
  });
  pass.disabled = true;
  const cancel = button("cancel", "Cancel the attack", () => {
    chosen = null;
    redraw();
  });
  cancel.hidden = true;
  ctx.controls.append(pass, cancel);

  function button(id, text, click) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = id;
    b.textContent = text;
    b.addEventListener("click", click);
    return b;
  }

  const mine = (m) => ctx.myTurn(m) && !ctx.sent();

  /** The attacks in `m.legal`, as [from, to]. */
  function attacks(m) {
    return (m.legal || [])
      .filter((a) => typeof a === "string" && a.includes("->"))
      .map((a) => a.split("->").map(Number));
  }

  /** The hexes to click now: where to attack from, or with a hex chosen, what it may attack. */
  function legalHexes(m) {
    if (!mine(m)) return [];
    const all = attacks(m);
    if (chosen === null) return [...new Set(all.map(([from]) => from))];
    return all.filter(([from]) => from === chosen).map(([, to]) => to);
  }

  async function show(m, before) {
    const changed = key(before) !== key(m);
    if (changed) chosen = null;
    if (changed && key(m) !== "") {
      window.doomShown.push(key(m));
      if (!game) game = { positions: [], scores: null };
      game.positions.push(key(m));
    }
    controls(m);
    await draw(m);
    if (m.stage && m.stage.stage === "deal_over" && game) {
      window.doomGames.push({ positions: game.positions, scores: game.scores, winners, result: resultText });
      game = null;
      main.dataset.ended = String(window.doomGames.length);
    }
    const moved = before && key(before) !== "" && changed;
    return moved && !ctx.myTurn(before) ? PACE : 0;
  }

  function controls(m) {
    const go = mine(m);
    pass.disabled = !(go && chosen === null && (m.legal || []).includes("pass"));
    cancel.hidden = !(go && chosen !== null);
  }

  async function draw(m) {
    if (!m || !m.view || !m.view.position) {
      el.replaceChildren();
      return;
    }
    const params = new URLSearchParams({
      board: m.view.position.board,
      legal: legalHexes(m).join(","),
      dice: String(m.view.config.max_dice),
    });
    if (chosen !== null) params.set("chosen", String(chosen));
    const ask = ++ticket;
    let svg;
    try {
      const r = await fetch("/doom/board.svg?" + params.toString());
      svg = await r.text();
      if (!r.ok) throw new Error(svg);
    } catch (e) {
      if (ask === ticket) ctx.error("The board could not be drawn: " + e.message);
      return;
    }
    if (ask !== ticket) return;
    el.innerHTML = svg;
    main.dataset.board = m.view.position.board;
    main.dataset.chosen = chosen === null ? "" : String(chosen);
    ctx.prompt();
  }

  function redraw() {
    const m = ctx.state();
    if (!m) return;
    controls(m);
    draw(m);
    ctx.prompt();
  }

  function prompt(m) {
    if (!m.stage) return null;
    if (m.stage.stage !== "turn") return "Game over. The next game begins in a moment.";
    if (ctx.sent()) return "…";
    if (ctx.myTurn(m) && chosen === null) {
      return m.view.position.first_move
        ? "Your turn: choose a hex to attack from."
        : "You may attack again (choose a hex to attack from) or end your turn.";
    }
    if (ctx.myTurn(m)) return "Now choose a hex to attack, or click hex " + chosen + " again to cancel.";
    return null;
  }

  /** A click on hex `hex`, as the book's web-handle-human took it. */
  function choose(hex) {
    const m = ctx.state();
    if (!mine(m)) return;
    const all = attacks(m);
    const from = (h) => all.some(([f]) => f === h);
    if (chosen === null) {
      if (from(hex)) chosen = hex;
    } else if (hex === chosen) {
      chosen = null; // the book's "Move cancelled."
    } else if (all.some(([f, t]) => f === chosen && t === hex)) {
      const action = chosen + "->" + hex;
      chosen = null;
      ctx.act(action);
    } else if (from(hex)) {
      chosen = hex;
    }
    redraw();
  }

  function hexOf(target) {
    const g = target instanceof Element ? target.closest("g.hex") : null;
    return g ? Number(g.dataset.hex) : null;
  }

  el.addEventListener("click", (event) => {
    const hex = hexOf(event.target);
    if (hex !== null) choose(hex);
  });
  el.addEventListener("keydown", (event) => {
    const hex = hexOf(event.target);
    if (hex !== null && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      choose(hex);
    }
  });

  /** Each seat's colour, and the hexes and dice it holds. */
  function seat(m, s, li) {
    const swatch = document.createElement("span");
    swatch.className = "swatch p" + s;
    li.prepend(swatch);
    li.querySelector(".who b").after(" (" + COLOURS[s] + ")");
    const hexes = m.view && m.view.position ? m.view.position.board.split(" ") : [];
    const held = hexes.filter((h) => h.charAt(0) === letter(s));
    if (held.length > 0) {
      const dice = held.reduce((n, h) => n + Number(h.slice(1)), 0);
      const span = document.createElement("span");
      span.className = "held";
      span.textContent =
        held.length + (held.length === 1 ? " hex, " : " hexes, ") + dice + (dice === 1 ? " die" : " dice");
      li.appendChild(span);
    }
  }

  /** The winner, as the book's web-announce-winner said it. */
  function result(scores, you) {
    if (game) game.scores = scores;
    const best = Math.max(...scores);
    const won = scores
      .map((s, i) => [s, i])
      .filter(([s]) => s === best && s > 0)
      .map(([, i]) => i);
    let text =
      won.length === 1
        ? "The winner is " + ctx.name(won[0]) + "."
        : "The game is a tie between " + won.map(ctx.name).join(" and ") + ".";
    if (won.includes(you)) text += won.length === 1 ? " You win!" : " You share the win.";
    winners = won.map(letter).join(",");
    resultText = text;
    return { text, winners };
  }

  return { show, prompt, seat, result, redraw, label: letter };
}
