//! Player statistics from hand histories, as trackers count them: VPIP
//! (put money in voluntarily before the flop), PFR (raised before the
//! flop), 3-bet (re-raised a single raise before the flop, out of the
//! chances to), AF (bets and raises per call after the flop), WTSD (went
//! to showdown, of the hands that saw the flop), W$SD (won money at the
//! showdown, of the showdowns) and bb/100 (big blinds won per 100 hands).

use std::collections::BTreeMap;

use super::{HandRecord, Replayed};
use crate::game::Seat;
use crate::holdem::action::{Event, Move};
use crate::holdem::hand::HandState;

/// One player's counts over many hands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayerStats {
    /// Hands dealt.
    pub hands: u64,
    /// Hands with a voluntary call, bet or raise before the flop.
    pub vpip: u64,
    /// Hands with a raise before the flop.
    pub pfr: u64,
    /// Chances to re-raise a single raise before the flop.
    pub three_bet_chances: u64,
    /// Re-raises of a single raise before the flop.
    pub three_bets: u64,
    /// Bets and raises after the flop.
    pub aggressive: u64,
    /// Calls after the flop.
    pub calls: u64,
    /// Hands that saw the flop.
    pub saw_flop: u64,
    /// Hands that went to the showdown.
    pub showdowns: u64,
    /// Showdowns that won chips.
    pub won_at_showdown: u64,
    /// Result in big blinds, added up.
    pub big_blinds_won: f64,
}

impl PlayerStats {
    fn pct(part: u64, whole: u64) -> Option<f64> {
        (whole > 0).then(|| 100.0 * part as f64 / whole as f64)
    }

    /// VPIP, percent of hands.
    pub fn vpip_pct(&self) -> Option<f64> {
        Self::pct(self.vpip, self.hands)
    }

    /// PFR, percent of hands.
    pub fn pfr_pct(&self) -> Option<f64> {
        Self::pct(self.pfr, self.hands)
    }

    /// 3-bet, percent of the chances.
    pub fn three_bet_pct(&self) -> Option<f64> {
        Self::pct(self.three_bets, self.three_bet_chances)
    }

    /// Aggression factor: bets and raises per call after the flop.
    pub fn af(&self) -> Option<f64> {
        (self.calls > 0).then(|| self.aggressive as f64 / self.calls as f64)
    }

    /// WTSD, percent of the hands that saw the flop.
    pub fn wtsd_pct(&self) -> Option<f64> {
        Self::pct(self.showdowns, self.saw_flop)
    }

    /// W$SD, percent of the showdowns.
    pub fn wsd_pct(&self) -> Option<f64> {
        Self::pct(self.won_at_showdown, self.showdowns)
    }

    /// Big blinds won per 100 hands.
    pub fn bb_per_100(&self) -> Option<f64> {
        (self.hands > 0).then(|| 100.0 * self.big_blinds_won / self.hands as f64)
    }
}

/// Statistics per player name over many hands.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Per player, by name.
    pub players: BTreeMap<String, PlayerStats>,
    /// Hands counted.
    pub hands: u64,
}

impl Stats {
    /// Counts one replayed hand.
    pub fn add(&mut self, hand: &Replayed) {
        let r: &HandRecord = &hand.record;
        self.add_hand(hand.table.state(), |p| r.name(p));
    }

