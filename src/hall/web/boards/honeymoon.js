// Honeymoon bridge's web board: the other hand face down, the stock with
// its face-up card and what each side drew in the exchange, the trick on
// the table, your hand (the cards you may play raised, the others dimmed),
// the auction with a bidding box of the legal calls only, the contract
// and the tricks; after a deal, its review: the hands as the play began,
// the auction, and every trick. Every action is a button (Tab and Enter,
// or a click or a touch).

const SEATS = ["North", "South"];
/** A seat as the review writes it ("N", "S"). */
const seatName = (x) => (x === "N" ? "North" : x === "S" ? "South" : String(x));
const STRAINS = { Clubs: "♣", Diamonds: "♦", Hearts: "♥", Spades: "♠", NoTrump: "NT" };
const RED = new Set(["Diamonds", "Hearts"]);
const SUIT_ORDER = "shdc";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** "7s5s3s2sJh" → ["7s", "5s", "3s", "2s", "Jh"]. */
function cards(text) {
  return String(text || "").match(/../g) || [];
}

function face(text, small) {
  const c = Hall.card(text);
  const e = el("span", "card" + (c.red ? " red" : "") + (small ? " small" : ""));
  e.dataset.card = c.text;
  e.setAttribute("role", "img");
  e.setAttribute("aria-label", c.text);
  e.append(el("span", "rank", c.rank), el("span", "suit", c.suit));
  return e;
}

function back(small) {
  const e = el("span", "card back" + (small ? " small" : ""));
  e.setAttribute("role", "img");
  e.setAttribute("aria-label", "a card face down");
  return e;
}

/** A call as written: "1♥", "2NT", "Pass", "Double", "Redouble" (a span, red suits red). */
function callSpan(call) {
  if (typeof call === "string") return el("span", "call", call);
  const bid = call.Bid;
  const span = el("span", "call" + (RED.has(bid.strain) ? " red" : ""), bid.level + STRAINS[bid.strain]);
  return span;
}

function contractText(c) {
  if (!c) return "";
  const x = c.doubled === 2 ? " redoubled" : c.doubled === 1 ? " doubled" : "";
  return c.bid.level + STRAINS[c.bid.strain] + x + " by " + SEATS[c.declarer];
}

