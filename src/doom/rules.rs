//! The rules as the book's `game-tree` encodes them: a game's settings, a
//! position (board, player to move, dice captured this turn, first-move
//! flag), its legal moves in the book's order, and what each move leads to.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::{Board, Hex, MAX_DICE, MAX_PLAYERS, MAX_SIZE};
use super::odds;

/// The two rule sets of the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleSet {
    /// v1/v2: the attacker needs more dice and always wins; reinforcement
    /// is the dice captured this turn minus one.
    Classic,
    /// v4: dice-roll attacks from any hex with two dice or more;
    /// reinforcement is the size of the largest connected group.
    Chance,
}

impl RuleSet {
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Classic => "classic",
            RuleSet::Chance => "chance",
        }
    }

    /// The most dice on a hex in the book's games under these rules: 3
    /// (v1/v2) or 5 (v4).
    pub fn book_max_dice(self) -> u8 {
        match self {
            RuleSet::Classic => 3,
            RuleSet::Chance => 5,
        }
    }
}

impl FromStr for RuleSet {
    type Err = crate::game::SetupError;

    fn from_str(s: &str) -> Result<RuleSet, Self::Err> {
        let all = [RuleSet::Classic, RuleSet::Chance];
        crate::form::pick(s, "rule set", &all.map(|r| (r.name(), r)))
    }
}

/// A game's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Players, 2 to 4.
    pub players: u8,
    /// The most dice a hex may hold, 2 to 8.
    pub max_dice: u8,
    /// Which rules.
    pub rules: RuleSet,
}

/// Why settings were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Players outside 2..=4.
    #[error("players must be 2 to {MAX_PLAYERS}, not {0}")]
    Players(u8),
    /// Max dice outside 2..=8.
    #[error("max dice must be 2 to {MAX_DICE}, not {0}")]
    MaxDice(u8),
    /// Board side outside 2..=8.
    #[error("board size must be 2 to {MAX_SIZE}, not {0}")]
    Size(usize),
}

impl Config {
    /// Checked settings.
    pub fn new(players: u8, max_dice: u8, rules: RuleSet) -> Result<Config, ConfigError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(ConfigError::Players(players));
        }
        if !(2..=MAX_DICE).contains(&max_dice) {
            return Err(ConfigError::MaxDice(max_dice));
        }
        Ok(Config {
            players,
            max_dice,
            rules,
        })
    }

    /// The book's v1/v2 settings: 2 players, 3 dice, classic rules.
    pub fn classic() -> Config {
        Config {
            players: 2,
            max_dice: RuleSet::Classic.book_max_dice(),
            rules: RuleSet::Classic,
        }
    }

    /// The book's v4 settings: 4 players, 5 dice, chance rules.
    pub fn chance() -> Config {
        Config {
            players: 4,
            max_dice: RuleSet::Chance.book_max_dice(),
            rules: RuleSet::Chance,
        }
    }
}

/// A move: end the turn, or attack from one hex to a neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// End the turn (the book's `nil` move).
    Pass,
    /// Attack hex `to` from hex `from`.
    Attack {
        /// The attacking hex.
        from: u8,
        /// The attacked hex.
        to: u8,
    },
}

impl fmt::Display for Move {
    /// `pass` or `0->3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Attack { from, to } => write!(f, "{from}->{to}"),
        }
    }
}

/// Why a move's text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad move {0:?}: write pass or FROM->TO, like 0->3")]
pub struct MoveParseError(pub String);

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let bad = || MoveParseError(s.to_string());
        let (a, b) = t.split_once("->").ok_or_else(bad)?;
        let from = a.trim().parse().map_err(|_| bad())?;
        let to = b.trim().parse().map_err(|_| bad())?;
        Ok(Move::Attack { from, to })
    }
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// A node of the book's game tree: `(game-tree board player spare-dice
/// first-move)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    /// The board.
    pub board: Board,
    /// The player to move, 0-based.
    pub player: u8,
    /// Dice captured so far this turn (classic reinforcement).
    pub spare: u16,
    /// True until the player's first attack of the turn: no pass yet.
    pub first_move: bool,
}

/// Where a move leads: one position, or a dice roll with two.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// A pass, or a classic attack (always wins).
    Sure(Position),
    /// A chance attack: it succeeds with probability `odds`.
    Roll {
        /// Chance of success, from the book's table.
        odds: f32,
        /// The position if the attack succeeds.
        won: Position,
        /// The position if it fails.
        lost: Position,
    },
}

impl Position {
    /// The start of `player`'s turn on `board`.
    pub fn new(board: Board, player: u8) -> Position {
        Position {
            board,
            player,
            spare: 0,
            first_move: true,
        }
    }

