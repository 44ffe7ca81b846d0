//! Honeymoon for the runner: a match of deals ([`Honeymoon`] as
//! [`Playable`]): the next deal, its swapped replay in duplicate, a new
//! match once one is over; what each seat may be told; taking back cards;
//! the default action, the bots by name, the narration and the deal's
//! record.

use super::action::{Action, Event, Phase, RuleError};
use super::auction::Call;
use super::bots::players::{BOT_NAMES, make_bot};
use super::narration;
use super::setup::Setup;
use super::state::Honeymoon;
use super::tricks::{NORTH, SOUTH, legal_cards};
use super::view::View;
use crate::cards::CardSet;
use crate::game::{BoxBot, Game, Level, Playable, Seat, SetupError};
use crate::narrate::Note;

impl Playable for Honeymoon {
    type Setup = Setup;
    const ID: &'static str = "honeymoon";

    /// The first deal of a match, North dealing.
    fn new(options: &Setup, seed: u64) -> Result<Honeymoon, SetupError> {
        Ok(Honeymoon::new(*options, NORTH, seed))
    }

    /// Deal `deal` of a match from its seed, the dealers alternating;
    /// every rotation of a deal gets the same cards.
    fn match_deal(
        options: &Setup,
        seed: u64,
        deal: u64,
        _play: u64,
    ) -> Result<Honeymoon, SetupError> {
        let seed = seed.wrapping_add(deal.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        Ok(Honeymoon::new(*options, (deal % 2) as Seat, seed))
    }

    fn opening(&self) -> Vec<Event> {
        vec![Event::NewDeal(self.dealer)]
    }

    /// The finished deal as a JSON record (see
    /// [`DealRecord`](super::formats::record::DealRecord)).
    fn deal_record(&self, _kept: &crate::game::Kept) -> Option<String> {
        self.record().map(|r| r.to_json())
    }

    const RECORD_EXT: Option<&'static str> = Some("json");

    /// Back to any earlier card of the play; in practice, of the exchange
    /// too. Never into the auction or another deal.
    fn may_rewind(&self, earlier: &Honeymoon) -> bool {
        earlier.deal_number == self.deal_number
            && earlier.replay == self.replay
            && match earlier.phase {
                Phase::Play => true,
                Phase::Exchange => self.options.practice,
                _ => false,
            }
    }

    fn rewound(&mut self) {
        self.undos += 1;
    }

    fn seats(&self) -> usize {
        2
    }

    /// South's side with South's cards and draws taken away.
    fn spectator_view(&self) -> View {
        let mut v = self.view(SOUTH);
        v.hand = CardSet::EMPTY;
        v.my_draws.clear();
        v
    }

    fn event_for(event: &Event, seat: Option<Seat>) -> Event {
        match event {
            Event::DrewHidden(s, Some(_)) if Some(*s) != seat => Event::DrewHidden(*s, None),
            e => e.clone(),
        }
    }

    /// A seat's cards the other has not seen taken face up; for no seat,
    /// the face-down stock.
    fn secrets(&self, seat: Option<Seat>) -> CardSet {
        match seat {
            Some(s) => {
                let taken: CardSet = self
                    .face_up_taken
                    .iter()
                    .filter(|(who, _)| *who == s)
                    .map(|&(_, c)| c)
                    .collect();
                self.hands[s] - taken
            }
            None => self.stock.iter().copied().collect(),
        }
    }

    fn narrate(&self, event: &Event) -> Vec<Note> {
        let mut notes = narration::notes(event);
        if matches!(event, Event::DealOver(_)) && self.match_over() {
            notes.push(narration::match_over(self.totals));
        }
        notes
    }

    /// A pass in the auction, the lowest legal card in the play.
    fn default_action(&self) -> Option<Action> {
        match self.phase {
            Phase::Bidding => Some(Action::Call(Call::Pass)),
            Phase::Exchange | Phase::Play => legal_cards(self.hands[self.to_act], self.led)
                .iter()
                .min_by_key(|c| (c.rank(), c.suit()))
                .map(Action::Play),
            Phase::Over => None,
        }
    }

    fn deal_over(&self) -> bool {
        self.result.is_some()
    }

    /// The next deal of the match; once the match is over, the first deal
    /// of a new match (so a table in the hall plays on).
    fn next_deal(&mut self) -> Result<Vec<Event>, RuleError> {
        if self.result.is_none() {
            return Err(RuleError::InProgress);
        }
        *self = if self.match_over() {
            self.next_match()
        } else if self.options.duplicate && !self.replay {
            self.swapped()
        } else {
            self.following()
        };
        Ok(vec![Event::NewDeal(self.dealer)])
    }

    /// Each seat's points this deal.
    fn scores(&self) -> Option<Vec<f64>> {
        self.result
            .map(|r| r.score.iter().map(|&p| p as f64).collect())
    }

    fn bot_names() -> &'static [&'static str] {
        &BOT_NAMES
    }

