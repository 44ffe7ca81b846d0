//! The game itself: a [`Position`] under a [`Config`] with the dice the
//! state rolls itself, as the state machine every front end drives
//! (`crate::game::Game`): legal moves, `apply` reporting what happened,
//! views and the outcome. A session's next games are dealt by the
//! runner's side of it (`playable.rs`).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::deal::Deal;
use super::rules::{Config, Move, Outcome, Position, add_new_dice};
use crate::game::{Game, GameRng, Seat, rng_from_seed};

/// Something that happened in an `apply`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// An attack and how it went.
    Attack {
        /// The attacker.
        player: u8,
        /// The attacking hex.
        from: u8,
        /// The attacked hex.
        to: u8,
        /// The defender.
        defender: u8,
        /// Under chance rules, the attacker's dice as rolled.
        attack_roll: Option<Vec<u8>>,
        /// Under chance rules, the defender's dice as rolled.
        defend_roll: Option<Vec<u8>>,
        /// Whether the hex was taken.
        won: bool,
    },
    /// The end of a turn: dice added to these hexes (one each).
    Reinforced {
        /// Who got them.
        player: u8,
        /// The hexes that got a die.
        hexes: Vec<u8>,
    },
    /// The turn went to the next player.
    TurnPassed {
        /// Whose turn ended.
        from: u8,
        /// Whose turn begins.
        to: u8,
    },
    /// The player to move cannot attack: the game is over.
    GameOver {
        /// The players holding the most hexes.
        winners: Vec<u8>,
    },
    /// A new game of the session began on a new board.
    NewGame {
        /// Its number (1-based).
        game: u64,
        /// Who moves first.
        first: u8,
    },
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DoomError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not a legal move here.
    #[error("{0} is not a legal move here")]
    Illegal(Move),
    /// A new game was asked for before this one ended.
    #[error("the game is still going")]
    InProgress,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The players holding the most hexes.
    pub winners: Vec<u8>,
    /// Hexes held by each player.
    pub hexes: Vec<usize>,
    /// Each player's share of the win: 1/(winners) to each winner.
    pub shares: Vec<f64>,
}

impl GameResult {
    fn of(board: &Board, players: u8) -> GameResult {
        let w = super::rules::winners(board);
        let winners: Vec<u8> = (0..players).filter(|p| w & 1 << p != 0).collect();
        let hexes = (0..players).map(|p| board.count(p)).collect();
        let shares = (0..players)
            .map(|p| {
                if winners.contains(&p) {
                    1.0 / winners.len() as f64
                } else {
                    0.0
                }
            })
            .collect();
        GameResult {
            winners,
            hexes,
            shares,
        }
    }
}

/// What a seat sees: everything (Dice of Doom hides nothing).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The settings.
    pub config: Config,
    /// The position.
    pub position: Position,
    /// The last attack of this game, for the board to show.
    #[serde(default)]
    pub last: Option<LastAttack>,
}

/// An attack as it went, kept so the board can show the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastAttack {
    /// Who attacked.
    pub player: u8,
    /// The attacking hex.
    pub from: u8,
    /// The attacked hex.
    pub to: u8,
    /// Whether the hex was taken.
    pub won: bool,
}

/// A game of Dice of Doom, and the games after it in a session (each on a
/// new board dealt from the game's generator, the next player moving
/// first). The fields are the engine's: `playable.rs` deals the next
/// games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Doom {
    pub(super) config: Config,
    pub(super) position: Position,
    pub(super) moves_made: u64,
    pub(super) rng: GameRng,
    /// How the next games' boards are dealt.
    #[serde(default)]
    pub(super) boards: Deal,
    /// Games finished before this one.
    #[serde(default)]
    pub(super) games: u64,
    /// The last attack of this game.
    #[serde(default)]
    pub(super) last: Option<LastAttack>,
}

impl Doom {
    /// A game on `board` with player `first` to move; `seed` drives the
    /// dice.
    pub fn new(config: Config, board: Board, first: u8, seed: u64) -> Doom {
        Doom {
            config,
            position: Position::new(board, first),
            moves_made: 0,
            rng: rng_from_seed(seed),
            boards: Deal::Book,
            games: 0,
            last: None,
        }
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves applied so far.
    pub fn moves_made(&self) -> u64 {
        self.moves_made
    }

    /// The result as if the game ended now (most hexes win), for games
    /// cut short.
    pub fn standing(&self) -> GameResult {
        GameResult::of(&self.position.board, self.config.players)
    }

    fn roll(&mut self, dice: u8) -> Vec<u8> {
        (0..dice).map(|_| self.rng.random_range(1..=6)).collect()
    }
}

impl Game for Doom {
    type Action = Move;
    type Event = Event;
    type Error = DoomError;
    type View = View;
    type Outcome = GameResult;

    fn to_act(&self) -> Option<Seat> {
        (!self.position.is_over(&self.config)).then_some(usize::from(self.position.player))
    }

    fn legal_actions(&self) -> Vec<Move> {
        self.position.moves(&self.config)
    }