    /// Whether `from` may attack `to` under `cfg`: own hex to an adjacent
    /// enemy hex, with more dice (classic) or at least two (chance).
    pub fn can_attack(&self, cfg: &Config, from: usize, to: usize) -> bool {
        let n = self.board.len();
        if from >= n || to >= n || !self.board.neighbors(from).contains(&(to as u8)) {
            return false;
        }
        let (s, d) = (self.board.hex(from), self.board.hex(to));
        s.owner == self.player && d.owner != self.player && attack_allowed(cfg, s.dice, d.dice)
    }

    /// Appends the legal moves to `out` in the book's order: pass first
    /// when allowed, then attacks by source hex, targets in neighbour order.
    pub fn push_moves(&self, cfg: &Config, out: &mut Vec<Move>) {
        self.for_each_move(cfg, |m| out.push(m));
    }

    /// Calls `f` with each legal move in the book's order.
    #[inline]
    pub fn for_each_move(&self, cfg: &Config, mut f: impl FnMut(Move)) {
        if !self.first_move {
            f(Move::Pass);
        }
        let b = &self.board;
        for from in 0..b.len() {
            let (owner, dice) = (b.owner(from), b.dice(from));
            if owner != self.player || dice < 2 {
                continue;
            }
            for &to in b.neighbors(from) {
                let t = usize::from(to);
                if b.owner(t) != self.player && attack_allowed(cfg, dice, b.dice(t)) {
                    f(Move::Attack {
                        from: from as u8,
                        to,
                    });
                }
            }
        }
    }

    /// The legal moves, in the book's order.
    pub fn moves(&self, cfg: &Config) -> Vec<Move> {
        let mut list = Vec::new();
        self.push_moves(cfg, &mut list);
        list
    }

    /// True when the player to move has no move: the game is over.
    pub fn is_over(&self, cfg: &Config) -> bool {
        if !self.first_move {
            return false;
        }
        let b = &self.board;
        (0..b.len()).all(|from| {
            let s = b.hex(from);
            s.owner != self.player
                || b.neighbors(from).iter().all(|&to| {
                    let d = b.hex(usize::from(to));
                    d.owner == self.player || !attack_allowed(cfg, s.dice, d.dice)
                })
        })
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, cfg: &Config, mv: Move) -> bool {
        match mv {
            Move::Pass => !self.first_move,
            Move::Attack { from, to } => self.can_attack(cfg, from.into(), to.into()),
        }
    }

    /// Where a legal move leads (the book's subtree, or both subtrees of a
    /// chance node).
    pub fn outcome(&self, cfg: &Config, mv: Move) -> Outcome {
        match mv {
            Move::Pass => Outcome::Sure(self.after_pass(cfg)),
            Move::Attack { from, to } => {
                let (from, to) = (usize::from(from), usize::from(to));
                match cfg.rules {
                    RuleSet::Classic => Outcome::Sure(self.after_win(from, to)),
                    RuleSet::Chance => Outcome::Roll {
                        odds: odds::win_odds(self.board.hex(from).dice, self.board.hex(to).dice),
                        won: self.after_win(from, to),
                        lost: self.after_loss(from, to),
                    },
                }
            }
        }
    }

    /// The book's `board-attack`: the source keeps one die, the rest move
    /// into the conquered hex.
    pub fn after_win(&self, from: usize, to: usize) -> Position {
        let mut next = *self;
        let dice = self.board.hex(from).dice;
        next.spare += u16::from(self.board.hex(to).dice);
        next.first_move = false;
        next.board.set(
            from,
            Hex {
                owner: self.player,
                dice: 1,
            },
        );
        next.board.set(
            to,
            Hex {
                owner: self.player,
                dice: dice - 1,
            },
        );
        next
    }

    /// The book's `board-attack-fail`: the source keeps one die.
    pub fn after_loss(&self, from: usize, to: usize) -> Position {
        let mut next = *self;
        next.spare += u16::from(self.board.hex(to).dice);
        next.first_move = false;
        next.board.set(
            from,
            Hex {
                owner: self.player,
                dice: 1,
            },
        );
        next
    }

    /// The dice the player gets when passing now.
    pub fn reinforcement(&self, cfg: &Config) -> u32 {
        match cfg.rules {
            RuleSet::Classic => u32::from(self.spare).saturating_sub(1),
            RuleSet::Chance => self.board.largest_cluster(self.player),
        }
    }

    /// The pass: reinforcements, then the next player's first move.
    pub fn after_pass(&self, cfg: &Config) -> Position {
        let mut board = self.board;
        reinforce(
            &mut board,
            self.player,
            self.reinforcement(cfg),
            cfg.max_dice,
        );
        Position::new(board, (self.player + 1) % cfg.players)
    }

