// A table's page, for every game: what all games share — the seats (sit,
// stand, sit out, the owner's bots), the prompt and the clock, the log of
// notes worded as the terminal client words them, the result of a deal,
// the chat, a private table's invite — around the game's own board, the
// module /web/boards/GAME.js (found by the game's id, as the terminal's
// boards are), which draws the `table` view and sends the actions.
//
// A board module exports `board(ctx)` returning
//   show(m, before)   draws table state `m` (async allowed); may return
//                     milliseconds to leave it on screen before the next
//   prompt(m)?        the line saying what to do now (else a plain one)
//   notes(m)?         sees each notes frame
//   result(scores)?   { text, winners } for a deal's end (else the
//                     highlighted notes say it)
//   seat(m, seat, li)? adds the game's facts to a seat's line
//   label(seat)?      a seat's name in the game (North, a, …)
//   redraw()?         draws again (after an error, a choice undone)
//   tick(seconds)?    the seconds left to the seat to act, every second
// and gets `ctx`: root and controls (its elements), act(action), send,
// name(seat), state(), sent(), prompt() (recomputes the prompt), error.
// Hall (the protocol, hall.js) is loaded before this module.

const $ = (id) => document.getElementById(id);
const main = $("table");
const TABLE = Number(main.dataset.table);
const GAME = main.dataset.game;
const INVITE = main.dataset.invite || undefined;

const queue = []; // table states and notes, in the order they came
let pumping = false;
let shown = null; // the table state on screen
let sent = false; // an action sent at this position, not yet answered
let form = null; // the game's form: its bots and levels
let resultDeal = null; // the deal whose result is shown
let board = null;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const position = (m) => (m ? m.deal + ":" + m.step : "");

function myTurn(m) {
  return Boolean(
    m && m.stage && m.stage.stage === "turn" && m.you !== null && m.stage.seat === m.you && (m.legal || []).length > 0,
  );
}

function label(seat) {
  return board && board.label ? board.label(seat) : "seat " + (seat + 1);
}

/** A seat's player as a note names them: their name, or the seat's label. */
function name(seat) {
  const s = shown && shown.seats[seat];
  if (!s || !s.name) return label(seat);
  return board && board.label ? s.name + " (" + board.label(seat) + ")" : s.name;
}

const ctx = {
  root: $("board"),
  controls: $("controls"),
  table: TABLE,
  invite: INVITE,
  myTurn,
  name,
  state: () => shown,
  sent: () => sent,
  act(action) {
    if (!myTurn(shown) || sent) return;
    sent = true;
    $("error").textContent = "";
    hall.send({ type: "act", table: TABLE, action });
    main.dataset.turn = turnWord(shown);
    refreshPrompt();
  },
  send(msg) {
    hall.send(msg);
  },
  prompt: () => refreshPrompt(),
  error(text) {
    $("error").textContent = text;
  },
};