    /// Counts one finished hand, each seat dealt in under `name(seat)` (a
    /// table on screen counts its hands as they end).
    pub fn add_hand(&mut self, state: &HandState, name: impl Fn(Seat) -> String) {
        let k = state.seats();
        self.hands += 1;
        let bb = state.forced().as_blinds().big.max(1) as f64;
        let mut flop = false;
        let mut raises_pre = 0u32;
        let mut c = vec![PlayerStats::default(); k];
        let mut folded = vec![false; k];
        let mut showed = vec![false; k];
        for e in state.log() {
            match e {
                Event::StreetDealt { .. } if !flop => {
                    flop = true;
                    for (p, s) in c.iter_mut().enumerate() {
                        s.saw_flop = u64::from(!folded[p]);
                    }
                }
                Event::Acted { seat, action, .. } if *seat < k => {
                    let s = &mut c[*seat];
                    if !flop {
                        if raises_pre == 1 {
                            s.three_bet_chances = 1;
                        }
                        match action {
                            Move::Call(_) => s.vpip = 1,
                            Move::Bet(_) | Move::Raise(_) => {
                                s.vpip = 1;
                                s.pfr = 1;
                                if raises_pre == 1 {
                                    s.three_bets = 1;
                                }
                                raises_pre += 1;
                            }
                            _ => {}
                        }
                    } else {
                        match action {
                            Move::Call(_) => s.calls += 1,
                            Move::Bet(_) | Move::Raise(_) => s.aggressive += 1,
                            _ => {}
                        }
                    }
                    if *action == Move::Fold {
                        folded[*seat] = true;
                    }
                }
                Event::Showed { seat, .. } | Event::Mucked { seat } if *seat < k => {
                    showed[*seat] = true;
                }
                _ => {}
            }
        }
        let dealt = state.players();
        let contested = dealt.iter().filter(|&&p| !folded[p]).count() >= 2;
        let (start, end) = (state.starting_stacks(), state.stacks());
        for p in dealt {
            let counts = &c[p];
            let s = self.players.entry(name(p)).or_default();
            s.hands += 1;
            s.vpip += counts.vpip;
            s.pfr += counts.pfr;
            s.three_bet_chances += counts.three_bet_chances;
            s.three_bets += counts.three_bets;
            s.aggressive += counts.aggressive;
            s.calls += counts.calls;
            s.saw_flop += counts.saw_flop;
            if contested && showed[p] && !folded[p] {
                s.showdowns += 1;
                s.won_at_showdown += u64::from(end[p] > start[p]);
            }
            s.big_blinds_won += (end[p] as f64 - start[p] as f64) / bb;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::history::Act::{BetRaise, Board, CheckCall, Fold, Hole, Show};
    use crate::holdem::history::replay;
    use crate::holdem::history::sample::{cards, three_handed};

    #[test]
    fn counts_a_raised_pot_to_showdown() {
        // p3 opens, p1 3-bets, p3 calls; checked down; p1's aces win.
        let mut r = three_handed(vec![
            Hole(0, cards("AcAd")),
            Hole(1, cards("QcQd")),
            Hole(2, cards("KcKd")),
            BetRaise(2, 30),
            BetRaise(0, 90),
            Fold(1),
            CheckCall(2),
            Board(cards("2c7d9h")),
            BetRaise(0, 100),
            CheckCall(2),
            Board(cards("Js")),
            CheckCall(0),
            CheckCall(2),
            Board(cards("4c")),
            CheckCall(0),
            CheckCall(2),
            Show(0, cards("AcAd")),
            Show(2, cards("KcKd")),
        ]);
        r.info.players = Some(vec!["Ann".into(), "Bob".into(), "Cy".into()]);
        let h = replay(&r).expect("replays");
        let mut st = Stats::default();
        st.add(&h);
        let ann = &st.players["Ann"];
        assert_eq!(
            (ann.vpip, ann.pfr, ann.three_bets, ann.three_bet_chances),
            (1, 1, 1, 1)
        );
        assert_eq!((ann.aggressive, ann.calls), (1, 0));
        assert_eq!(ann.af(), None);
        assert_eq!((ann.showdowns, ann.won_at_showdown), (1, 1));
        assert_eq!(ann.bb_per_100(), Some(100.0 * 200.0 / 10.0));
        let cy = &st.players["Cy"];
        assert_eq!((cy.vpip, cy.pfr, cy.three_bets, cy.calls), (1, 1, 0, 1));
        assert_eq!(cy.af(), Some(0.0));
        assert_eq!(cy.wsd_pct(), Some(0.0));
        let bob = &st.players["Bob"];
        assert_eq!((bob.vpip, bob.saw_flop, bob.three_bet_chances), (0, 0, 0));
        assert_eq!(bob.bb_per_100(), Some(-100.0));
    }
}