    /// The players holding the most hexes (a bit set: bit `p`).
    pub fn winners(&self) -> u8 {
        winners(&self.board)
    }
}

fn attack_allowed(cfg: &Config, src: u8, dst: u8) -> bool {
    match cfg.rules {
        RuleSet::Classic => src > dst,
        RuleSet::Chance => src > 1,
    }
}

/// The book's `add-new-dice`: one pass over the hexes in order, one die to
/// each of `player`'s hexes below `max_dice` while dice remain; the rest
/// are lost. Returns the hexes that got a die.
pub fn add_new_dice(board: &mut Board, player: u8, dice: u32, max_dice: u8) -> Vec<u8> {
    let got = reinforce(board, player, dice, max_dice);
    (0..board.len() as u8)
        .filter(|&p| got & 1 << p != 0)
        .collect()
}

/// [`add_new_dice`] without the list: the hexes that got a die as bits.
fn reinforce(board: &mut Board, player: u8, dice: u32, max_dice: u8) -> u64 {
    let mut left = dice;
    let mut got = 0;
    for pos in 0..board.len() {
        if left == 0 {
            break;
        }
        let h = board.hex(pos);
        if h.owner == player && h.dice < max_dice {
            board.set(
                pos,
                Hex {
                    owner: player,
                    dice: h.dice + 1,
                },
            );
            got |= 1 << pos;
            left -= 1;
        }
    }
    got
}

