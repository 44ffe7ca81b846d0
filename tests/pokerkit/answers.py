"""Writes PokerKit 0.7.7's answers for the sample hand histories in
tests/data, beside each sample as SAMPLE.pokerkit.json: per hand, the
finishing stacks PokerKit replays it to (its own HandHistory iteration,
repairs included, as a user of PokerKit gets them) or its error.

PHH and PHHS files are loaded with HandHistory.loads / loads_all;
PokerStars text is parsed by PokerKit's PokerStarsParser as released
("released") and with the ante line pattern it leaves unmatched
("with_antes"; see check.py).

Run: python tests/pokerkit/answers.py tests/data
"""

import json
import pathlib
import sys
import warnings
from decimal import Decimal

from pokerkit import HandHistory

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from check import PokerStarsWithAntes  # noqa: E402
from pokerkit.notation import PokerStarsParser  # noqa: E402


def number(x):
    if isinstance(x, Decimal):
        return format(x.normalize(), 'f') if x != x.to_integral() else str(int(x))
    return str(x)


def replay(hh):
    try:
        return {'finishing_stacks': [number(s) for s in list(hh)[-1].stacks]}
    except Exception as e:  # noqa: BLE001
        return {'error': f'{type(e).__name__}: {e}'}


def main():
    warnings.simplefilter('ignore')
    root = pathlib.Path(sys.argv[1])
    for path in sorted(root.rglob('*')):
        if path.suffix not in ('.phh', '.phhs', '.txt'):
            continue
        text = path.read_text(encoding='utf-8')
        if path.suffix == '.phh':
            answers = [replay(HandHistory.loads(text))]
        elif path.suffix == '.phhs':
            answers = [replay(hh) for hh in HandHistory.loads_all(text)]
        else:
            answers = {
                'released': [replay(hh) for hh in PokerStarsParser()(text)],
                'with_antes': [replay(hh) for hh in PokerStarsWithAntes()(text)],
            }
        out = path.with_name(path.name + '.pokerkit.json')
        out.write_text(json.dumps(answers, indent=1) + '\n')
        print(out)


if __name__ == '__main__':
    main()
