"""hall_client.py - a small client of the cardgames hall protocol (version 1),
written from docs/protocol.md alone.

It logs in, creates a heads-up Texas Hold'em table (2 seats, stack 1000),
sits in seat 0, puts a bot in seat 1, plays a few hands (it calls or checks,
and makes the smallest raise once a street when it holds a pair), prints the
table log as sentences, then leaves the table and prints the bankroll.

Start a hall, e.g. `cardgames serve --listen 127.0.0.1:7878 --data DIR`, then
run this with Python 3 and the `websockets` package (`pip install websockets`):

    python hall_client.py ann                      # a new player named ann
    python hall_client.py --hands 5 --bot hard     # again, as the same player
    python hall_client.py ann --url ws://127.0.0.1:7878/ws --token-file ann.token

The first run says hello with the name and keeps the welcome's token in the
token file (default ./.hall-token); later runs say hello with that token.
It exits with status 0 when done, or 1 with a one-line message on any error.
"""
import argparse, asyncio, json, os, sys

import websockets

SUITS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


class ProtocolError(Exception):
    pass


def card(c):
    return c[0] + SUITS[c[1]]


def third_person(verb):
    first, _, rest = verb.partition(" ")
    if first in ("be", "have"):
        first = {"be": "is", "have": "has"}[first]
    elif first.endswith(("s", "sh", "ch", "x", "z", "o")):
        first += "es"
    else:
        first += "s"
    return " ".join([first] + ([rest] if rest else []))


def sentence(parts, you, names):
    """Word one note: parts joined by a space, except before , . : ; ) and suits."""
    out, subject_is_you = "", False
    for i, p in enumerate(parts):
        if "text" in p:
            word = p["text"]
        elif "seat" in p:
            subject_is_you = p["seat"] == you
            word = ("You" if i == 0 else "you") if subject_is_you else names(p["seat"])
        elif "verb" in p:
            verb = p["verb"]
            if subject_is_you:
                word = "are" if verb == "be" else verb
            else:
                word = third_person(verb)
        elif "amount" in p:
            word = str(p["amount"])
        elif "card" in p:
            word = card(p["card"])
        elif "cards" in p:
            word = " ".join(card(c) for c in p["cards"])
        elif "suit" in p:
            out += SUITS[p["suit"]]
            continue
        else:
            raise ProtocolError("unknown note part %s" % json.dumps(p))
        glue = "" if not out or ("text" in p and word[:1] in ",.:;)") else " "
        out += glue + word
    return out


class Client:
    def __init__(self, ws, hands, bot):
        self.ws, self.hands, self.bot = ws, hands, bot
        self.next_id, self.pending = 0, {}        # id -> what the request was
        self.table = None
        self.bankroll = None
        self.names = {}                           # seat -> name, from table frames
        self.notes = []                           # notes waiting for their table frame
        self.acted = set()                        # (deal, step) already answered
        self.raised = set()                       # (deal, street) where we raised
        self.leaving = False

    async def send(self, msg, want_id=True):
        if want_id:
            self.next_id += 1
            msg["id"] = self.next_id
            self.pending[self.next_id] = msg["type"]
        await self.ws.send(json.dumps(msg))
        return msg.get("id")

    async def recv(self):
        try:
            raw = await asyncio.wait_for(self.ws.recv(), 120)
        except asyncio.TimeoutError:
            raise ProtocolError("the server said nothing for 120 seconds")
        if not isinstance(raw, str):
            raise ProtocolError("the server sent a binary frame")
        msg = json.loads(raw)
        if msg.get("type") == "error":
            what = self.pending.get(msg.get("id")) or ("a message" if self.bankroll is not None else "hello")
            raise ProtocolError("%s refused: %s (%s)" % (what, msg.get("code"), msg.get("message")))
        if msg.get("type") == "ok":
            self.pending.pop(msg.get("id"), None)
        return msg

    async def request(self, msg):
        """Send with an id; handle every frame until its ok, and return that ok."""
        rid = await self.send(msg)
        while True:
            frame = await self.recv()
            if frame["type"] == "ok" and frame.get("id") == rid:
                return frame
            await self.handle(frame)

    async def handle(self, m):
        kind = m["type"]
        if kind == "bankroll":
            self.bankroll = m["bankroll"]
            print("[bankroll: %d]" % self.bankroll)
        elif kind == "chat":
            print("<%s> %s" % (m["from"], m["text"]))
        elif kind == "notes" and m["table"] == self.table:
            self.notes.append(m)
        elif kind == "table" and m["table"] == self.table:
            await self.on_table(m)
        # lobby updates, pongs, left, other tables: nothing to do here

    def name_of(self, seat):
        return self.names.get(seat) or "seat %d" % seat

    async def on_table(self, t):
        for i, s in enumerate(t["seats"]):    # names as of this state (a bot may just have sat)
            if s["name"]:
                self.names[i] = s["name"]
        you = t["you"]
        for frame in self.notes:
            for note in frame["notes"]:
                line = sentence(note["parts"], you, self.name_of)
                print({"heading": "\n%s", "highlight": "  * %s"}.get(note["tone"], "  %s") % line)
            if "scores" in frame:
                print("  scores: " + ", ".join("%s %+g" % (self.name_of(i), s)
                                               for i, s in enumerate(frame["scores"])))
        self.notes = []
        stage = t["stage"] or {}
        if self.leaving:
            return
        if stage.get("stage") in ("deal_over", "over") and t["deal"] >= self.hands:
            self.leaving = True
        elif stage.get("stage") == "turn" and stage.get("seat") == you and t["legal"]:
            await self.play(t)

    async def play(self, t):
        state = t["view"]["state"]
        key = (t["deal"], t["step"])
        if key in self.acted:                     # the same position sent again (a new clock)
            return
        self.acted.add(key)
        me, n = t["you"], state["n"]
        hole, board = state["holes"][me], state["board"]
        print("    board: %s | your cards: %s | pot: %d" % (
            " ".join(map(card, board)) or "-", " ".join(map(card, hole)), t["view"]["pot"]))
        print("    stacks: " + ", ".join("%s %d" % (self.name_of(i), state["stacks"][i]) for i in range(n)))
        legal = t["legal"]
        raises = [a["RaiseTo"] for a in legal if isinstance(a, dict) and "RaiseTo" in a]
        ranks = [c[0] for c in hole]
        pair = ranks[0] == ranks[1] or any(c[0] in ranks for c in board)
        street = (t["deal"], state["street"])
        if pair and raises and street not in self.raised:
            self.raised.add(street)
            action = {"RaiseTo": min(raises)}
        else:
            action = "Check" if "Check" in legal else "Call"
        await self.send({"type": "act", "table": self.table, "action": action})