    fn bot(name: &str) -> Option<BoxBot<Honeymoon>> {
        make_bot(name)
    }

    fn level_bot(level: Level) -> &'static str {
        match level {
            Level::Easy => "random",
            Level::Normal => "greedy",
            Level::Hard => "strong",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::honeymoon::auction::{Bid, Contract, Strain};
    use crate::honeymoon::scoring::DealResult;
    use crate::honeymoon::setup::MatchLength;
    use crate::honeymoon::testing::{card, exchange_deal_with, ok};

    /// Plays [`exchange_deal_with`] out: South, defending, scores 300.
    fn played_out(length: MatchLength) -> Honeymoon {
        let mut g = exchange_deal_with(Setup {
            length,
            ..Setup::default()
        });
        for c in ["2s", "Ks", "As", "4h", "5c", "3c", "Ad", "3h"] {
            ok(&mut g, Action::Play(card(c)));
        }
        assert!(g.deal_over());
        g
    }

    #[test]
    fn a_match_is_over_at_its_length_and_no_further_deal_of_it_is_dealt() {
        for (length, over) in [
            (MatchLength::Endless, false),
            (MatchLength::Deals(1), true),
            (MatchLength::Deals(2), false),
            (MatchLength::Points(300), true),
            (MatchLength::Points(301), false),
        ] {
            let g = played_out(length);
            assert_eq!(g.match_over(), over, "{length}");
            assert_eq!(g.view(SOUTH).match_over, over, "{length}");
            let mut next = g.clone();
            ok_next(&mut next);
            if over {
                assert_eq!(next.totals(), [0, 0], "{length}: a new match");
                assert!(next.deals().is_empty(), "{length}: a new match");
            } else {
                assert_eq!(next.totals(), [0, 300], "{length}: the match goes on");
                assert_eq!(next.deals().len(), 1, "{length}");
            }
            assert!(!next.match_over());
            assert_eq!(next.deal_number(), g.deal_number() + 1, "fresh cards");
        }
        let over = played_out(MatchLength::Deals(1));
        // A table (the hall's too) sees a deal over and deals on: a new match.
        assert_eq!(crate::game::Stage::of(&over), crate::game::Stage::DealOver);
        let result = over.outcome().unwrap_or_else(|| panic!("scored"));
        assert_eq!(over.narrate(&Event::DealOver(result)).len(), 2);
        let notes = over.narrate(&Event::NewDeal(NORTH));
        assert_eq!(notes.len(), 1, "only a deal's end announces the match's");
    }

    #[test]
    fn in_duplicate_the_match_ends_only_after_the_replay() {
        let g = played_out(MatchLength::Deals(1));
        let mut dup = g.clone();
        dup.options.duplicate = true;
        assert!(!dup.match_over(), "the swapped replay is still to come");
        dup.replay = true;
        assert!(dup.match_over());
    }

    fn ok_next(g: &mut Honeymoon) {
        if let Err(e) = g.next_deal() {
            panic!("next deal: {e}");
        }
    }

    #[test]
    fn a_seed_replays_the_deal_and_the_view_hides_the_other_hand() {
        let a = Honeymoon::new(Setup::default(), NORTH, 99);
        let b = Honeymoon::new(Setup::default(), NORTH, 99);
        assert_eq!(a, b);
        let v = a.view(SOUTH);
        assert_eq!(v.hand, a.hand(SOUTH));
        assert_eq!(v.unseen(), CardSet::FULL - a.hand(SOUTH));
        let json = serde_json::to_string(&a).unwrap_or_default();
        let back: Honeymoon = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, a);
        let mut next = a.clone();
        next.result = Some(DealResult {
            contract: Contract {
                bid: Bid {
                    level: 1,
                    strain: Strain::Clubs,
                },
                declarer: NORTH,
                doubled: 0,
            },
            declarer_tricks: 7,
            score: [20, 0],
            totals: [20, 0],
        });
        next.next_deal().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(next.dealer(), SOUTH);
        assert_ne!(next.hand(NORTH), a.hand(NORTH));
    }
}
