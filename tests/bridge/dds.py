"""Answers the bridge tests' questions with DDS (through endplay): one
JSON request a line on stdin, one JSON answer a line on stdout.

  {"table": "N:..."}                           -> {"tricks": [[C,D,H,S,NT] for N,E,S,W]}
  {"par": "N:...", "vul": "ns", "dealer": "N"} -> {"score": NS par score}
  {"position": "N:...", "trump": "S"|"NT", "first": "W", "trick": ["SA", ...]}
                                               -> {"cards": [["SA", tricks], ...]}
     (hands without the trick's cards; tricks for the side to play)
  {"time": ["N:...", ...]}                     -> {"seconds": S}  (tables, one thread)
"""
import json
import sys
import time

from endplay.dds import calc_dd_table, par, solve_board
from endplay.types import Card, Deal, Denom, Player, Vul

from endplay._dds import SetMaxThreads

# One thread, as ours runs.
SetMaxThreads(1)

DENOMS = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
PLAYERS = [Player.north, Player.east, Player.south, Player.west]
VUL = {"none": Vul.none, "ns": Vul.ns, "ew": Vul.ew, "all": Vul.both}
TRUMP = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
SUIT = {Denom.clubs: "c", Denom.diamonds: "d", Denom.hearts: "h", Denom.spades: "s"}
SEAT = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}


def table(pbn):
    t = calc_dd_table(Deal(pbn))
    return [[t[d, p] for d in DENOMS] for p in PLAYERS]


def position(req):
    deal = Deal(req["position"])
    first = SEAT[req["first"]]
    # Give the trick's cards back to their players, then play them.
    for k, c in enumerate(req["trick"]):
        deal[first.next(k)].add(c)
    deal.first = first
    deal.trump = TRUMP[req["trump"]]
    for c in req["trick"]:
        deal.play(c)
    return [[card.rank.abbr + SUIT[card.suit], t] for card, t in solve_board(deal)]


for line in sys.stdin:
    req = json.loads(line)
    if "table" in req:
        out = {"tricks": table(req["table"])}
    elif "par" in req:
        t = calc_dd_table(Deal(req["par"]))
        out = {"score": par(t, VUL[req["vul"]], SEAT[req["dealer"]]).score}
    elif "position" in req:
        out = {"cards": position(req)}
    elif "time" in req:
        deals = [Deal(p) for p in req["time"]]
        start = time.perf_counter()
        for d in deals:
            calc_dd_table(d)
        out = {"seconds": time.perf_counter() - start}
    else:
        out = {"error": "unknown request"}
    print(json.dumps(out), flush=True)
