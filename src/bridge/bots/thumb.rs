//! Card play by rules of thumb, the easy level and the fallback of the
//! others: lead the top of a sequence or partner's suit (fourth best of
//! the longest against no trump), second hand low, third hand high, cover
//! an honour with an honour, win as cheaply as possible in fourth seat,
//! ruff when the opponents are winning, discard from the weakest suit.

use crate::bridge::board::Direction;
use crate::bridge::state::View;
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::honeymoon::lead_wins;

/// Everything the rules of thumb look at.
struct Table<'a> {
    view: &'a View,
    hand: CardSet,
    trump: Option<Suit>,
}

/// The cards played so far and in the trick: gone from the game.
fn gone(view: &View) -> CardSet {
    view.tricks
        .iter()
        .flat_map(|t| t.cards)
        .chain(view.trick.iter().copied())
        .collect()
}

/// Whether `card` is the highest of its suit still out (held or to come).
pub fn master(card: Card, gone: CardSet, hand: CardSet) -> bool {
    let s = card.suit();
    Rank::ALL.iter().filter(|&&r| r > card.rank()).all(|&r| {
        let c = Card::new(r, s);
        gone.contains(c) || hand.contains(c)
    })
}

/// The lowest card of a set (by rank, then suit).
fn lowest(cards: CardSet) -> Option<Card> {
    cards.iter().min_by_key(|c| (c.rank(), c.suit()))
}

/// The highest card of a set.
fn highest(cards: CardSet) -> Option<Card> {
    cards.iter().max_by_key(|c| (c.rank(), c.suit()))
}

/// The card now winning the trick and its place.
fn winning(trick: &[Card], trump: Option<Suit>) -> Option<(usize, Card)> {
    let mut best: Option<(usize, Card)> = None;
    for (k, &c) in trick.iter().enumerate() {
        best = match best {
            Some((bk, b)) if lead_wins(b, c, trump) => Some((bk, b)),
            _ => Some((k, c)),
        };
    }
    best
}

