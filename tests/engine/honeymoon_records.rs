//! Honeymoon deal records, reviews, claims and undo, on seeded deals:
//! review values are the solver's (and, once few cards are left, the
//! plain minimax's of `tests/common/minimax.rs`); a claim holds exactly
//! when the solver agrees; undo then the same cards again gives the same
//! state; a record written as JSON or PBN reads back the same; bad or
//! truncated files are refused with one line.

use crate::common;

use cardgames::cards::Card;
use cardgames::game::{Game, Playable, Seat, rng_from_seed};
use cardgames::honeymoon::bots::make_bot;
use cardgames::honeymoon::formats::pbn;
use cardgames::honeymoon::formats::{DealRecord, RecordError, read_text};
use cardgames::honeymoon::review::review;
use cardgames::honeymoon::solver::Solver;
use cardgames::honeymoon::{Action, Honeymoon, Phase, RuleError, Setup};
use cardgames::runner::{Runner, SeatInfo};
use common::minimax;

/// A whole deal between two bots, from `seed`.
fn played(seed: u64, north: &str, south: &str, options: Setup) -> Honeymoon {
    let mut bots = [north, south].map(|n| make_bot(n).unwrap_or_else(|| panic!("{n}")));
    let mut g = Honeymoon::new(options, (seed % 2) as Seat, seed);
    let mut rng = rng_from_seed(seed);
    while let Some(seat) = g.to_act() {
        let a = bots[seat].choose(&g.view(seat), &mut rng);
        g.apply(a).unwrap_or_else(|e| panic!("{e}"));
    }
    g
}

fn record(g: &Honeymoon) -> DealRecord {
    g.record().unwrap_or_else(|| panic!("deal not over"))
}

#[test]
fn review_values_are_the_solvers_and_the_minimaxs() {
    let mut solver = Solver::new();
    let mut checked_by_minimax = 0;
    for seed in 0..6 {
        let g = played(seed, "greedy", "random", Setup::default());
        let r = record(&g);
        let reviewed = review(&r, &mut solver, 0, 0).unwrap_or_else(|e| panic!("{e}"));
        let (before, _) = r.positions().unwrap_or_else(|e| panic!("{e}"));
        let mut won = [0u8; 2];
        let mut lost = [0u32; 2];
        for ((pos, p), &card) in before.iter().zip(&reviewed.plays).zip(&r.play) {
            assert_eq!(p.card, card);
            assert_eq!(p.seat, pos.to_move());
            let exact = Solver::new().tricks(pos).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.north_before, won[0] + exact[0], "seed {seed} {card}");
            let (next, winner) = pos.play(card).unwrap_or_else(|e| panic!("{e}"));
            if let Some(w) = winner {
                won[w] += 1;
            }
            let after = Solver::new()
                .tricks(&next)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.north_after, won[0] + after[0], "seed {seed} {card}");
            let mover = p.seat;
            let cost = if mover == 0 {
                p.north_before - p.north_after
            } else {
                p.north_after - p.north_before
            };
            assert_eq!(p.cost, cost);
            lost[mover] += u32::from(cost);
            assert_eq!(p.cost == 0, p.best.contains(&card));
            if pos.tricks_left() <= 5 {
                // The plain minimax over explicit cards agrees.
                let hands = [pos.hands[0].iter().collect(), pos.hands[1].iter().collect()];
                let t = minimax::minimax(&hands, pos.trump, pos.leader, pos.led);
                assert_eq!(t, exact, "seed {seed} before {card}");
                let t = minimax::after(&hands, pos.trump, pos.leader, pos.led, card);
                let won_before = won[0] - u8::from(winner == Some(0));
                assert_eq!(won_before + t[0], p.north_after, "seed {seed} after {card}");
                checked_by_minimax += 1;
            }
        }
        assert_eq!(reviewed.lost, lost);
        assert_eq!(reviewed.par, reviewed.plays[0].north_before);
    }
    assert!(checked_by_minimax > 50);
}

#[test]
fn the_strong_bot_loses_nothing_in_the_play() {
    let g = played(3, "strong", "strong", Setup::default());
    let r = review(&record(&g), &mut Solver::new(), 2, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.lost, [0, 0]);
    assert_eq!(r.exchange.len(), 13);
    let again = review(&record(&g), &mut Solver::new(), 2, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r, again, "the exchange samples are seeded");
}

/// A play-phase state from `seed`, `cards` cards into the play.
fn in_the_play(seed: u64, cards: usize) -> Honeymoon {
    let mut bots = [make_bot("greedy"), make_bot("greedy")].map(|b| b.unwrap_or_else(|| panic!()));
    let mut g = Honeymoon::new(Setup::default(), 0, seed);
    let mut rng = rng_from_seed(seed);
    let mut played = 0;
    while let Some(seat) = g.to_act() {
        if g.phase() == Phase::Play {
            if played == cards {
                break;
            }
            played += 1;
        }
        let a = bots[seat].choose(&g.view(seat), &mut rng);
        g.apply(a).unwrap_or_else(|e| panic!("{e}"));
    }
    g
}