const hall = Hall.connect({
  welcome() {
    hall.send({ type: "watch", table: TABLE, invite: INVITE });
  },
  message(m) {
    if ((m.type === "table" || m.type === "notes") && m.table === TABLE) {
      m.at = performance.now();
      queue.push(m);
      pump();
    } else if (m.type === "chat" && m.table === TABLE) {
      chatLine(m);
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
window.hallTable = () => shown;

const ready = (async () => {
  const mod = await import("/web/boards/" + GAME + ".js");
  board = mod.board(ctx);
  try {
    const r = await fetch("/web/form/" + GAME);
    if (r.ok) form = await r.json();
  } catch (e) {
    form = null;
  }
})();

// Shows what came, in order; a board may keep a state on screen a moment.
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    await ready;
    while (queue.length > 0) {
      const m = queue.shift();
      if (m.type === "notes") {
        logNotes(m);
        continue;
      }
      const pause = await show(m);
      if (pause) await sleep(pause);
    }
  } finally {
    pumping = false;
  }
}

async function show(m) {
  const before = shown;
  if (position(before) !== position(m)) sent = false;
  // A turn's frame again with a new clock: the time bank was given.
  m.bank = position(before) === position(m) && m.deadline_ms !== null && before.deadline_ms !== null
    ? before.bank || m.deadline_ms > before.deadline_ms - (m.at - before.at) + 1000
    : false;
  // The result of the deal before goes when the next deal begins.
  if (resultDeal !== null && m.deal > resultDeal && m.stage && m.stage.stage === "turn") {
    $("result").textContent = "";
    $("result").dataset.winners = "";
    resultDeal = null;
  }
  shown = m;
  showSeats(m);
  showButtons(m);
  const pause = await board.show(m, before);
  tick();
  main.dataset.turn = turnWord(m);
  main.dataset.deal = String(m.deal);
  main.dataset.step = String(m.step);
  refreshPrompt();
  return pause;
}

function turnWord(m) {
  if (!m || !m.stage) return "waiting";
  if (m.stage.stage !== "turn") return "over";
  if (sent) return "sending";
  return myTurn(m) ? "you" : "other";
}

function refreshPrompt() {
  const m = shown;
  if (!m) return;
  const own = board.prompt ? board.prompt(m) : null;
  $("prompt").textContent = own || plainPrompt(m);
}

function plainPrompt(m) {
  if (!m.stage) return m.status.charAt(0).toUpperCase() + m.status.slice(1) + ".";
  if (m.stage.stage === "deal_over") return "The deal is over: the next one begins in a moment.";
  if (m.stage.stage !== "turn") return m.status.charAt(0).toUpperCase() + m.status.slice(1) + ".";
  if (sent) return "…";
  if (myTurn(m)) return "Your turn.";
  const seat = m.stage.seat;
  const bot = m.seats[seat] && m.seats[seat].kind === "bot";
  const text = name(seat) + (bot ? " is thinking…" : " is to act.");
  return m.you === null ? "You are watching. " + text : text;
}

function button(id, text, click) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.textContent = text;
  b.addEventListener("click", click);
  return b;
}

function showSeats(m) {
  const list = $("seat-list");
  list.replaceChildren();
  const chips = m.seats.some((s) => s.chips !== undefined && s.chips !== null);
  m.seats.forEach((s, seat) => {
    const li = document.createElement("li");
    li.className = "seat p" + seat;
    li.dataset.seat = String(seat);
    li.dataset.kind = s.kind;
    const who = document.createElement("span");
    who.className = "who";
    const tag = document.createElement("b");
    tag.textContent = label(seat);
    who.append(tag, " ");
    const nm = document.createElement("span");
    nm.className = "name";
    nm.textContent = s.kind === "empty" ? "empty seat" : s.name;
    who.appendChild(nm);
    if (seat === m.you) who.append(" — you");
    if (s.kind === "person" && !s.connected) who.append(" (away)");
    if (s.sitting_out) who.append(" (sitting out)");
    li.appendChild(who);
    if (chips && s.kind !== "empty") {
      const c = document.createElement("span");
      c.className = "chips";
      c.textContent = s.chips + " chips";
      li.appendChild(c);
    }
    if (board.seat) board.seat(m, seat, li);
    if (m.stage && m.stage.stage === "turn" && m.stage.seat === seat) {
      li.dataset.toMove = "yes";
      const mark = document.createElement("span");
      mark.className = "to-move";
      mark.textContent = "◀ to move";
      li.appendChild(mark);
    }
    const gameOn = Boolean(m.stage) && !chips;
    if (m.you === null && (s.kind === "empty" || (s.kind === "bot" && gameOn))) {
      li.appendChild(
        button("sit-" + seat, s.kind === "empty" ? "Sit here" : "Take this seat", () =>
          hall.send({ type: "sit", table: TABLE, seat, invite: INVITE }),
        ),
      );
    }
    if (m.owner && s.kind === "empty") {
      const ai = document.createElement("select");
      ai.id = "ai-" + seat;
      ai.setAttribute("aria-label", "Computer player for " + label(seat));
      for (const bot of bots()) ai.add(new Option(bot, bot));
      li.append(
        ai,
        button("add-bot-" + seat, "Computer here", () =>
          hall.send({ type: "add_bot", table: TABLE, seat, bot: ai.value }),
        ),
      );
    }
    if (m.owner && s.kind === "bot" && s.name.startsWith("bot:")) {
      li.appendChild(
        button("remove-bot-" + seat, "Remove", () => hall.send({ type: "remove_bot", table: TABLE, seat })),
      );
    }
    list.appendChild(li);
  });
}

/** The bots an owner may seat: the levels, then the game's bots. */
function bots() {
  if (!form) return ["normal"];
  return [...new Set([...form.levels, ...form.bots])];
}

function showButtons(m) {
  const seated = m.you !== null;
  const out = seated && m.seats[m.you] && m.seats[m.you].sitting_out;
  $("stand").hidden = !seated;
  $("sit-out").hidden = !seated || out;
  $("sit-back").hidden = !out;
  if (m.invite) {
    const link = location.origin + "/table/" + TABLE + "?invite=" + encodeURIComponent(m.invite);
    $("invite-link").href = link;
    $("invite-link").textContent = link;
    $("invite-line").hidden = false;
  }
}

$("stand").addEventListener("click", () => hall.send({ type: "stand", table: TABLE }));
$("sit-out").addEventListener("click", () => hall.send({ type: "sit_out", table: TABLE }));
$("sit-back").addEventListener("click", () => hall.send({ type: "sit_back", table: TABLE }));

// The log survives a reload of the page (kept for this tab only).
const LOG_KEY = "cardgames.log." + TABLE;
let kept = [];
try {
  kept = JSON.parse(sessionStorage.getItem(LOG_KEY) || "[]") || [];
} catch (e) {
  kept = [];
}
for (const line of kept) $("log").appendChild(lineItem(line.tone, line.pieces));

/** A note as a list item, its players marked. */
function noteItem(note, you) {
  const pieces = Hall.word(note, you, name);
  kept.push({ tone: note.tone, pieces });
  return lineItem(note.tone, pieces);
}

function lineItem(tone, pieces) {
  const li = document.createElement("li");
  li.className = "tone-" + tone;
  for (const piece of pieces) {
    if ("seat" in piece) {
      const span = document.createElement("span");
      span.className = "who p" + piece.seat;
      span.textContent = piece.text;
      li.appendChild(span);
    } else if ("card" in piece) {
      li.appendChild(Hall.cardSpan(piece.card));
    } else li.append(piece.text);
  }
  return li;
}

function logNotes(m) {
  const log = $("log");
  const you = shown ? shown.you : null;
  const highlights = [];
  for (const note of m.notes) {
    const li = noteItem(note, you);
    log.appendChild(li);
    if (note.tone === "highlight") highlights.push(li.textContent);
  }
  while (log.children.length > 300) log.firstElementChild.remove();
  kept = kept.slice(-300);
  try {
    sessionStorage.setItem(LOG_KEY, JSON.stringify(kept));
  } catch (e) {
    // A full storage only costs the log after a reload.
  }
  log.scrollTop = log.scrollHeight;
  if (board.notes) board.notes(m);
  if (m.scores) {
    const r = board.result ? board.result(m.scores, you) : null;
    $("result").textContent = r ? r.text : highlights.join(" ");
    $("result").dataset.winners = r ? r.winners : "";
    resultDeal = shown ? shown.deal : 0;
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
  if (text) hall.send({ type: "chat", table: TABLE, text });
  $("chat-text").value = "";
});

function failed(m) {
  if (m.code === "no_table") {
    $("prompt").textContent = "There is no table " + TABLE + " (or it is private).";
  }
  $("error").textContent = m.message;
  if (sent) {
    sent = false;
    if (shown) main.dataset.turn = turnWord(shown);
    if (board && board.redraw) board.redraw();
    refreshPrompt();
  }
}

// The time left to the seat to act.
function tick() {
  const m = shown;
  const clock = $("clock");
  if (!m || m.deadline_ms === null || m.deadline_ms === undefined || !m.stage || m.stage.stage !== "turn") {
    clock.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil((m.deadline_ms - (performance.now() - m.at)) / 1000));
  clock.textContent =
    (myTurn(m) ? "You have " : name(m.stage.seat) + " has ") + left + " s to act" + (m.bank ? ", from the time bank." : ".");
  clock.dataset.low = left <= 10 ? "yes" : "no";
  if (board && board.tick) board.tick(left);
}
setInterval(tick, 1000);
