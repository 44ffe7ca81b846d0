//! The computer players: `book` (the book's AI, exactly), `strong` (our
//! own search), `greedy` (the playouts' one-move policy, no search),
//! `random`, and `oracle` (a measuring stick that is told its opponents
//! play at random). Each is a [`Bot`] that can run on a worker
//! thread.

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use rand::seq::IndexedRandom;
use serde::Deserialize;

use super::model::{OpponentModel, Reads};
use super::playout;
use super::policy::greedy_move;
use super::search::{ExactSolver, book_move, first_best};
use super::strong::{Limits, StrongSearch};
use crate::doom::rules::{Move, RuleSet};
use crate::doom::state::{Doom, View};
use crate::game::{Bot, GameRng};

/// The AIs by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AiKind {
    /// The book's AI: v1, v2 or v4 by rules and board size.
    Book,
    /// Our own search.
    Strong,
    /// The playouts' default policy on its own, no search.
    Greedy,
    /// Uniformly random legal moves.
    Random,
    /// Playouts told that the opponents play uniformly at random: a
    /// measuring stick for play against `random`, not a fair opponent.
    Oracle,
}

impl AiKind {
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            AiKind::Book => "book",
            AiKind::Strong => "strong",
            AiKind::Greedy => "greedy",
            AiKind::Random => "random",
            AiKind::Oracle => "oracle",
        }
    }
}

impl fmt::Display for AiKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every AI's name.
pub const AI_NAMES: [&str; 5] = ["book", "strong", "greedy", "random", "oracle"];

/// An unknown AI name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown AI {0:?}: choose book, strong, greedy, random or oracle")]
pub struct UnknownAi(pub String);

impl FromStr for AiKind {
    type Err = UnknownAi;

    fn from_str(s: &str) -> Result<AiKind, UnknownAi> {
        match s.trim().to_ascii_lowercase().as_str() {
            "book" => Ok(AiKind::Book),
            "strong" => Ok(AiKind::Strong),
            "greedy" => Ok(AiKind::Greedy),
            "random" => Ok(AiKind::Random),
            "oracle" => Ok(AiKind::Oracle),
            _ => Err(UnknownAi(s.to_string())),
        }
    }
}

/// A bot of the given kind; `limits` sets the strong and oracle AIs'
/// search (`None`: [`Limits::standard`] for the game's rules).
pub fn make_bot(kind: AiKind, limits: Option<Limits>) -> Box<dyn Bot<Doom>> {
    match kind {
        AiKind::Book => Box::new(BookBot),
        AiKind::Strong => Box::new(StrongBot {
            limits,
            search: None,
            reads: Reads::default(),
        }),
        AiKind::Greedy => Box::new(GreedyBot),
        AiKind::Random => Box::new(RandomBot),
        AiKind::Oracle => Box::new(OracleBot::new(limits)),
    }
}

/// The book's AI: v1 on classic boards up to 3×3, v2 (alpha-beta to
/// depth 4) on larger classic boards, v4 (depth 2) under chance rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct BookBot;

impl Bot<Doom> for BookBot {
    fn name(&self) -> &str {
        "book"
    }

    fn choose(&mut self, view: &View, _rng: &mut GameRng) -> Move {
        book_move(&view.config, &view.position).unwrap_or(Move::Pass)
    }
}

/// Our AI: under classic rules exact play on small boards, otherwise
/// iterative deepening within its limits; under chance rules Monte Carlo
/// playouts (`limits.depth` rounds of them, or as many as the budget
/// allows), seeded from the rng it is given, with the opponents played as
/// its reads of their moves say ([`Reads::model`]). Without limits of its
/// own, [`Limits::standard`] for the rules of the game at hand.
#[derive(Debug)]
pub struct StrongBot {
    limits: Option<Limits>,
    search: Option<StrongSearch>,
    reads: Reads,
}

impl StrongBot {
    /// A strong bot searching within `limits`.
    pub fn new(limits: Limits) -> StrongBot {
        StrongBot {
            limits: Some(limits),
            search: None,
            reads: Reads::default(),
        }
    }

    /// What it has read of its opponents.
    pub fn reads(&self) -> &Reads {
        &self.reads
    }
}