#[test]
fn a_claim_holds_exactly_when_the_solver_agrees() {
    for seed in 0..8 {
        for cards in [0, 7, 16, 21] {
            let g = in_the_play(seed, cards);
            let Some(pos) = g.position() else { continue };
            let Some(seat) = g.to_act() else { continue };
            let best = Solver::new().tricks(&pos).unwrap_or_else(|e| panic!("{e}"))[seat];
            let left = pos.tricks_left() as u8;
            for claim in 0..=left + 1 {
                let mut h = g.clone();
                let out = h.apply(Action::Claim(claim));
                if claim > left {
                    assert!(matches!(out, Err(RuleError::BadClaim { .. })));
                    assert_eq!(h, g);
                } else if claim <= best {
                    assert!(out.is_ok(), "seed {seed}: {claim} of {left}, best {best}");
                    let result = h.outcome().unwrap_or_else(|| panic!("over"));
                    let mut tricks = g.play_tricks();
                    tricks[seat] += claim;
                    tricks[1 - seat] += left - claim;
                    assert_eq!(result.declarer_tricks, tricks[result.contract.declarer]);
                    // The record of a claimed deal replays, as JSON and PBN.
                    let r = record(&h);
                    assert_eq!(DealRecord::from_json(&r.to_json()), Ok(vec![r.clone()]));
                    assert_eq!(
                        pbn::read(&pbn::write(std::slice::from_ref(&r))),
                        Ok(vec![r])
                    );
                } else {
                    assert_eq!(
                        out,
                        Err(RuleError::ClaimRefused {
                            claimed: claim,
                            best,
                            left
                        })
                    );
                    assert_eq!(h, g, "a refused claim changes nothing");
                }
            }
        }
    }
}

#[test]
fn claims_outside_the_play_are_refused() {
    let mut g = Honeymoon::new(Setup::default(), 0, 4);
    let before = g.clone();
    assert!(matches!(
        g.apply(Action::Claim(0)),
        Err(RuleError::BadClaim { .. })
    ));
    assert_eq!(g, before);
}

