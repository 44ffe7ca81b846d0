//! The shape every game and every bot share: a game is a state machine
//! with seats, legal actions, an `apply` that either changes the state and
//! reports what happened or refuses and leaves it untouched, a per-seat
//! view that hides what that seat may not see, and an outcome when over.
//! A bot chooses an action from a view and a generator, free of any UI.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A seat at the table: 0-based.
pub type Seat = usize;

/// The one generator every game and bot draws from: reproducible across
/// versions and platforms for a given seed.
pub type GameRng = ChaCha8Rng;

/// A generator for this seed.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A fresh seed from the operating system, for when the user gave none
/// (the caller shows it so the game can be replayed).
pub fn random_seed() -> u64 {
    rand::random()
}

/// A game as a pure state machine.
pub trait Game {
    /// One move of the player to act.
    type Action: Clone + std::fmt::Debug;
    /// What an `apply` reports: the things that happened, in order.
    type Event: Clone + std::fmt::Debug;
    /// Why an action was refused.
    type Error: std::error::Error;
    /// What one seat may see.
    type View;
    /// The result once the game is over.
    type Outcome;

    /// Whose turn it is, or `None` when the game is over.
    fn to_act(&self) -> Option<Seat>;
    /// Every action the player to act may take (empty when over).
    fn legal_actions(&self) -> Vec<Self::Action>;
    /// Takes `action` for the player to act. On error the state is unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// What `seat` may see.
    fn view(&self, seat: Seat) -> Self::View;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Self::Outcome>;
}

/// A computer player for game `G`.
pub trait Bot<G: Game>: Send {
    /// A short name, as used on the command line (`random`, `strong`, …).
    fn name(&self) -> &str;
    /// Picks a legal action for the seat whose view this is.
    fn choose(&mut self, view: &G::View, rng: &mut GameRng) -> G::Action;
    /// Sees another seat about to take `action` in the position `view`
    /// shows; bots that read their opponents learn from it.
    fn observe(&mut self, _view: &G::View, _action: &G::Action) {}
    /// What the bot has learned that a saved game should keep (reads of
    /// its opponents); `None` when it learns nothing.
    fn memory(&self) -> Option<serde_json::Value> {
        None
    }
    /// Takes back what [`Bot::memory`] gave; a memory it cannot read is
    /// ignored (the bot starts fresh).
    fn recall(&mut self, _memory: &serde_json::Value) {}
}
