//! The honeymoon board's own state between frames ([`Ui`]: the cursors,
//! the solver's values when asked for, a claim, the panel shown) and its
//! commands.

use cardgames::cards::Card;
use cardgames::honeymoon::Bid;
use cardgames::honeymoon::review::Review;
use cardgames::honeymoon::solver::Analysis;

/// The board's state: the card and bid cursors, the solver's values when
/// asked for, a claim being chosen, and the panel shown.
#[derive(Debug)]
pub struct Ui {
    pub(super) card: usize,
    /// The bid under the cursor, while it is legal (else the lowest legal
    /// bid is).
    pub(super) bid: Option<Bid>,
    /// The hint is on: the solver's values are shown on each of your
    /// turns until it is turned off.
    pub(super) hinting: bool,
    /// The solver's values for this turn, while hinting.
    pub(super) hint: Option<Analysis>,
    /// Tricks to claim, while a claim is being chosen.
    pub(super) claim: Option<u8>,
    /// The last completed trick is shown, until the key is pressed again.
    pub(super) peek: bool,
    pub(super) panel: Panel,
    /// First line of the review or match panel shown.
    pub(super) scroll: usize,
}

/// What the left column shows.
#[derive(Debug, Default)]
pub(super) enum Panel {
    /// The table.
    #[default]
    Table,
    /// The review of the deal just finished.
    Review(Box<Review>),
    /// The match: every deal's result.
    Match,
}

impl Default for Ui {
    fn default() -> Ui {
        Ui {
            card: 0,
            bid: None,
            hinting: false,
            hint: None,
            claim: None,
            peek: false,
            panel: Panel::Table,
            scroll: 0,
        }
    }
}

/// Commands of the honeymoon table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Previous card / legal bid.
    Left,
    /// Next card / legal bid.
    Right,
    /// Lower bid level.
    Up,
    /// Higher bid level.
    Down,
    /// Play the card or make the bid under the cursor.
    Choose,
    /// Pass in the auction.
    Pass,
    /// Double.
    Double,
    /// Redouble.
    Redouble,
    /// Show or hide the solver's value of each card (play phase).
    Hint,
    /// A click on one of your cards: play it if it is legal.
    PlayCard(Card),
    /// A click in the bidding box: highlight that bid, or make it when it
    /// is highlighted already.
    BidAt(Bid),
    /// Show or hide the last completed trick.
    LastTrick,
    /// Start choosing a claim (the play, on your turn).
    Claim,
    /// Make the claim chosen.
    ClaimNow,
    /// Close the claim, review or match panel.
    Close,
    /// Take back your last card.
    Undo,
    /// Show or hide the review of the deal just finished.
    Review,
    /// Show or hide the match's deals.
    Match,
    /// Scroll a panel up.
    ScrollUp,
    /// Scroll a panel down.
    ScrollDown,
}
