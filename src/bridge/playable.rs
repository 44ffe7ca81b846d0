//! Bridge for the runner: a match of boards ([`ContractBridge`]) as
//! [`Playable`]: four seats, what each may know, the next board, each
//! seat's score, the board's PBN record, undo within a board's play, and
//! the bots by name and level.

use super::board::{Direction, Side};
use super::bots::{NAMES, make_bot};
use super::contract::Call;
use super::formats::{Record, pbn};
use super::narration;
use super::session::{ContractBridge, TableEvent, TableView};
use super::setup::{Scoring, Setup};
use super::state::{Action, Phase, RuleError};
use crate::cards::CardSet;
use crate::game::{BoxBot, Game, Kept, Level, Playable, Seat, SetupError};
use crate::narrate::Note;

impl ContractBridge {
    /// The board in play as a file records it: deal, calls, cards and the
    /// result once over.
    pub fn record(&self) -> Record {
        let board = self.board();
        let mut rec = Record::of_deal(board.deal());
        rec.dealer = board.auction().dealer();
        rec.vulnerability = board.vulnerability();
        rec.calls = board.auction().calls().to_vec();
        rec.contract = board.auction().contract();
        if let Some(p) = board.play() {
            rec.play = p
                .tricks()
                .iter()
                .flat_map(|t| t.cards)
                .chain(p.trick().iter().copied())
                .collect();
            if p.is_over() {
                rec.result = Some(p.declarer_tricks());
            }
        }
        rec
    }
}

impl Playable for ContractBridge {
    type Setup = Setup;
    const ID: &'static str = "bridge";

    fn new(setup: &Setup, seed: u64) -> Result<ContractBridge, SetupError> {
        if setup.boards == 0 {
            return Err(SetupError("a match needs at least one board".into()));
        }
        Ok(ContractBridge::new(*setup, seed, 1))
    }

    /// Board `deal` of a bot match: numbered `deal + 1` (dealer and
    /// vulnerability go round as at a club), the same cards for every
    /// rotation of the seats.
    fn match_deal(
        setup: &Setup,
        seed: u64,
        deal: u64,
        _play: u64,
    ) -> Result<ContractBridge, SetupError> {
        let seed = seed ^ deal.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Ok(ContractBridge::new(*setup, seed, (deal % 16) as u32 + 1))
    }

    fn opening(&self) -> Vec<TableEvent> {
        vec![self.dealt_event()]
    }

    /// The finished board in PBN, with the players' names.
    fn deal_record(&self, kept: &Kept) -> Option<String> {
        self.outcome()?;
        let names: Vec<(&str, String)> = Direction::ALL
            .iter()
            .filter_map(|&d| {
                let name = kept.names.get(self.seat(d))?.clone();
                Some((d.name(), name))
            })
            .collect();
        Some(pbn::write(&self.record(), &names))
    }

    const RECORD_EXT: Option<&'static str> = Some("pbn");

    /// Back to any earlier card of the same board's play (a practice
    /// game's undo); never into the auction or another board.
    fn may_rewind(&self, earlier: &ContractBridge) -> bool {
        earlier.board().deal() == self.board().deal() && earlier.board().phase() == Phase::Play
    }

    fn seats(&self) -> usize {
        4
    }

    fn spectator_view(&self) -> TableView {
        self.table_view(None)
    }

    /// A seat's hand until dummy is faced (dummy's) or the board is over.
    fn secrets(&self, seat: Option<Seat>) -> CardSet {
        seat.map_or(CardSet::EMPTY, |s| self.secret_hand(self.direction(s)))
    }

    fn narrate(&self, event: &TableEvent) -> Vec<Note> {
        narration::notes(self, event)
    }

    /// A pass in the auction, the lowest legal card in the play.
    fn default_action(&self) -> Option<Action> {
        match self.board().phase() {
            Phase::Auction => Some(Action::Call(Call::Pass)),
            Phase::Play => self
                .board()
                .play()?
                .legal_cards()
                .iter()
                .min_by_key(|c| (c.rank(), c.suit()))
                .map(Action::Play),
            Phase::Over => None,
        }
    }

    fn deal_over(&self) -> bool {
        self.outcome().is_some()
    }

    fn next_deal(&mut self) -> Result<Vec<TableEvent>, RuleError> {
        self.deal_next()?;
        Ok(vec![self.dealt_event()])
    }

    /// Each seat's side's score for the board in the match's unit.
    fn scores(&self) -> Option<Vec<f64>> {
        self.outcome()?;
        let ns = self.scored().last()?.ns;
        let scoring = self.setup().scoring;
        Some(
            (0..4)
                .map(|s| match (self.direction(s).side(), scoring) {
                    (Side::NS, _) => ns,
                    (Side::EW, Scoring::Matchpoints) => 1.0 - ns,
                    (Side::EW, _) => -ns,
                })
                .collect(),
        )
    }

    fn bot_names() -> &'static [&'static str] {
        &NAMES
    }

    fn bot(name: &str) -> Option<BoxBot<ContractBridge>> {
        make_bot(name)
    }

    fn level_bot(level: Level) -> &'static str {
        level.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::conformance;

    #[test]
    fn a_match_conforms_through_the_runner() {
        let setup = Setup {
            boards: 2,
            ..Setup::default()
        };
        conformance::check::<ContractBridge>(&setup, 3, 150).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn a_finished_board_is_kept_as_pbn_that_reads_back() {
        let mut game = ContractBridge::new(Setup::default(), 9, 1);
        for c in ["1NT", "P", "P", "P"] {
            let call = c.parse().unwrap_or_else(|e| panic!("{e}"));
            game.apply(Action::Call(call))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        assert!(game.deal_record(&Kept::default()).is_none());
        while game.to_act().is_some() {
            let a = game.default_action().unwrap_or_else(|| panic!("a card"));
            game.apply(a).unwrap_or_else(|e| panic!("{e}"));
        }
        let kept = Kept {
            names: ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec(),
            ..Kept::default()
        };
        let text = game
            .deal_record(&kept)
            .unwrap_or_else(|| panic!("a record"));
        assert!(text.contains("[North \"Ann\"]"), "{text}");
        let back = pbn::parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back[0].play.len(), 52);
        assert_eq!(back[0].result, game.record().result);
        let scores = game.scores().unwrap_or_else(|| panic!("scored"));
        assert_eq!(scores[0], -scores[1]);
        assert_eq!(scores[0], scores[2]);
    }
}
