//! Dice of Doom for the runner: a session of games ([`Doom`] as
//! [`Playable`]), the first board dealt from the setup, the next games on
//! new boards, the default move, the bots by name, and the narration.

use super::bots::players::{AI_NAMES, AiKind, make_bot};
use super::bots::policy::greedy_move;
use super::deal::{deal_board, sim_board};
use super::narration;
use super::rules::{Move, Position, RuleSet};
use super::setup::Setup;
use super::state::{Doom, DoomError, Event, View};
use crate::game::{BoxBot, Game, Level, Playable, SetupError, rng_from_seed};
use crate::narrate::Note;

impl Playable for Doom {
    type Setup = Setup;
    const ID: &'static str = "doom";

    /// The first game on a board dealt from `seed`, `a` moving first; the
    /// dice and the next boards go on from the same generator (a game
    /// without dice must not deal its first board again).
    fn new(setup: &Setup, seed: u64) -> Result<Doom, SetupError> {
        let config = setup.config()?;
        let mut rng = rng_from_seed(seed);
        let board = deal_board(setup.boards, setup.size, &config, &mut rng)
            .map_err(|e| SetupError(e.to_string()))?;
        let mut game = Doom::new(config, board, 0, seed);
        game.rng = rng;
        game.boards = setup.boards;
        Ok(game)
    }

    /// The board of deal `deal` from the match seed (every rotation of a
    /// deal plays the same board), the dice of play `play`.
    fn match_deal(setup: &Setup, seed: u64, deal: u64, play: u64) -> Result<Doom, SetupError> {
        let config = setup.config()?;
        let board = sim_board(setup.boards, setup.size, &config, seed, deal, 1)
            .map_err(|e| SetupError(e.to_string()))?;
        Ok(Doom::new(config, board, 0, seed.wrapping_add(play)))
    }

    fn opening(&self) -> Vec<Event> {
        vec![Event::NewGame {
            game: self.games + 1,
            first: self.position.player,
        }]
    }

    fn seats(&self) -> usize {
        usize::from(self.config.players)
    }

    /// Dice of Doom hides nothing.
    fn spectator_view(&self) -> View {
        self.view(0)
    }

    fn narrate(&self, event: &Event) -> Vec<Note> {
        narration::notes(event)
    }

    /// A pass when allowed; on a turn's first move, when an attack is a
    /// must, the default policy's.
    fn default_action(&self) -> Option<Move> {
        let moves = self.legal_actions();
        if moves.contains(&Move::Pass) {
            return Some(Move::Pass);
        }
        greedy_move(&self.config, &self.position).or_else(|| moves.first().copied())
    }

    fn deal_over(&self) -> bool {
        self.position.is_over(&self.config)
    }

    /// Under classic rules (no dice rolled, so nothing learnt by trying),
    /// back to any earlier move of this game; never under chance rules.
    fn may_rewind(&self, earlier: &Doom) -> bool {
        self.config.rules == RuleSet::Classic && earlier.games == self.games
    }

    /// A new board of the same size, the next player moving first.
    fn next_deal(&mut self) -> Result<Vec<Event>, DoomError> {
        if !self.position.is_over(&self.config) {
            return Err(DoomError::InProgress);
        }
        let size = self.position.board.size();
        let board = deal_board(self.boards, size, &self.config, &mut self.rng)
            .map_err(|_| DoomError::InProgress)?;
        self.games += 1;
        let first = (self.games % u64::from(self.config.players)) as u8;
        self.position = Position::new(board, first);
        self.moves_made = 0;
        self.last = None;
        Ok(vec![Event::NewGame {
            game: self.games + 1,
            first,
        }])
    }

    /// Each player's share of the win (a game stopped early: by hexes
    /// held).
    fn scores(&self) -> Option<Vec<f64>> {
        Some(self.standing().shares)
    }

    fn bot_names() -> &'static [&'static str] {
        &AI_NAMES
    }

    fn bot(name: &str) -> Option<BoxBot<Doom>> {
        let kind: AiKind = name.parse().ok()?;
        Some(make_bot(kind, None))
    }

    fn level_bot(level: Level) -> &'static str {
        match level {
            Level::Easy => "random",
            Level::Normal => "book",
            Level::Hard => "strong",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::board::Board;
    use crate::doom::rules::Config;
    use crate::doom::testing::chance_game;

    #[test]
    fn moves_are_taken_back_within_a_classic_game_only() {
        let cfg = Config::new(2, 3, RuleSet::Classic).unwrap();
        let board = Board::parse("a3 b1 b1 b1").unwrap();
        let start = Doom::new(cfg, board, 0, 1);
        let mut game = start.clone();
        game.apply(Move::Attack { from: 0, to: 1 }).unwrap();
        assert!(game.may_rewind(&start));
        let mut next = game.clone();
        next.games += 1;
        assert!(!next.may_rewind(&start), "not into an earlier game");
        let chance = chance_game(3);
        let mut later = chance.clone();
        later.apply(Move::Attack { from: 0, to: 1 }).unwrap();
        assert!(!later.may_rewind(&chance), "the dice were rolled");
    }

    #[test]
    fn a_classic_session_deals_each_game_a_new_board() {
        let setup = Setup {
            size: 3,
            ..Setup::default()
        };
        let mut game = <Doom as Playable>::new(&setup, 7).unwrap();
        let first = game.position().board;
        let mut boards = vec![first];
        for _ in 0..3 {
            // The game over: every hex a's.
            game.position = Position::new(Board::parse("a1 a1 a1 a1 a1 a1 a1 a1 a1").unwrap(), 0);
            game.next_deal().unwrap();
            boards.push(game.position().board);
        }
        assert!(boards[1..].iter().all(|b| *b != first), "{boards:?}");
        assert_ne!(boards[1], boards[2]);
    }

    #[test]
    fn tiny_boards_pass_the_conformance_suite_with_games_decided_as_dealt() {
        // On 2×2 boards one player often holds every hex at the deal.
        let setup = Setup {
            size: 2,
            ..Setup::default()
        };
        crate::runner::conformance::check::<Doom>(&setup, 3, 400).unwrap();
    }
}