    fn apply(&mut self, mv: Move) -> Result<Vec<Event>, DoomError> {
        if self.position.is_over(&self.config) {
            return Err(DoomError::GameOver);
        }
        if !self.position.is_legal(&self.config, mv) {
            return Err(DoomError::Illegal(mv));
        }
        let pos = self.position;
        let player = pos.player;
        let mut events = Vec::new();
        match mv {
            Move::Pass => {
                let mut board = pos.board;
                let hexes = add_new_dice(
                    &mut board,
                    player,
                    pos.reinforcement(&self.config),
                    self.config.max_dice,
                );
                events.push(Event::Reinforced { player, hexes });
                let next = pos.after_pass(&self.config);
                debug_assert_eq!(next.board, board);
                events.push(Event::TurnPassed {
                    from: player,
                    to: next.player,
                });
                self.position = next;
            }
            Move::Attack { from, to } => {
                let (f, t) = (usize::from(from), usize::from(to));
                let defender = pos.board.hex(t).owner;
                let (won, attack_roll, defend_roll) = match pos.outcome(&self.config, mv) {
                    Outcome::Sure(_) => (true, None, None),
                    Outcome::Roll { .. } => {
                        let a = self.roll(pos.board.hex(f).dice);
                        let d = self.roll(pos.board.hex(t).dice);
                        let total = |r: &[u8]| r.iter().map(|&x| u32::from(x)).sum::<u32>();
                        (total(&a) > total(&d), Some(a), Some(d))
                    }
                };
                self.position = if won {
                    pos.after_win(f, t)
                } else {
                    pos.after_loss(f, t)
                };
                self.last = Some(LastAttack {
                    player,
                    from,
                    to,
                    won,
                });
                events.push(Event::Attack {
                    player,
                    from,
                    to,
                    defender,
                    attack_roll,
                    defend_roll,
                    won,
                });
            }
        }
        self.moves_made += 1;
        if self.position.is_over(&self.config) {
            events.push(Event::GameOver {
                winners: self.standing().winners,
            });
        }
        Ok(events)
    }

    fn view(&self, _seat: Seat) -> View {
        View {
            config: self.config,
            position: self.position,
            last: self.last,
        }
    }

    fn outcome(&self) -> Option<GameResult> {
        self.position.is_over(&self.config).then(|| self.standing())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doom::rules::RuleSet;
    use crate::doom::testing::chance_game;

    #[test]
    fn the_view_keeps_the_last_attack_until_the_next_game() {
        let cfg = Config::new(2, 3, RuleSet::Classic).unwrap();
        let board = Board::parse("a3 b1 b1 b1").unwrap();
        let mut game = Doom::new(cfg, board, 0, 1);
        assert_eq!(game.view(0).last, None);
        game.apply(Move::Attack { from: 0, to: 1 }).unwrap();
        let last = LastAttack {
            player: 0,
            from: 0,
            to: 1,
            won: true,
        };
        assert_eq!(game.view(1).last, Some(last));
        game.apply(Move::Pass).unwrap();
        assert_eq!(game.view(0).last, Some(last), "kept over the pass");
    }

    #[test]
    fn chance_attacks_report_the_dice_rolled() {
        let mut game = chance_game(3);
        let events = game.apply(Move::Attack { from: 0, to: 1 }).unwrap();
        let Event::Attack {
            attack_roll: Some(a),
            defend_roll: Some(d),
            won,
            defender,
            ..
        } = &events[0]
        else {
            panic!("expected an attack with rolls: {events:?}")
        };
        assert_eq!((a.len(), d.len(), *defender), (5, 3, 1));
        assert!(a.iter().chain(d).all(|x| (1..=6).contains(x)));
        let total = |r: &[u8]| r.iter().map(|&x| u32::from(x)).sum::<u32>();
        assert_eq!(*won, total(a) > total(d));
        let owner = game.position().board.hex(1).owner;
        assert_eq!(owner == 0, *won);
        assert_eq!(game.position().board.hex(0).dice, 1);
    }

    #[test]
    fn a_pass_reports_reinforcements_and_the_next_player() {
        let mut game = Doom::new(
            Config::classic(),
            Board::parse("a3 b2 a1 b1").unwrap(),
            0,
            1,
        );
        game.apply(Move::Attack { from: 0, to: 1 }).unwrap();
        let events = game.apply(Move::Pass).unwrap();
        assert_eq!(
            events[..2],
            [
                Event::Reinforced {
                    player: 0,
                    hexes: vec![0]
                },
                Event::TurnPassed { from: 0, to: 1 }
            ]
        );
        // b's last hex (1 die) cannot attack: the game ends 3–1.
        assert_eq!(events[2], Event::GameOver { winners: vec![0] });
        assert_eq!(game.to_act(), None);
        assert_eq!(game.outcome().unwrap().shares, vec![1.0, 0.0]);
        assert_eq!(game.apply(Move::Pass), Err(DoomError::GameOver));
    }

    #[test]
    fn a_saved_game_replays_the_same_dice() {
        let mut game = chance_game(11);
        game.apply(Move::Attack { from: 0, to: 1 }).unwrap();
        let saved = serde_json::to_string(&game).unwrap();
        let mut copy: Doom = serde_json::from_str(&saved).unwrap();
        assert_eq!(copy.position(), game.position());
        for _ in 0..20 {
            let Some(&m) = game.legal_actions().last() else {
                break;
            };
            assert_eq!(game.apply(m), copy.apply(m));
        }
        assert!(
            serde_json::from_str::<Doom>(&saved.replace("\"seed\":[", "\"seed\":[300,")).is_err()
        );
    }
}