async def run(args):
    token = None
    if os.path.exists(args.token_file):
        with open(args.token_file) as f:
            token = f.read().strip()
    if not token and not args.name:
        raise ProtocolError("give a name (no token in %s yet)" % args.token_file)
    async with websockets.connect(args.url, max_size=None) as ws:
        c = Client(ws, args.hands, args.bot)
        hello = {"type": "hello", "version": 1}
        hello.update({"token": token} if token else {"name": args.name})
        await c.send(hello, want_id=False)
        w = await c.recv()
        if w["type"] != "welcome":
            raise ProtocolError("expected welcome, got %s" % w["type"])
        with open(args.token_file, "w") as f:
            f.write(w["token"] + "\n")
        c.bankroll = w["bankroll"]
        print("Welcome, %s (player %d); bankroll %d" % (w["player"]["name"], w["player"]["id"], w["bankroll"]))
        lobby = await c.recv()
        if lobby["type"] != "lobby":
            raise ProtocolError("expected the lobby, got %s" % lobby["type"])
        print("Games: " + ", ".join("%s (%s)" % (g["id"], g["name"]) for g in lobby["games"]))
        for t in lobby["tables"]:
            print("  table %d, %s: %s; players %s" % (t["table"], t["game"], t["about"],
                  ", ".join(p or "-" for p in t["players"])))
        print("%d table(s), %d connection(s) online" % (len(lobby["tables"]), lobby["online"]))

        ok = await c.request({"type": "create", "game": "holdem", "setup": {"seats": 2, "stack": 1000}})
        c.table = ok["table"]
        print("Created table %d" % c.table)
        try:
            await c.request({"type": "sit", "table": c.table, "seat": 0})
            await c.request({"type": "add_bot", "table": c.table, "seat": 1, "bot": args.bot})
            while not c.leaving:
                await c.handle(await c.recv())
        except ProtocolError:                     # do not leave our chips at the table
            try:
                await c.send({"type": "leave", "table": c.table}, want_id=False)
            except websockets.ConnectionClosed:
                pass
            raise
        await c.request({"type": "leave", "table": c.table})
        print("Left table %d after %d hand(s); bankroll %d" % (c.table, args.hands, c.bankroll))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name", nargs="?", help="a new player's name (first run)")
    ap.add_argument("--hands", type=int, default=3, help="hands to play (default 3)")
    ap.add_argument("--bot", default="normal", help="the bot in seat 1 (default normal)")
    ap.add_argument("--url", default="ws://127.0.0.1:7878/ws")
    ap.add_argument("--token-file", default=".hall-token")
    args = ap.parse_args()
    try:
        asyncio.run(run(args))
    except ProtocolError as e:
        sys.exit("hall_client: %s" % e)
    except websockets.ConnectionClosed as e:
        sys.exit("hall_client: connection closed (%s)" % (e.rcvd.reason if e.rcvd and e.rcvd.reason else "no reason given"))
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit("hall_client: %s: %s" % (type(e).__name__, e))
    except KeyboardInterrupt:
        sys.exit("hall_client: interrupted")


if __name__ == "__main__":
    main()