impl Bot<Doom> for StrongBot {
    fn name(&self) -> &str {
        "strong"
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Move {
        let (cfg, pos) = (&view.config, &view.position);
        let limits = self.limits.unwrap_or(Limits::standard(cfg.rules));
        if cfg.rules == RuleSet::Chance {
            return playout::decide(cfg, pos, limits, self.reads.model(), rng.random())
                .map_or(Move::Pass, |d| d.best);
        }
        if cfg.rules == RuleSet::Classic && pos.board.len() <= 9 {
            let exact = ExactSolver::new(*cfg)
                .ok()
                .and_then(|mut s| s.ratings(pos).ok());
            if let Some((m, _)) = exact.as_deref().and_then(first_best) {
                return m;
            }
        }
        let search = match &mut self.search {
            Some(s) if s.config() == cfg => s,
            slot => slot.insert(StrongSearch::new(*cfg)),
        };
        search.decide(pos, limits).map_or(Move::Pass, |d| d.best)
    }

    fn observe(&mut self, view: &View, action: &Move) {
        self.reads.observe(&view.config, &view.position, *action);
    }

    fn memory(&self) -> Option<serde_json::Value> {
        serde_json::to_value(self.reads).ok()
    }

    fn recall(&mut self, memory: &serde_json::Value) {
        if let Ok(reads) = Reads::deserialize(memory) {
            self.reads = reads;
        }
    }
}

/// A baseline without search: the playouts' default policy
/// ([`greedy_move`]): sure attacks and full stacks, rated by odds, group
/// growth and exposure.
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyBot;

impl Bot<Doom> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, view: &View, _rng: &mut GameRng) -> Move {
        greedy_move(&view.config, &view.position).unwrap_or(Move::Pass)
    }
}

/// Picks uniformly among the legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot;

impl Bot<Doom> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Move {
        random_move(view, rng).unwrap_or(Move::Pass)
    }
}

/// The playouts against opponents told to be uniformly random
/// ([`OpponentModel::RANDOM`]), under either rule set: `limits.depth`
/// rounds, or as many as the budget allows (`None`: [`Limits::standard`]).
#[derive(Debug, Clone, Copy)]
pub struct OracleBot {
    limits: Option<Limits>,
}

impl OracleBot {
    /// An oracle playing out as `limits` say.
    pub fn new(limits: Option<Limits>) -> OracleBot {
        OracleBot { limits }
    }
}

impl Bot<Doom> for OracleBot {
    fn name(&self) -> &str {
        "oracle"
    }

    fn choose(&mut self, view: &View, rng: &mut GameRng) -> Move {
        let (cfg, pos) = (&view.config, &view.position);
        let limits = self.limits.unwrap_or(Limits::standard(cfg.rules));
        playout::decide(cfg, pos, limits, OpponentModel::RANDOM, rng.random())
            .map_or(Move::Pass, |d| d.best)
    }
}

