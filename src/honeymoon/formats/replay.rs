//! A record checked by replaying it through the engine: every call and
//! card applied by the rules, the play's end and result compared with what
//! the record says.

use super::record::{DealRecord, RecordError, contract_text, seat_text};
use crate::cards::{Card, CardSet};
use crate::game::Game;
use crate::honeymoon::action::{Action, Phase, RuleError};
use crate::honeymoon::position::Position;
use crate::honeymoon::scoring::DealResult;
use crate::honeymoon::state::Honeymoon;
use crate::honeymoon::tricks::{NORTH, SOUTH};

impl DealRecord {
    /// The deal replayed through the engine to its end: an error when any
    /// call or card is refused, the play stops short, or the result is
    /// not the one recorded.
    pub fn replay(&self) -> Result<Honeymoon, RecordError> {
        let g = self.play_out()?;
        let result = self.outcome_of(&g)?;
        if (result.declarer_tricks, result.score) != (self.declarer_tricks, self.score) {
            return Err(RecordError::Mismatch {
                said: format!("{} tricks, score {:?}", self.declarer_tricks, self.score),
                got: format!(
                    "{} tricks, score {:?}",
                    result.declarer_tricks, result.score
                ),
            });
        }
        Ok(g)
    }

    /// The result the calls and cards give (whatever the record says).
    pub fn outcome(&self) -> Result<DealResult, RecordError> {
        let g = self.play_out()?;
        self.outcome_of(&g)
    }

    fn outcome_of(&self, g: &Honeymoon) -> Result<DealResult, RecordError> {
        g.outcome().ok_or(RecordError::Truncated(self.play.len()))
    }

    /// Every call and card applied by the engine.
    fn play_out(&self) -> Result<Honeymoon, RecordError> {
        let refused = |at: String| {
            move |e: RuleError| RecordError::Replay {
                at,
                why: e.to_string(),
            }
        };
        let mut g = match &self.exchange {
            Some(x) => {
                let stock: Vec<Card> = x.stock.iter().rev().copied().collect();
                let all: CardSet = x.dealt[0] | x.dealt[1] | stock.iter().copied().collect();
                if x.dealt[0].len() != 13
                    || x.dealt[1].len() != 13
                    || stock.len() != 26
                    || all.len() != 52
                {
                    return Err(RecordError::Replay {
                        at: "the deal".into(),
                        why: "the dealt hands and the stock are not the 52 cards".into(),
                    });
                }
                let mut g = Honeymoon::from_deal(self.options, self.dealer, x.dealt, stock);
                for (i, &call) in self.auction.iter().enumerate() {
                    g.apply(Action::Call(call))
                        .map_err(refused(format!("call {}", i + 1)))?;
                }
                if g.contract() != Some(self.contract) || g.phase() != Phase::Exchange {
                    return Err(RecordError::Mismatch {
                        said: format!("the contract {}", contract_text::write(&self.contract)),
                        got: g.contract().map_or("no contract".into(), |c| {
                            format!("the contract {}", contract_text::write(&c))
                        }),
                    });
                }
                for (i, &card) in x.cards.iter().enumerate() {
                    g.apply(Action::Play(card))
                        .map_err(refused(format!("exchange card {}", i + 1)))?;
                }
                if g.phase() != Phase::Play
                    || [g.hand(NORTH), g.hand(SOUTH)] != self.hands
                    || g.leader() != self.leader
                {
                    return Err(RecordError::Mismatch {
                        said: "these hands and this leader at the start of the play".into(),
                        got: "others after the exchange".into(),
                    });
                }
                g
            }
            None => {
                let start = Position::new(self.hands[0], self.hands[1], self.trump(), self.leader);
                start.validate().map_err(|e| RecordError::Replay {
                    at: "the start of the play".into(),
                    why: e.to_string(),
                })?;
                if start.tricks_left() != 13 {
                    return Err(RecordError::Replay {
                        at: "the start of the play".into(),
                        why: "each hand must hold 13 cards".into(),
                    });
                }
                Honeymoon::at_play(self.options, self.hands, self.contract, self.leader)
            }
        };
        for (i, &card) in self.play.iter().enumerate() {
            g.apply(Action::Play(card))
                .map_err(refused(format!("play card {}", i + 1)))?;
        }
        if let Some(claim) = self.claim {
            if g.to_act() != Some(claim.seat) {
                return Err(RecordError::Replay {
                    at: "the claim".into(),
                    why: format!("{} is not to play", seat_text::letter(claim.seat)),
                });
            }
            g.apply(Action::Claim(claim.tricks))
                .map_err(refused("the claim".into()))?;
        }
        Ok(g)
    }
}
