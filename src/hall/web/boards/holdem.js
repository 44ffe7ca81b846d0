// Texas Hold'em's web board: the seats around an oval table (name, stack,
// bet, the button, cards: yours face up, the others' backs until shown),
// the board and the pots in the middle, and your actions with their legal
// range — Fold, Check or Call, Bet or Raise to an amount from a slider or
// typed (with min, ½ pot, pot and all-in), Show after a hand won without a
// showdown — by click, touch or key (F, C or K, R, S). Hovering a seat
// (or focusing it) shows its HUD: the hands it played at this table while
// this page watched, as trackers count them.

const KEYS = "Keys: F fold · C check or call · R bet or raise the amount chosen · S show";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A card face (or its back when `text` is null). */
function card(text, small) {
  if (text === null || text === undefined) {
    const back = el("span", "card back" + (small ? " small" : ""));
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", "a card face down");
    return back;
  }
  const c = Hall.card(text);
  const face = el("span", "card" + (c.red ? " red" : "") + (small ? " small" : ""));
  face.dataset.card = c.text;
  face.setAttribute("role", "img");
  face.setAttribute("aria-label", c.text);
  face.append(el("span", "rank", c.rank), el("span", "suit", c.suit));
  return face;
}

/** The RaiseTo amounts in `legal`: [min, max], or null. */
function raiseRange(legal) {
  const to = (legal || []).filter((a) => a && typeof a === "object" && "RaiseTo" in a).map((a) => a.RaiseTo);
  return to.length ? [Math.min(...to), Math.max(...to)] : null;
}