export function board(ctx) {
  const top = el("div", "hm-other");
  const middle = el("div", "hm-middle");
  const stock = el("div", "hm-stock");
  stock.id = "stock";
  const trick = el("div", "hm-trick");
  trick.id = "trick";
  const facts = el("div", "hm-facts");
  facts.id = "facts";
  middle.append(stock, trick, facts);
  const hand = el("div", "hm-hand");
  hand.id = "hand";
  hand.setAttribute("aria-label", "Your hand");
  const auction = el("div", "hm-auction");
  auction.id = "auction";
  const review = el("div", "hm-review");
  review.id = "review";
  ctx.root.classList.add("hm");
  ctx.root.append(top, middle, hand, auction, review);
  const box = el("div", "bidding-box");
  box.id = "bidding-box";
  ctx.controls.appendChild(box);

  let lastRecord = null; // the deal before, for its review
  let reviewOpen = false; // the review of the deal before opened by hand
  let analysis = null; // the double-dummy review of lastRecord: { deal, review } or { deal, error }
  let asked = null; // the deal whose review was asked for
  const label = (seat) => SEATS[seat] || "seat " + (seat + 1);
  const go = () => ctx.myTurn(ctx.state()) && !ctx.sent();

  function button(id, cls, content, action) {
    const b = el("button", cls);
    b.type = "button";
    b.id = id;
    if (typeof content === "string") b.textContent = content;
    else b.appendChild(content);
    b.addEventListener("click", () => {
      if (go()) ctx.act(action);
    });
    return b;
  }

  function show(m) {
    const v = m.view;
    for (const e of [top, stock, trick, facts, hand, auction, review, box]) e.replaceChildren();
    if (!v) return 0;
    const me = m.you === null ? null : m.you;
    const legal = go() ? m.legal || [] : [];

    // The other hand (both face down for a spectator).
    const other = me === null ? null : 1 - me;
    const others = me === null ? [0, 1] : [other];
    for (const seat of others) {
      const row = el("div", "hm-row");
      row.appendChild(el("span", "hm-who", ctx.name(seat)));
      const n = me === null ? (seat === 0 ? cardsHeld(v, 0) : cardsHeld(v, 1)) : v.other_count;
      const fan = el("span", "fan");
      for (let i = 0; i < n; i++) fan.appendChild(back(true));
      row.appendChild(fan);
      top.appendChild(row);
    }

    // The stock and the face-up card.
    if (v.phase === "Exchange" || v.stock_left > 0 || v.face_up) {
      stock.appendChild(el("div", "hm-label", "Stock: " + v.stock_left + " face down"));
      if (v.face_up) {
        const fu = el("div", "face-up");
        fu.append(face(v.face_up), el("span", "", " face up: the trick's winner takes it"));
        stock.appendChild(fu);
      }
      stock.appendChild(el("div", "hm-label", "Drawn: North " + v.draws[0] + " · South " + v.draws[1]));
      for (const seat of [0, 1]) {
        const taken = v.face_up_taken.filter(([s]) => s === seat).map(([, c]) => c);
        if (!taken.length) continue;
        const line = el("div", "hm-label", label(seat) + " took ");
        for (const c of taken) line.appendChild(face(c, true));
        stock.appendChild(line);
      }
      if (v.my_draws.length) {
        const mine = el("div", "hm-label", "You drew ");
        for (const c of v.my_draws) mine.appendChild(face(c, true));
        stock.appendChild(mine);
      }
    }

    // The trick: the card led, or the trick just finished.
    const h = v.history;
    const done = trickStart(v);
    const current = h.slice(done);
    const shown = current.length ? current : h.length >= 2 ? h.slice(done - 2, done) : [];
    if (shown.length) {
      trick.appendChild(el("div", "hm-label", current.length ? "The trick" : "The last trick"));
      const row = el("div", "hm-row");
      for (const p of shown) {
        const spot = el("span", "played");
        spot.append(el("span", "hm-who", label(p.seat)), face(p.card));
        row.appendChild(spot);
      }
      trick.appendChild(row);
    }

    // The contract, the tricks, the match.
    const lines = [];
    if (v.contract) lines.push("Contract: " + contractText(v.contract));
    if (v.phase === "Exchange") lines.push("Exchange: trick " + (v.exchange_tricks + 1) + " of 13");
    if (v.phase === "Play" || v.phase === "Over") lines.push("Tricks: North " + v.play_tricks[0] + " · South " + v.play_tricks[1]);
    lines.push("Match: North " + v.totals[0] + " · South " + v.totals[1] + (v.replay ? " · this deal replays the last, hands swapped" : ""));
    if (v.match_over) lines.push("The match is over: the next deal begins a new one.");
    for (const l of lines) facts.appendChild(el("div", "", l));
    if (v.deals && v.deals.length) facts.appendChild(matchTable(v.deals));

    // Your hand: the cards you may play are buttons.
    const playable = new Set(legal.filter((a) => a && a.Play).map((a) => a.Play));
    if (me !== null) {
      const sorted = cards(v.hand).sort((a, b) => SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]));
      for (const c of sorted) {
        const b = button("card-" + c, "card-button" + (playable.has(c) ? " legal" : ""), face(c), { Play: c });
        b.disabled = !playable.has(c);
        b.setAttribute("aria-label", "Play " + c);
        hand.appendChild(b);
      }
    }

    // The auction, and the bidding box of the legal calls.
    if (v.auction.length || v.phase === "Bidding") {
      const table = el("table", "auction-table");
      const head = el("tr");
      for (const s of SEATS) head.appendChild(el("th", "", s));
      table.appendChild(head);
      let row = null;
      const first = v.auction.length ? v.auction[0][0] : v.dealer;
      if (first === 1) {
        row = el("tr");
        row.appendChild(el("td", "", "–"));
        table.appendChild(row);
      }
      for (const [seat, call] of v.auction) {
        if (seat === 0 || !row) {
          row = el("tr");
          table.appendChild(row);
        }
        const td = el("td");
        td.appendChild(callSpan(call));
        row.appendChild(td);
      }
      auction.append(el("div", "hm-label", "Auction"), table);
    }
    const calls = legal.filter((a) => a && a.Call !== undefined).map((a) => a.Call);
    if (calls.length) {
      const levels = new Map();
      const plain = el("div", "box-row");
      for (const call of calls) {
        if (typeof call === "string") {
          plain.appendChild(button("call-" + call.toLowerCase(), "call-button", call, { Call: call }));
        } else {
          const b = call.Bid;
          if (!levels.has(b.level)) levels.set(b.level, el("div", "box-row"));
          const id = "bid-" + b.level + b.strain.charAt(0).toLowerCase() + (b.strain === "NoTrump" ? "t" : "");
          levels.get(b.level).appendChild(button(id, "call-button", callSpan(call), { Call: call }));
        }
      }
      box.appendChild(plain);
      for (const row of levels.values()) box.appendChild(row);
    }

    if (v.record) {
      lastRecord = v.record;
      ask(v.record);
    }
    if (lastRecord) showReview(lastRecord, Boolean(v.record));
    return 0;
  }

  /** A record's contract ("1C N", "3NTX S") as the board writes it ("1♣ by North, doubled"). */
  function recordContract(text) {
    const m = /^(\d)(C|D|H|S|NT)(X{0,2})\s+([NS])$/.exec(String(text || ""));
    if (!m) return text || "passed out";
    const strain = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" }[m[2]];
    const x = m[3] === "XX" ? ", redoubled" : m[3] === "X" ? ", doubled" : "";
    return m[1] + strain + " by " + seatName(m[4]) + x;
  }

  /** The match's deals so far: contract, tricks, score, totals. */
  function matchTable(deals) {
    const details = el("details", "match");
    details.appendChild(el("summary", "", "The match: " + deals.length + (deals.length === 1 ? " deal" : " deals")));
    const table = el("table", "match-table");
    const head = el("tr");
    for (const h of ["Deal", "Contract", "Tricks", "North", "South"]) head.appendChild(el("th", "", h));
    table.appendChild(head);
    deals.forEach((d, i) => {
      const r = d.result;
      const row = el("tr");
      row.appendChild(el("td", "", String(i + 1) + (d.replay ? " (replay)" : "")));
      row.appendChild(el("td", "", r.contract ? contractText(r.contract) : "passed out"));
      row.appendChild(el("td", "", String(r.declarer_tricks)));
      row.appendChild(el("td", "", String(r.score[0])));
      row.appendChild(el("td", "", String(r.score[1])));
      table.appendChild(row);
    });
    details.appendChild(table);
    return details;
  }

  /** Cards a seat holds, for a spectator (13 less what it played and plus what it drew). */
  function cardsHeld(v, seat) {
    const played = v.history.filter((p) => p.seat === seat).length;
    const took = v.face_up_taken.filter(([s]) => s === seat).length;
    return Math.max(0, 13 - played + took + v.draws[seat]);
  }

  /** Where the current trick began in `history`. */
  function trickStart(v) {
    return v.led ? v.history.length - 1 : v.history.length;
  }

  /** Asks the hall for the double-dummy review of the deal just over. */
  async function ask(record) {
    if (record.deal === null || record.deal === undefined || asked === record.deal) return;
    asked = record.deal;
    const q = new URLSearchParams({ deal: String(record.deal) });
    if (ctx.invite) q.set("invite", ctx.invite);
    for (let tries = 0; tries < 3; tries++) {
      try {
        const r = await fetch("/honeymoon/review/" + ctx.table + "?" + q.toString());
        if (r.status === 404 && tries < 2) {
          // The record is booked as the deal ends: it may be a moment behind.
          await new Promise((done) => setTimeout(done, 1000));
          continue;
        }
        const text = await r.text();
        if (!r.ok) throw new Error(text.trim());
        analysis = { deal: record.deal, review: JSON.parse(text) };
      } catch (e) {
        analysis = { deal: record.deal, error: e.message };
      }
      break;
    }
    if (lastRecord && lastRecord.deal === record.deal) redrawReview();
  }

  function redrawReview() {
    const m = ctx.state();
    review.replaceChildren();
    if (lastRecord) showReview(lastRecord, Boolean(m && m.view && m.view.record));
  }

  /** The review's figures: par, tricks lost, and each card that cost a trick. */
  function analysisPart(r, add) {
    if (!analysis || analysis.deal !== r.deal) {
      add(el("p", "", "Working out the double-dummy review…"));
      return;
    }
    if (analysis.error) {
      add(el("p", "", "No double-dummy review: " + analysis.error));
      return;
    }
    const a = analysis.review;
    const box = el("div", "analysis");
    box.id = "analysis";
    box.appendChild(el("p", "", "Double dummy: par North " + a.par + " tricks · lost to mistakes: North " + a.lost[0] + ", South " + a.lost[1]));
    const costly = a.plays.filter((p) => p.cost > 0);
    if (costly.length) {
      const list = el("ul", "costly");
      for (const p of costly) {
        const li = el("li");
        li.append("Trick " + p.trick + ": " + seatName(p.seat) + " played ", Hall.cardSpan(p.card), " — cost " + p.cost + (p.cost === 1 ? " trick" : " tricks"));
        if (p.best && p.best.length) {
          li.append("; best ");
          p.best.forEach((c, i) => {
            if (i) li.append(" ");
            li.appendChild(Hall.cardSpan(c));
          });
        }
        list.appendChild(li);
      }
      box.appendChild(list);
    } else box.appendChild(el("p", "", "Every card of the play was double-dummy best."));
    if (a.exchange && a.exchange.length) {
      const list = el("ul", "exchange-worth");
      for (const x of a.exchange) {
        const li = el("li");
        li.append("Exchange trick " + x.trick + ": ", Hall.cardSpan(x.face_up), " taken by " + seatName(x.taken_by) + ", worth " + Number(x.worth).toFixed(2) + " tricks");
        list.appendChild(li);
      }
      box.append(el("b", "", "The face-up cards"), list);
    }
    add(box);
  }

  function showReview(r, now) {
    const details = el("details");
    details.open = now || reviewOpen;
    details.addEventListener("toggle", () => {
      if (!now) reviewOpen = details.open;
    });
    details.appendChild(el("summary", "", now ? "Review of the deal" : "Review of the deal before"));
    review.appendChild(details);
    const add = (e) => details.appendChild(e);
    add(el("p", "", "Contract " + recordContract(r.contract) + " · declarer's tricks " + r.declarer_tricks + " · score North " + r.score[0] + ", South " + r.score[1]));
    const hands = el("div", "review-hands");
    r.hands.forEach((pbn, seat) => {
      const col = el("div", "review-hand");
      col.appendChild(el("b", "", SEATS[seat] + " as the play began"));
      const suits = pbn.split(".");
      "♠♥♦♣".split("").forEach((sym, i) => {
        const line = el("div", i === 1 || i === 2 ? "red" : "", sym + " " + (suits[i] || "—"));
        col.appendChild(line);
      });
      hands.appendChild(col);
    });
    add(hands);
    const play = el("ol", "review-tricks");
    for (let i = 0; i < r.play.length; i += 2) {
      const li = el("li");
      for (const c of r.play.slice(i, i + 2)) li.append(Hall.cardSpan(c), " ");
      play.appendChild(li);
    }
    add(el("b", "", "The play, trick by trick"));
    add(play);
    analysisPart(r, add);
  }

  function prompt(m) {
    if (!ctx.myTurn(m) || !m.view) return null;
    if (ctx.sent()) return "…";
    if (m.view.phase === "Bidding") return "Your call: choose it in the bidding box.";
    if (m.view.phase === "Exchange") return m.view.led ? "Your turn: follow to the trick for the face-up card." : "Your lead: the trick's winner takes the face-up card.";
    return m.view.led ? "Your turn: follow to the trick." : "Your lead.";
  }

  return { show, prompt, label, redraw: () => show(ctx.state()) };
}
