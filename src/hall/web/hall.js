// The hall's WebSocket protocol for the web door's pages (docs/protocol.md):
// log in as the player this browser was before (its token is kept in
// localStorage) or as a new guest, send requests, and word a table's
// notes as the terminal client does. No library, no build step.
"use strict";

const Hall = (() => {
  const TOKEN = "cardgames.token";
  const NAME = "cardgames.name";

  /** A guest's name: "guest" and four digits. */
  function guestName() {
    return "guest" + String(1000 + Math.floor(Math.random() * 9000));
  }

  /**
   * Connects to the hall and logs in. `on.welcome(welcome)` once logged
   * in (again after a reconnection), `on.message(msg)` for every other
   * message, `on.status(text)` for news about the connection.
   * Returns { send(msg), rename(name) }.
   */
  function connect(on) {
    let ws = null;
    let welcomed = false;
    let wanted = null; // a name asked for by rename()
    let retries = 0;
    let guestTries = 0;

    function open() {
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      ws = new WebSocket(scheme + location.host + "/ws");
      welcomed = false;
      ws.onopen = () => {
        const hello = { type: "hello", version: 1 };
        const token = localStorage.getItem(TOKEN);
        if (wanted) hello.name = wanted;
        else if (token) hello.token = token;
        else hello.name = localStorage.getItem(NAME) || guestName();
        ws.send(JSON.stringify(hello));
      };
      ws.onmessage = (event) => {
        let msg;
        try {
          msg = JSON.parse(event.data);
        } catch (e) {
          return;
        }
        if (!welcomed) {
          loggingIn(msg);
          return;
        }
        on.message(msg);
      };
      ws.onclose = () => {
        if (welcomed) {
          welcomed = false;
          retries += 1;
          if (retries > 5) {
            on.status("The connection to the hall was lost: reload the page.");
            return;
          }
          on.status("The connection to the hall was lost: trying again…");
          setTimeout(open, 1000 * retries);
        }
      };
    }

    function loggingIn(msg) {
      if (msg.type === "welcome") {
        welcomed = true;
        retries = 0;
        wanted = null;
        localStorage.setItem(TOKEN, msg.token);
        localStorage.setItem(NAME, msg.player.name);
        on.welcome(msg);
        return;
      }
      if (msg.type !== "error") return;
      // The hall closes a connection it refuses at hello: try again.
      if (msg.code === "token") {
        localStorage.removeItem(TOKEN);
      } else if (wanted) {
        on.status(msg.message);
        wanted = null;
      } else if (msg.code === "name_taken" || msg.code === "name") {
        localStorage.removeItem(NAME);
        guestTries += 1;
        if (guestTries > 5) {
          on.status(msg.message);
          return;
        }
      } else {
        on.status(msg.message);
        return;
      }
      ws.onclose = null;
      ws.close();
      open();
    }

    open();
    return {
      send(msg) {
        if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
      },
      /** Becomes a new player named `name` (kept as this browser's). */
      rename(name) {
        wanted = name;
        if (ws) {
          ws.onclose = null;
          ws.close();
        }
        open();
      },
    };
  }

  /** "you call", "ann calls", "ann passes", "ann has" (as src/narrate.rs). */
  function conjugate(verb, you) {
    if (you) return verb === "be" ? "are" : verb;
    const space = verb.indexOf(" ");
    let head = space < 0 ? verb : verb.slice(0, space);
    const tail = space < 0 ? "" : verb.slice(space);
    if (head === "be") head = "is";
    else if (head === "have") head = "has";
    else if (/(s|x|z|o|sh|ch)$/.test(head)) head += "es";
    else head += "s";
    return head + tail;
  }

  const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

  /** A card's rank and suit symbol ("As" → { rank: "A", suit: "♠", red: false }). */
  function card(text) {
    const t = String(text);
    const s = t.slice(-1).toLowerCase();
    return { rank: t.slice(0, -1), suit: SUITS[s] || s, red: s === "h" || s === "d", text: t };
  }

  /** A card as text, its suit a symbol: "T♣". */
  function cardText(text) {
    const c = card(text);
    return c.rank + c.suit;
  }

  /** A card as a span (red for hearts and diamonds), labelled for screen readers. */
  function cardSpan(text) {
    const c = card(text);
    const span = document.createElement("span");
    span.className = "card-text" + (c.red ? " red" : "");
    span.textContent = c.rank + c.suit;
    span.dataset.card = c.text;
    return span;
  }

  /**
   * A note as pieces: { text }, { seat, text } (a player, for the page to
   * mark with their colour) or { card } (a card to draw), worded for seat
   * `you` (null: a spectator) with `name(seat)` for the others, as
   * docs/protocol.md says.
   */
  function word(note, you, name) {
    const out = [];
    let subjectIsYou = false;
    for (const part of note.parts || []) {
      const first = out.length === 0;
      let pieces;
      if ("text" in part) pieces = [{ text: String(part.text) }];
      else if ("seat" in part) {
        subjectIsYou = part.seat === you;
        pieces = [{ seat: part.seat, text: subjectIsYou ? (first ? "You" : "you") : name(part.seat) }];
      } else if ("verb" in part) pieces = [{ text: conjugate(String(part.verb), subjectIsYou) }];
      else if ("amount" in part) pieces = [{ text: String(part.amount) }];
      else if ("card" in part) pieces = [{ card: String(part.card), text: cardText(part.card) }];
      else if ("cards" in part) {
        pieces = [];
        part.cards.forEach((c, i) => {
          if (i > 0) pieces.push({ text: " " });
          pieces.push({ card: String(c), text: cardText(c) });
        });
      } else if ("suit" in part) {
        const s = String(part.suit).toLowerCase();
        out.push({ text: SUITS[s] || s });
        continue;
      } else continue;
      const attaches = "text" in part && /^[,.:;)]/.test(pieces[0].text);
      if (!first && !attaches) out.push({ text: " " });
      out.push(...pieces);
    }
    return out;
  }

  return { connect, word, guestName, card, cardText, cardSpan };
})();