impl Table<'_> {
    fn legal(&self) -> CardSet {
        match self.view.trick.first() {
            Some(led) => {
                let same = self.hand.of_suit(led.suit());
                if same.is_empty() { self.hand } else { same }
            }
            None => self.hand,
        }
    }

    /// The cards of `legal` that would win the trick now.
    fn winners(&self, legal: CardSet) -> CardSet {
        let Some((_, best)) = winning(&self.view.trick, self.trump) else {
            return legal;
        };
        legal
            .iter()
            .filter(|&c| !lead_wins(best, c, self.trump))
            .collect()
    }

    fn lead(&self) -> Card {
        let gone = gone(self.view);
        let hand = self.hand;
        // A master card: cash it (declarer's side, or a defender after
        // the opening lead).
        let non_trump = |c: &Card| Some(c.suit()) != self.trump;
        let played = !self.view.tricks.is_empty() || self.view.won != [0, 0];
        if played
            && let Some(c) = hand
                .iter()
                .filter(non_trump)
                .find(|&c| master(c, gone, hand))
        {
            return c;
        }
        // Top of a sequence of honours.
        for s in Suit::ALL {
            let cards = hand.of_suit(s);
            if Some(s) == self.trump && self.view.tricks.is_empty() {
                continue;
            }
            let mut sorted = cards.sorted_for_display();
            sorted.sort_by_key(|c| std::cmp::Reverse(c.rank()));
            if let [a, b, ..] = sorted.as_slice()
                && a.rank() >= Rank::Ten
                && a.rank().index() == b.rank().index() + 1
            {
                return *a;
            }
        }
        // Fourth best of the longest suit without trumps, never away from
        // an ace against a suit contract.
        let mut suits: Vec<Suit> = Suit::ALL
            .into_iter()
            .filter(|&s| !hand.of_suit(s).is_empty() && Some(s) != self.trump)
            .collect();
        suits.sort_by_key(|&s| std::cmp::Reverse(hand.of_suit(s).len()));
        for s in &suits {
            let cards = hand.of_suit(*s);
            let has_ace = cards.contains(Card::new(Rank::Ace, *s));
            if self.trump.is_some() && has_ace {
                continue;
            }
            let mut sorted: Vec<Card> = cards.iter().collect();
            sorted.sort_by_key(|c| std::cmp::Reverse(c.rank()));
            return *sorted.get(3).or(sorted.last()).unwrap_or(&sorted[0]);
        }
        suits
            .first()
            .and_then(|&s| lowest(hand.of_suit(s)))
            .or_else(|| lowest(hand))
            .unwrap_or_else(|| hand.first().unwrap_or(Card::new(Rank::Two, Suit::Clubs)))
    }

    fn follow(&self) -> Card {
        let legal = self.legal();
        let trick = &self.view.trick;
        let led = trick[0];
        let place = trick.len();
        let (win_at, best) = winning(trick, self.trump).unwrap_or((0, led));
        // Who is winning: partner's card sits two places before mine.
        let partner_winning = place >= 2 && win_at == place - 2;
        let gone = gone(self.view);
        let winners = self.winners(legal);
        let cheapest_winner = lowest(winners);
        let following = legal.iter().any(|c| c.suit() == led.suit());
        if !following {
            // Ruff when they are winning; otherwise discard low.
            if !partner_winning && let Some(t) = self.trump {
                let ruffs: CardSet = winners.iter().filter(|c| c.suit() == t).collect();
                if let Some(r) = lowest(ruffs) {
                    return r;
                }
            }
            return self.discard(legal);
        }
        match place {
            1 => {
                // Second hand low; cover an honour with an honour.
                if led.rank() >= Rank::Jack
                    && let Some(c) = cheapest_winner.filter(|c| c.rank() > led.rank())
                {
                    return c;
                }
                lowest(legal).unwrap_or(led)
            }
            2 => {
                // Third hand high, unless partner's card is already the master.
                if partner_winning && master(best, gone, self.hand) {
                    return lowest(legal).unwrap_or(led);
                }
                match cheapest_winner {
                    Some(_) => highest_of_run(legal, winners),
                    None => lowest(legal).unwrap_or(led),
                }
            }
            _ => {
                if partner_winning {
                    lowest(legal).unwrap_or(led)
                } else {
                    cheapest_winner.or_else(|| lowest(legal)).unwrap_or(led)
                }
            }
        }
    }

    /// The lowest card of the weakest side suit.
    fn discard(&self, legal: CardSet) -> Card {
        let worth = |s: Suit| -> u32 {
            legal
                .of_suit(s)
                .iter()
                .map(|c| c.rank().index() as u32)
                .max()
                .unwrap_or(99)
                + if Some(s) == self.trump { 50 } else { 0 }
        };
        let suit = Suit::ALL
            .into_iter()
            .filter(|&s| !legal.of_suit(s).is_empty())
            .min_by_key(|&s| worth(s));
        suit.and_then(|s| lowest(legal.of_suit(s)))
            .or_else(|| lowest(legal))
            .unwrap_or_else(|| legal.first().unwrap_or(Card::new(Rank::Two, Suit::Clubs)))
    }
}

/// Third hand plays high, but the lowest of touching winners.
fn highest_of_run(legal: CardSet, winners: CardSet) -> Card {
    let top = highest(winners)
        .unwrap_or_else(|| lowest(legal).unwrap_or(Card::new(Rank::Two, Suit::Clubs)));
    let mut card = top;
    loop {
        let r = card.rank().index();
        if r == 0 {
            return card;
        }
        let below = Card::new(Rank::from_index(r as u8 - 1), card.suit());
        if legal.contains(below) {
            card = below;
        } else {
            return card;
        }
    }
}

/// The card the rules of thumb play from `seat`'s hand in `view` (the
/// hand to play, which may be dummy's).
pub fn card(view: &View, seat: Direction) -> Option<Card> {
    let hand = view.hands[seat.index()];
    if hand.is_empty() {
        return None;
    }
    let trump = view.contract.and_then(|c| c.bid.strain.trump());
    let t = Table { view, hand, trump };
    Some(if view.trick.is_empty() {
        t.lead()
    } else {
        t.follow()
    })
}