/// The book's `winners`: every player holding the most hexes, as bits.
pub fn winners(board: &Board) -> u8 {
    let mut counts = [0usize; MAX_PLAYERS as usize];
    for h in board.hexes() {
        counts[usize::from(h.owner)] += 1;
    }
    let best = counts.iter().copied().max().unwrap_or(0);
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == best)
        .fold(0, |m, (p, _)| m | 1 << p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(s: &str) -> Board {
        Board::parse(s).unwrap()
    }

    #[test]
    fn board_attack_matches_the_book() {
        // (board-attack #((0 3) (0 3) (1 3) (1 1)) 0 1 3 3)
        let p = Position::new(board("a3 a3 b3 b1"), 0);
        assert_eq!(p.after_win(1, 3).board, board("a3 a1 b3 a2"));
    }

    #[test]
    fn add_new_dice_matches_the_book() {
        // (add-new-dice #((0 1) (1 3) (0 2) (1 1)) 0 2)
        let mut b = board("a1 b3 a2 b1");
        assert_eq!(add_new_dice(&mut b, 0, 2, 3), vec![0, 2]);
        assert_eq!(b, board("a2 b3 a3 b1"));
        // Leftovers are lost; full hexes are skipped.
        let mut b = board("a3 b3 a2 b1");
        assert_eq!(add_new_dice(&mut b, 0, 5, 3), vec![2]);
        assert_eq!(b, board("a3 b3 a3 b1"));
    }

    #[test]
    fn the_printed_game_tree_of_chapter_15() {
        // (game-tree #((0 1) (1 1) (0 2) (1 1)) 0 0 t)
        let cfg = Config::classic();
        let root = Position::new(board("a1 b1 a2 b1"), 0);
        assert_eq!(root.moves(&cfg), vec![Move::Attack { from: 2, to: 3 }]);
        let Outcome::Sure(after) = root.outcome(&cfg, Move::Attack { from: 2, to: 3 }) else {
            panic!("classic attacks are sure")
        };
        assert_eq!(after.board, board("a1 b1 a1 a1"));
        assert_eq!(after.moves(&cfg), vec![Move::Pass]);
        let next = after.after_pass(&cfg);
        assert_eq!(next.player, 1);
        assert_eq!(next.board, board("a1 b1 a1 a1"));
        assert!(next.moves(&cfg).is_empty());
        assert!(next.is_over(&cfg));
        assert_eq!(next.winners(), 0b01);
    }

    /// Replays a printed game: each step is (player, board before, the
    /// menu the book printed, or None for a computer move, the move made).
    fn replay(cfg: &Config, start: &str, steps: &[(u8, &str, Option<&[&str]>, &str)], end: &str) {
        let mut pos = Position::new(board(start), 0);
        for &(player, b, menu, mv) in steps {
            assert_eq!(pos.player, player, "player before {mv}");
            assert_eq!(pos.board, board(b), "board before {mv}");
            let moves: Vec<String> = pos.moves(cfg).iter().map(Move::to_string).collect();
            if let Some(menu) = menu {
                assert_eq!(moves, menu, "menu at {b}");
            }
            let mv: Move = mv.parse().unwrap();
            assert!(pos.is_legal(cfg, mv));
            pos = match pos.outcome(cfg, mv) {
                Outcome::Sure(p) => p,
                Outcome::Roll { .. } => panic!("classic"),
            };
        }
        assert_eq!(pos.board, board(end));
        assert!(pos.is_over(cfg));
    }

    #[test]
    fn the_printed_2x2_human_game() {
        let cfg = Config::classic();
        replay(
            &cfg,
            "b2 b2 a2 b1",
            &[
                (0, "b2 b2 a2 b1", Some(&["2->3"]), "2->3"),
                (0, "b2 b2 a1 a1", Some(&["pass"]), "pass"),
                (1, "b2 b2 a1 a1", Some(&["0->2", "0->3", "1->3"]), "0->2"),
                (1, "b1 b2 b1 a1", Some(&["pass", "1->3"]), "pass"),
            ],
            "b1 b2 b1 a1",
        );
    }

    #[test]
    fn the_printed_3x3_game() {
        let cfg = Config::classic();
        replay(
            &cfg,
            "b1 a2 a3 a1 b1 b2 b2 a2 b3",
            &[
                (
                    0,
                    "b1 a2 a3 a1 b1 b2 b2 a2 b3",
                    Some(&["1->4", "1->0", "2->5", "7->4"]),
                    "2->5",
                ),
                (
                    0,
                    "b1 a2 a1 a1 b1 a2 b2 a2 b3",
                    Some(&["pass", "1->4", "1->0", "5->4", "7->4"]),
                    "pass",
                ),
                (1, "b1 a3 a1 a1 b1 a2 b2 a2 b3", None, "6->3"),
                (1, "b1 a3 a1 b1 b1 a2 b1 a2 b3", None, "pass"),
                (
                    0,
                    "b1 a3 a1 b1 b1 a2 b1 a2 b3",
                    Some(&["1->4", "1->0", "5->4", "7->4", "7->3", "7->6"]),
                    "1->4",
                ),
                (
                    0,
                    "b1 a1 a1 b1 a2 a2 b1 a2 b3",
                    Some(&["pass", "4->0", "4->3", "7->3", "7->6"]),
                    "pass",
                ),
                (1, "b1 a1 a1 b1 a2 a2 b1 a2 b3", None, "8->5"),
                (1, "b1 a1 a1 b1 a2 b2 b1 a2 b1", None, "pass"),
                (
                    0,
                    "b2 a1 a1 b1 a2 b2 b1 a2 b1",
                    Some(&["4->3", "4->8", "7->3", "7->6", "7->8"]),
                    "4->8",
                ),
                (
                    0,
                    "b2 a1 a1 b1 a1 b2 b1 a2 a1",
                    Some(&["pass", "7->3", "7->6"]),
                    "pass",
                ),
                (1, "b2 a1 a1 b1 a1 b2 b1 a2 a1", None, "0->1"),
                (1, "b1 b1 a1 b1 a1 b2 b1 a2 a1", None, "pass"),
                (
                    0,
                    "b1 b1 a1 b1 a1 b2 b1 a2 a1",
                    Some(&["7->3", "7->6"]),
                    "7->3",
                ),
                (0, "b1 b1 a1 a1 a1 b2 b1 a1 a1", Some(&["pass"]), "pass"),
                (1, "b1 b1 a1 a1 a1 b2 b1 a1 a1", None, "5->2"),
                (1, "b1 b1 b1 a1 a1 b1 b1 a1 a1", None, "pass"),
            ],
            "b1 b1 b1 a1 a1 b1 b1 a1 a1",
        );
    }

    #[test]
    fn chance_rules_allow_any_attack_from_two_dice() {
        let cfg = Config::new(2, 5, RuleSet::Chance).unwrap();
        let p = Position::new(board("a2 b5 b1 a1"), 0);
        assert_eq!(
            p.moves(&cfg),
            vec![
                Move::Attack { from: 0, to: 2 },
                Move::Attack { from: 0, to: 1 }
            ]
        );
        match p.outcome(&cfg, Move::Attack { from: 0, to: 1 }) {
            Outcome::Roll { odds, won, lost } => {
                assert_eq!(odds, 0.01);
                assert_eq!(won.board, board("a1 a1 b1 a1"));
                assert_eq!(lost.board, board("a1 b5 b1 a1"));
                assert!(!lost.first_move);
            }
            Outcome::Sure(_) => panic!("chance attacks roll"),
        }
        // Reinforcement is the largest group: a's hexes 0, 2, 3 touch.
        let passed = p.after_win(0, 2).after_pass(&cfg);
        assert_eq!(passed.board, board("a2 b5 a2 a2"));
        assert_eq!(passed.player, 1);
    }

    #[test]
    fn moves_round_trip_through_text() {
        for m in [Move::Pass, Move::Attack { from: 12, to: 7 }] {
            assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
        }
        assert!("3-4".parse::<Move>().is_err());
        assert!("x->4".parse::<Move>().is_err());
    }
}