/// A session with the person South against the greedy bot, played to
/// `cards` cards of the play by choosing each seat's first legal card.
fn session(options: Setup, seed: u64, cards: usize) -> Runner<Honeymoon> {
    let seats = vec![SeatInfo::bot("North", "greedy"), SeatInfo::person("South")];
    let mut runner =
        Runner::<Honeymoon>::new(options, seed, seats).unwrap_or_else(|e| panic!("{e}"));
    let mut played = 0;
    loop {
        let g = runner.game();
        if g.phase() == Phase::Play && played >= cards || g.to_act().is_none() {
            break;
        }
        if g.phase() == Phase::Play {
            played += 1;
        }
        if runner.bot_to_act().is_some() {
            runner.think().map(|r| r.unwrap_or_else(|e| panic!("{e}")));
        } else {
            let a = g.legal_actions()[0];
            runner.act(1, a).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    runner
}

#[test]
fn undo_then_the_same_cards_again_gives_the_same_state() {
    for seed in 0..4 {
        let runner = session(Setup::default(), seed, 20);
        let target = runner.game().clone();
        let log = runner.log().to_vec();
        let mut undone = runner;
        // Back to each earlier card of the play of South's, and forward
        // again with the same cards.
        let steps: Vec<usize> = log
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match e {
                cardgames::runner::Logged::Act {
                    seat: 1,
                    action: Action::Play(_),
                    ..
                } => Some(i),
                _ => None,
            })
            .collect();
        let mut rewound = 0;
        for &step in steps.iter().rev() {
            let mut r = session(Setup::default(), seed, 20);
            match r.rewind(step) {
                Ok(_) => {}
                Err(e) => {
                    assert!(e.to_string().contains("cannot be taken back"), "{e}");
                    continue;
                }
            }
            rewound += 1;
            assert_eq!(r.game().undos(), 1);
            for entry in &log[step..] {
                if let cardgames::runner::Logged::Act { seat, action, .. } = entry {
                    let mut g = r.game().clone();
                    g.apply(*action).unwrap_or_else(|e| panic!("{e}"));
                    // Replaying through the runner as the seats would.
                    if *seat == 1 {
                        r.act(1, *action).unwrap_or_else(|e| panic!("{e}"));
                    } else {
                        let turn = r.lend().unwrap_or_else(|| panic!("bot turn"));
                        r.give_back(turn, *action).unwrap_or_else(|e| panic!("{e}"));
                    }
                    assert_eq!(r.game(), &g);
                }
            }
            let mut same = target.clone();
            same.rewound();
            assert_eq!(r.game(), &same, "seed {seed} step {step}");
            // The save replays to the same state, the undo counted.
            let back = Runner::restore(r.save(), |_, _| {}).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(back.game(), r.game());
        }
        assert!(rewound >= 5, "seed {seed}: {rewound}");
        // The exchange is taken back only in practice.
        let first_exchange = steps.first().copied().unwrap_or(0);
        assert!(undone.rewind(first_exchange).is_err());
        let mut practice = session(
            Setup {
                practice: true,
                ..Setup::default()
            },
            seed,
            20,
        );
        assert!(practice.rewind(first_exchange).is_ok());
        assert_eq!(practice.game().phase(), Phase::Exchange);
    }
}

#[test]
fn duplicate_replays_the_deal_with_the_hands_swapped() {
    let options = Setup {
        duplicate: true,
        ..Setup::default()
    };
    let mut g = played(9, "greedy", "greedy", options);
    let first = g.clone();
    g.next_deal().unwrap_or_else(|e| panic!("{e}"));
    assert!(g.is_replay());
    assert_eq!(g.dealt(), [first.dealt()[1], first.dealt()[0]]);
    assert_eq!(g.pack(), first.pack());
    assert_eq!(g.dealer(), 1 - first.dealer());
    let mut bots = [make_bot("greedy"), make_bot("greedy")].map(|b| b.unwrap_or_else(|| panic!()));
    let mut rng = rng_from_seed(1);
    while let Some(seat) = g.to_act() {
        let a = bots[seat].choose(&g.view(seat), &mut rng);
        g.apply(a).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(g.deals().len(), 2);
    assert!(!g.deals()[0].replay && g.deals()[1].replay);
    g.next_deal().unwrap_or_else(|e| panic!("{e}"));
    assert!(!g.is_replay(), "then a new deal");
    assert_ne!(g.dealt()[0], first.dealt()[0]);
}

#[test]
fn records_round_trip_as_json_and_pbn() {
    for seed in 0..10 {
        let options = Setup {
            doubling: seed % 3 == 0,
            no_trump: seed % 4 != 1,
            ..Setup::default()
        };
        let g = played(seed, "greedy", "random", options);
        let r = record(&g);
        assert!(r.exchange.is_some());
        assert_eq!(r.replay().map(|h| h.outcome()), Ok(g.outcome()));
        let json = r.to_json();
        assert_eq!(DealRecord::from_json(&json), Ok(vec![r.clone()]));
        let text = pbn::write(std::slice::from_ref(&r));
        assert!(text.contains("[Deal \"N:"), "{text}");
        assert_eq!(read_text(&text), Ok(vec![r.clone()]), "{text}");
        // Without the Honeymoon tags, the play alone.
        let plain: String = text
            .lines()
            .filter(|l| !l.starts_with("[Honeymoon"))
            .map(|l| format!("{l}\n"))
            .collect();
        let alone = pbn::read(&plain).unwrap_or_else(|e| panic!("{e}\n{plain}"));
        assert_eq!(alone[0].play, r.play);
        assert_eq!(alone[0].hands, r.hands);
        assert_eq!(alone[0].declarer_tricks, r.declarer_tricks);
        assert!(alone[0].exchange.is_none());
    }
}

#[test]
fn bad_and_truncated_records_are_refused_with_one_line() {
    let r = record(&played(2, "greedy", "greedy", Setup::default()));
    let json = r.to_json();
    let text = pbn::write(std::slice::from_ref(&r));
    let cut_json = &json[..json.len() / 2];
    let play_at = text.find("[Play").unwrap_or(0);
    let cut_pbn = &text[..play_at + (text.len() - play_at) / 2];
    let mut wrong_card = r.clone();
    wrong_card.play.swap(0, 1);
    let mut wrong_score = r.clone();
    wrong_score.score[0] += 10;
    let cases: Vec<(String, &str)> = vec![
        (cut_json.to_string(), "not a honeymoon deal record"),
        (cut_pbn.to_string(), "cut short"),
        (wrong_card.to_json(), "does not replay"),
        (wrong_score.to_json(), "the record says"),
        (
            text.replace("[Contract \"", "[Contract \"9"),
            "is not a bid",
        ),
        (text.replace("[Deal \"N:", "[Deal \"X:"), "Deal starts"),
        ("{\"format\": \"other\"}".into(), "format"),
        ("[Event \"x\"]\n".into(), "no Deal tag"),
        ("  \n".into(), "no deal"),
    ];
    for (bad, want) in cases {
        let e = read_text(&bad).map(|_| ()).unwrap_err_or_panic();
        let line = e.to_string();
        assert!(line.contains(want), "{line} should say {want}");
        assert!(!line.contains('\n'), "one line: {line}");
    }
}

trait UnwrapErr {
    fn unwrap_err_or_panic(self) -> RecordError;
}

impl UnwrapErr for Result<(), RecordError> {
    fn unwrap_err_or_panic(self) -> RecordError {
        match self {
            Err(e) => e,
            Ok(()) => panic!("accepted"),
        }
    }
}

#[test]
fn every_card_is_reviewed_once() {
    let g = played(5, "random", "greedy", Setup::default());
    let r = record(&g);
    let reviewed = review(&r, &mut Solver::new(), 0, 0).unwrap_or_else(|e| panic!("{e}"));
    let cards: Vec<Card> = reviewed.plays.iter().map(|p| p.card).collect();
    assert_eq!(cards, r.play);
}
