"""Replays hand histories with PokerKit 0.7.7, the reference PHH
implementation, strictly: every action must apply as written (card burns,
which PHH never writes, are the only step added), the hand must end, and
no warning may be raised (PokerKit warns instead of refusing, e.g. for a
card dealt twice). A hand that needs any other step added (a repair) or
ends elsewhere is reported.

Input (standard input): a JSON list of hands, each
  {"id": ..., "phh": TEXT, "pokerstars": TEXT or null, "stacks": [...]}
Output (standard output): one JSON object
  {"phh": {"hands": N, "problems": [...]}, "pokerstars": {...}}

PokerStars text is parsed with PokerKit's own PokerStarsParser, given the
ante line pattern its 0.7.7 release leaves unmatched
(ANTE_POSTING = UNMATCHABLE_PATTERN): "NAME: posts the ante N".
Everything else is PokerKit's as released; the one warning its parser
raises about its own "time_zone_abbreviation" field is not counted.
"""

import json
import re
import sys
import warnings
from decimal import Decimal

from pokerkit import HandHistory
from pokerkit.notation import PokerStarsParser, parse_action


class PokerStarsWithAntes(PokerStarsParser):
    ANTE_POSTING = re.compile(r'(?P<player>.+): posts the ante \D?(?P<ante>[0-9.]+)')


def number(x):
    if isinstance(x, Decimal):
        return str(x.normalize()) if x != x.to_integral() else str(int(x))
    return str(x)


def strict(hh):
    """The final stacks of a strict replay, or raises ValueError."""
    state = hh.create_state()
    for action in hh.actions:
        while state.can_burn_card():
            state.burn_card('??')
        parse_action(state, action, hh.parse_value)
    while state.can_burn_card():
        state.burn_card('??')
    if state.status:
        raise ValueError('the hand is not over after the last action')
    return [number(s) for s in state.stacks]


def check(kind, hand, text, load):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            hh = load(text)
            stacks = strict(hh)
        except Exception as e:  # noqa: BLE001 - every failure is reported
            return f'{kind} {hand["id"]}: {type(e).__name__}: {e}'
    # PokerKit's PokerStars parser itself passes a field its HandHistory
    # does not know ("time_zone_abbreviation") and warns about it: that
    # warning says nothing about the text.
    caught = [w for w in caught if 'time_zone_abbreviation' not in str(w.message)]
    if caught:
        return f'{kind} {hand["id"]}: warning: {caught[0].message}'
    want = [number(Decimal(s)) if '.' in str(s) else str(s) for s in hand['stacks']]
    if stacks != want:
        return f'{kind} {hand["id"]}: stacks {stacks}, ours {want}'
    return None


def main():
    hands = json.load(sys.stdin)
    out = {'phh': {'hands': 0, 'problems': []},
           'pokerstars': {'hands': 0, 'problems': []}}
    for hand in hands:
        out['phh']['hands'] += 1
        p = check('phh', hand, hand['phh'], HandHistory.loads)
        if p:
            out['phh']['problems'].append(p)
        if hand.get('pokerstars') is not None:
            out['pokerstars']['hands'] += 1

            def load(text):
                parsed = list(PokerStarsWithAntes()(text, error_status=True))
                if len(parsed) != 1:
                    raise ValueError(f'{len(parsed)} hands parsed')
                return parsed[0]

            p = check('pokerstars', hand, hand['pokerstars'], load)
            if p:
                out['pokerstars']['problems'].append(p)
    json.dump(out, sys.stdout)


if __name__ == '__main__':
    main()