/// A uniformly random legal move (for the random bot and playouts).
pub fn random_move(view: &View, rng: &mut GameRng) -> Option<Move> {
    view.position.moves(&view.config).choose(rng).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::board::Board;
    use crate::doom::rules::Config;
    use crate::game::{Game, rng_from_seed};

    #[test]
    fn names_parse() {
        assert_eq!("Book".parse::<AiKind>().unwrap(), AiKind::Book);
        assert_eq!("strong".parse::<AiKind>().unwrap(), AiKind::Strong);
        assert!("deep".parse::<AiKind>().is_err());
    }

    #[test]
    fn bots_are_send_and_play_legal_moves_to_the_end() {
        fn is_send<T: Send>(_: &T) {}
        let board = Board::parse("a2 b3 a1 b2 a3 b1 a2 b2 a1 b3 a2 b1 a3 b2 a1 b3").unwrap();
        for kind in [
            AiKind::Book,
            AiKind::Strong,
            AiKind::Greedy,
            AiKind::Random,
            AiKind::Oracle,
        ] {
            let mut bot = make_bot(kind, Some(Limits::depth(3)));
            is_send(&bot);
            let mut game = Doom::new(Config::classic(), board, 0, 7);
            let mut rng = rng_from_seed(1);
            while let Some(seat) = game.to_act() {
                let m = bot.choose(&game.view(seat), &mut rng);
                assert!(game.legal_actions().contains(&m), "{kind} chose {m}");
                game.apply(m).unwrap();
            }
            assert!(game.outcome().is_some());
        }
    }

    #[test]
    fn the_strong_bot_under_chance_rules_replays_for_a_seed() {
        let cfg = Config::new(2, 5, RuleSet::Chance).unwrap();
        let board = Board::parse("a2 b3 a1 b2 a3 b1 a2 b2 a1").unwrap();
        let play = || {
            let mut bot = make_bot(AiKind::Strong, Some(Limits::depth(1)));
            let mut game = Doom::new(cfg, board, 0, 5);
            let mut rng = rng_from_seed(2);
            let mut moves = Vec::new();
            while let Some(seat) = game.to_act()
                && moves.len() < 30
            {
                let m = bot.choose(&game.view(seat), &mut rng);
                assert!(game.legal_actions().contains(&m), "chose {m}");
                game.apply(m).unwrap();
                moves.push(m);
            }
            moves
        };
        let first = play();
        assert!(first.len() > 10);
        assert_eq!(first, play());
    }

    #[test]
    fn the_games_own_strong_bot_counts_its_work_so_a_seed_replays() {
        use crate::game::Playable;
        for rules in [RuleSet::Classic, RuleSet::Chance] {
            let cfg = Config::new(2, 3, rules).unwrap();
            let board = crate::doom::deal::random_board(5, &cfg, &mut rng_from_seed(9)).unwrap();
            let play = || {
                let mut bot = Doom::bot("strong").expect("the strong bot");
                let mut game = Doom::new(cfg, board, 0, 3);
                let mut rng = rng_from_seed(4);
                let mut moves = Vec::new();
                while let Some(seat) = game.to_act()
                    && moves.len() < 12
                {
                    let m = bot.choose(&game.view(seat), &mut rng);
                    game.apply(m).unwrap();
                    moves.push(m);
                }
                moves
            };
            let first = play();
            assert!(first.len() > 4, "{rules:?}: {first:?}");
            assert_eq!(first, play(), "{rules:?}");
        }
        assert_eq!(Limits::standard(RuleSet::Chance).budget, None);
        assert_eq!(Limits::standard(RuleSet::Classic).budget, None);
    }

    /// Strong (seat 0) against random on a seeded 5×5 chance board, strong
    /// watching random's moves; the moves made and strong's reads.
    fn strong_watching_random(seed: u64) -> (Vec<Move>, Reads) {
        let cfg = Config::new(2, 5, RuleSet::Chance).unwrap();
        let board = crate::doom::deal::random_board(5, &cfg, &mut rng_from_seed(seed)).unwrap();
        let mut strong = StrongBot::new(Limits::depth(1));
        let mut random = RandomBot;
        let mut game = Doom::new(cfg, board, 0, seed);
        let mut rng = rng_from_seed(seed + 1);
        let mut moves = Vec::new();
        while let Some(seat) = game.to_act()
            && moves.len() < 150
        {
            let view = game.view(seat);
            let m = if seat == 0 {
                strong.choose(&view, &mut rng)
            } else {
                let m = random.choose(&view, &mut rng);
                strong.observe(&view, &m);
                m
            };
            game.apply(m).unwrap();
            moves.push(m);
        }
        (moves, *strong.reads())
    }

    #[test]
    fn strong_reads_random_play_and_replays_for_a_seed() {
        let mut turned = 0;
        for seed in 0..4 {
            let (moves, reads) = strong_watching_random(seed);
            assert_eq!((moves.clone(), reads), strong_watching_random(seed));
            if reads.seen(1) >= 5 {
                assert!(
                    reads.random_chance(1) > Reads::default().random_chance(1),
                    "seed {seed}: {reads:?}"
                );
            }
            // Strong never watches itself.
            assert_eq!(reads.seen(0), 0);
            if reads.model().random[1] > 0.5 {
                turned += 1;
            }
        }
        // Strong wins some games before random has given itself away.
        assert!(
            turned >= 2,
            "strong read random play in {turned} of 4 games"
        );
    }

    #[test]
    fn strong_keeps_its_reads_in_a_saved_game() {
        let (_, reads) = strong_watching_random(0);
        let mut watcher = StrongBot::new(Limits::depth(1));
        let (_, watched) = strong_watching_random(0);
        assert_eq!(watched, reads);
        let memory = {
            let mut b = StrongBot::new(Limits::depth(1));
            b.recall(&serde_json::to_value(reads).unwrap());
            b.memory().unwrap()
        };
        watcher.recall(&memory);
        assert_eq!(*watcher.reads(), reads);
        // A memory it cannot read leaves it fresh.
        let mut fresh = StrongBot::new(Limits::depth(1));
        fresh.recall(&serde_json::json!({"nonsense": 1}));
        assert_eq!(*fresh.reads(), Reads::default());
        // So does one saved before reads were kept by seat.
        fresh.recall(&serde_json::json!({"log_odds": 5.0, "seen": 3}));
        assert_eq!(*fresh.reads(), Reads::default());
    }
}