export function board(ctx) {
  const felt = el("div", "felt");
  felt.setAttribute("aria-label", "The table");
  const middle = el("div", "middle");
  const boardCards = el("div", "board-cards");
  boardCards.id = "board-cards";
  const pots = el("div", "pots");
  pots.id = "pots";
  middle.append(boardCards, pots);
  felt.appendChild(middle);
  ctx.root.appendChild(felt);

  // The actions.
  const fold = button("fold", "Fold", () => ctx.act("Fold"));
  const call = button("call", "Check", () => ctx.act(callAction()));
  const raiseBox = el("div", "raise-box");
  const slider = el("input");
  slider.type = "range";
  slider.id = "amount-slider";
  slider.setAttribute("aria-label", "Amount to bet or raise to");
  const amount = el("input");
  amount.type = "number";
  amount.id = "amount";
  amount.setAttribute("aria-label", "Amount");
  amount.inputMode = "numeric";
  const raise = button("raise", "Raise", () => raiseNow());
  const presets = el("div", "presets");
  const preset = (id, text, value) =>
    button(id, text, () => {
      setAmount(value());
      amount.focus();
    });
  presets.append(
    preset("min-bet", "Min", () => range()[0]),
    preset("half-pot", "½ pot", () => potBet(0.5)),
    preset("pot-bet", "Pot", () => potBet(1)),
    preset("all-in", "All in", () => range()[1]),
  );
  raiseBox.append(slider, amount, raise, presets);
  const show = button("show", "Show your cards", () => ctx.send({ type: "show", table: ctx.table }));
  const keys = el("p", "keys", KEYS);
  ctx.controls.append(fold, call, raiseBox, show, keys);

  slider.addEventListener("input", () => setAmount(Number(slider.value)));
  amount.addEventListener("change", () => setAmount(Number(amount.value)));
  amount.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      raiseNow();
    }
  });

  const hud = new Map(); // name → { hands, vpip, pfr, bets, calls, showdowns, wonAtShowdown }
  let counted = -1; // the last hand counted

  function button(id, text, click) {
    const b = el("button", "", text);
    b.type = "button";
    b.id = id;
    b.addEventListener("click", click);
    return b;
  }

  const state = () => {
    const m = ctx.state();
    return m && m.view ? m.view.state : null;
  };
  const range = () => raiseRange(ctx.state().legal) || [0, 0];
  const position = (m) => m.deal + ":" + m.step;
  const mine = () => ctx.myTurn(ctx.state()) && !ctx.sent();

  function toCall() {
    const m = ctx.state();
    const s = state();
    if (!s || m.you === null) return 0;
    const top = Math.max(...s.street_bet.slice(0, s.n));
    return Math.min(top - s.street_bet[m.you], s.stacks[m.you]);
  }

  function callAction() {
    return (ctx.state().legal || []).includes("Call") ? "Call" : "Check";
  }

  /** A bet of `share` of the pot: a raise to the call plus that share of the pot after it. */
  function potBet(share) {
    const m = ctx.state();
    const s = state();
    const mineNow = s.street_bet[m.you];
    const pot = m.view.pot + toCall();
    return Math.round(mineNow + toCall() + share * pot);
  }

  function setAmount(v) {
    const [lo, hi] = range();
    const n = Math.max(lo, Math.min(hi, Math.round(Number.isFinite(v) ? v : lo)));
    slider.value = String(n);
    amount.value = String(n);
    raise.textContent = raiseWord() + " " + n + (n === hi ? " (all in)" : "");
  }

  function raiseWord() {
    const s = state();
    const top = s ? Math.max(...s.street_bet.slice(0, s.n)) : 0;
    return top === 0 ? "Bet" : "Raise to";
  }

  function raiseNow() {
    if (!mine() || !raiseRange(ctx.state().legal)) return;
    setAmount(Number(amount.value));
    ctx.act({ RaiseTo: Number(amount.value) });
  }

  function controls(m) {
    const go = mine();
    const legal = go ? m.legal || [] : [];
    fold.hidden = !legal.includes("Fold");
    call.hidden = !(legal.includes("Call") || legal.includes("Check"));
    call.textContent = legal.includes("Call") ? "Call " + toCall() : "Check";
    const r = raiseRange(legal);
    raiseBox.hidden = !r;
    if (r) {
      slider.min = String(r[0]);
      slider.max = String(r[1]);
      slider.step = "1";
      amount.min = String(r[0]);
      amount.max = String(r[1]);
      const keep = Number(amount.value);
      setAmount(keep >= r[0] && keep <= r[1] && amount.dataset.position === position(m) ? keep : r[0]);
      amount.dataset.position = position(m);
      presets.hidden = r[0] === r[1];
      slider.hidden = r[0] === r[1];
    }
    const s = m.view ? m.view.state : null;
    show.hidden = !(
      m.stage &&
      m.stage.stage !== "turn" &&
      m.you !== null &&
      s &&
      s.status[m.you] !== "Folded" &&
      s.status[m.you] !== "Out" &&
      !s.shown[m.you] &&
      wonUncontested(s, m.you)
    );
    keys.hidden = m.you === null;
  }

  /** Whether `seat` took the pot with nobody else left in. */
  function wonUncontested(s, seat) {
    const inHand = s.status.slice(0, s.n).filter((st) => st === "Active" || st === "AllIn").length;
    return inHand === 1 && (s.status[seat] === "Active" || s.status[seat] === "AllIn");
  }

  function draw(m) {
    felt.querySelectorAll(".pseat").forEach((e) => e.remove());
    boardCards.replaceChildren();
    pots.replaceChildren();
    const s = m.view ? m.view.state : null;
    const n = m.seats.length;
    const me = m.you === null ? 0 : m.you;
    felt.classList.toggle("many", n >= 7);
    for (let seat = 0; seat < n; seat++) {
      const box = seatBox(m, s, seat);
      // You (or seat 1) at the bottom, the others clockwise around the oval.
      const angle = Math.PI / 2 + (2 * Math.PI * (seat - me)) / n;
      box.style.left = (50 + 38 * Math.cos(angle)).toFixed(2) + "%";
      box.style.top = (50 + 41 * Math.sin(angle)).toFixed(2) + "%";
      felt.appendChild(box);
    }
    if (!s) {
      boardCards.appendChild(el("span", "waiting", m.status));
      return;
    }
    for (const c of s.board) boardCards.appendChild(card(c));
    const total = el("div", "pot-total", m.view.pot > 0 ? "Pot " + m.view.pot : "");
    total.id = "pot";
    total.dataset.pot = String(m.view.pot);
    pots.appendChild(total);
    const real = (m.view.pots || []).filter((p) => bits(p.eligible) > 1);
    if (real.length > 1) {
      real.forEach((p, i) => pots.appendChild(el("div", "side-pot", (i === 0 ? "Main pot " : "Side pot " + i + " ") + p.amount)));
    }
    if (m.view.next_level !== null && m.view.next_level !== undefined) {
      pots.appendChild(el("div", "level", "Blinds " + s.blinds.small + "/" + s.blinds.big + " · up in " + m.view.next_level));
    }
  }

  const bits = (x) => {
    let c = 0;
    for (let v = x; v; v &= v - 1) c++;
    return c;
  };

  function seatBox(m, s, seat) {
    const info = m.seats[seat];
    const box = el("div", "pseat");
    box.id = "pseat-" + seat;
    box.dataset.seat = String(seat);
    box.tabIndex = 0;
    if (seat === m.you) box.classList.add("you");
    if (m.stage && m.stage.stage === "turn" && m.stage.seat === seat) {
      box.classList.add("acting");
      const clock = el("div", "seat-clock");
      clock.id = "seat-clock";
      box.appendChild(clock);
    }
    const name = el("div", "pname", info.kind === "empty" ? "empty seat" : info.name);
    box.appendChild(name);
    const st = s && seat < s.n ? s.status[seat] : null;
    const stack = s && seat < s.n && st !== "Out" ? s.stacks[seat] : info.chips;
    if (info.kind !== "empty") {
      const line = el("div", "stack", stack === undefined || stack === null ? "" : String(stack));
      line.dataset.stack = String(stack);
      box.appendChild(line);
    }
    if (s && seat < s.n) {
      if (s.button === seat) box.appendChild(el("span", "dealer", "D"));
      const cards = el("div", "hole");
      const holes = s.holes[seat];
      if (holes) for (const c of holes) cards.appendChild(card(c, true));
      else if ((st === "Active" || st === "AllIn") && !s.mucked[seat] && s.street !== "Over") {
        cards.append(card(null, true), card(null, true));
      }
      box.appendChild(cards);
      if (st === "Folded") box.appendChild(el("div", "state", "folded"));
      else if (s.mucked[seat]) box.appendChild(el("div", "state", "mucked"));
      else if (st === "AllIn") box.appendChild(el("div", "state", "all in"));
      else if (st === "Out") box.appendChild(el("div", "state", "not dealt in"));
      if (s.street_bet[seat] > 0 && s.street !== "Over") {
        const bet = el("div", "bet", "bet " + s.street_bet[seat]);
        bet.dataset.bet = String(s.street_bet[seat]);
        box.appendChild(bet);
      }
    }
    if (info.kind === "empty" && m.you === null) {
      const sit = el("button", "sit-here", "Sit here");
      sit.type = "button";
      sit.id = "take-" + seat;
      sit.addEventListener("click", () => ctx.send({ type: "sit", table: ctx.table, seat, invite: ctx.invite }));
      box.appendChild(sit);
    }
    const figures = hudLine(info.name);
    box.title = figures;
    box.setAttribute("aria-label", (info.kind === "empty" ? "empty seat" : info.name) + (figures ? ". " + figures : ""));
    return box;
  }

  // The HUD: counted from each hand's log once it is over.
  function count(m) {
    const s = m.view ? m.view.state : null;
    if (!s || s.street !== "Over" || counted === m.deal) return;
    counted = m.deal;
    const seen = new Map();
    const get = (seat) => {
      const nm = m.seats[seat] ? m.seats[seat].name : "";
      if (!nm) return null;
      if (!seen.has(seat)) {
        if (!hud.has(nm)) hud.set(nm, { hands: 0, vpip: 0, pfr: 0, aggressive: 0, calls: 0, showdowns: 0, won: 0 });
        seen.set(seat, { row: hud.get(nm), vpip: false, pfr: false, showed: false, won: false });
      }
      return seen.get(seat);
    };
    let street = "Preflop";
    for (const e of s.log) {
      if (e.HoleDealt) get(e.HoleDealt.seat);
      else if (e.StreetDealt) street = e.StreetDealt.street;
      else if (e.Acted) {
        const p = get(e.Acted.seat);
        if (!p) continue;
        const a = e.Acted.action;
        const raised = a && typeof a === "object" && ("Bet" in a || "Raise" in a);
        const called = a && typeof a === "object" && "Call" in a;
        if (street === "Preflop" && (raised || called)) p.vpip = true;
        if (street === "Preflop" && raised) p.pfr = true;
        if (raised) p.row.aggressive += 1;
        if (called) p.row.calls += 1;
      } else if (e.Showed) {
        const p = get(e.Showed.seat);
        if (p) p.showed = true;
      } else if (e.PotAwarded) {
        const p = get(e.PotAwarded.seat);
        if (p) p.won = true;
      }
    }
    for (const p of seen.values()) {
      p.row.hands += 1;
      if (p.vpip) p.row.vpip += 1;
      if (p.pfr) p.row.pfr += 1;
      if (p.showed) {
        p.row.showdowns += 1;
        if (p.won) p.row.won += 1;
      }
    }
  }

  function hudLine(name) {
    const r = hud.get(name);
    if (!r || r.hands === 0) return "";
    const pct = (x, of) => (of ? Math.round((100 * x) / of) + "%" : "–");
    const af = r.calls ? (r.aggressive / r.calls).toFixed(1) : r.aggressive ? "∞" : "–";
    return (
      r.hands + " hands · VPIP " + pct(r.vpip, r.hands) + " · PFR " + pct(r.pfr, r.hands) + " · AF " + af +
      " · WTSD " + pct(r.showdowns, r.hands) + " · W$SD " + pct(r.won, r.showdowns)
    );
  }

  function showTable(m) {
    count(m);
    draw(m);
    controls(m);
    return 0;
  }

  function prompt(m) {
    if (!m.stage || m.stage.stage !== "turn" || !ctx.myTurn(m)) return null;
    if (ctx.sent()) return "…";
    const owe = toCall();
    return owe > 0 ? "Your turn: " + owe + " to call." : "Your turn.";
  }

  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (t instanceof HTMLElement && (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "range"))) return;
    const k = e.key.toLowerCase();
    const m = ctx.state();
    if (!m) return;
    if (k === "s" && !show.hidden) show.click();
    if (!mine()) return;
    const legal = m.legal || [];
    if (k === "f" && legal.includes("Fold")) ctx.act("Fold");
    else if ((k === "c" || k === "k") && (legal.includes("Call") || legal.includes("Check"))) ctx.act(callAction());
    else if (k === "r") raiseNow();
    else return;
    e.preventDefault();
  });

  /** The acting seat's clock, in its box. */
  function tick(left) {
    const clock = document.getElementById("seat-clock");
    if (clock) clock.textContent = left + " s" + (ctx.state().bank ? " (bank)" : "");
  }

  return {
    tick,
    show: showTable,
    prompt,
    redraw: () => controls(ctx.state()),
  };
}
