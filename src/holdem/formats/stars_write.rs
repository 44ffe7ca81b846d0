//! Writing a replayed hand as PokerStars or GGPoker text, line for line
//! as the room writes it, so that trackers import it: the header with the
//! hand's own number, stakes, tournament and date; the seats; the posts;
//! "Dealt to" for the hero only (GGPoker: a line for every player, cards
//! for the hero); the actions; the boards (each run of a hand run twice);
//! the showdown; what each player collected after the rake; and the
//! summary with every seat's result ("folded before Flop (didn't bet)",
//! "showed [..] and won ($1.20) with ...", "collected ($0.35)").

use std::fmt::Write;

use super::Format;
use crate::cards::Card;
use crate::cards::Rank;
use crate::game::Seat;
use crate::holdem::action::{Blind, Event, Move};
use crate::holdem::eval::reference::rank_five;
use crate::holdem::eval::{Category, best_five};
use crate::holdem::hand::HandState;
use crate::holdem::history::{HandRecord, HistoryError, Replayed};
use crate::holdem::pots::Chips;

/// What to write.
#[derive(Debug, Clone)]
pub struct StarsOptions {
    /// [`Format::PokerStars`] or [`Format::GgPoker`].
    pub site: Format,
    /// The hero's name (or `p3`), when the record has no hero.
    pub hero: Option<String>,
}

fn cards(cs: &[Card]) -> String {
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn rank_name(r: Rank, plural: bool) -> String {
    let names = [
        "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
        "King", "Ace",
    ];
    let n = names[r.index()];
    match (plural, r) {
        (false, _) => n.to_string(),
        (true, Rank::Six) => "Sixes".into(),
        (true, _) => format!("{n}s"),
    }
}

/// How PokerStars names a hand of two hole cards and a board: "a pair of
/// Aces", "two pair, Kings and Fives", "a flush, Ace high".
pub fn describe(hole: [Card; 2], board: &[Card]) -> String {
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    if all.len() < 5 {
        return "a hand".into();
    }
    let (_, five) = best_five(&all);
    let s = rank_five(&five);
    let r: Vec<Rank> = s.ranks.iter().flatten().copied().collect();
    let at = |i: usize| r.get(i).copied().unwrap_or(Rank::Two);
    let low = |high: Rank| Rank::from_index(high.index().saturating_sub(4) as u8);
    let straight = |high: Rank| {
        let from = if high == Rank::Five {
            Rank::Ace
        } else {
            low(high)
        };
        format!("{} to {}", rank_name(from, false), rank_name(high, false))
    };
    match s.category {
        Category::StraightFlush if at(0) == Rank::Ace => "a Royal Flush".into(),
        Category::StraightFlush => format!("a straight flush, {}", straight(at(0))),
        Category::FourOfAKind => format!("four of a kind, {}", rank_name(at(0), true)),
        Category::FullHouse => format!(
            "a full house, {} full of {}",
            rank_name(at(0), true),
            rank_name(at(1), true)
        ),
        Category::Flush => format!("a flush, {} high", rank_name(at(0), false)),
        Category::Straight => format!("a straight, {}", straight(at(0))),
        Category::ThreeOfAKind => format!("three of a kind, {}", rank_name(at(0), true)),
        Category::TwoPair => format!(
            "two pair, {} and {}",
            rank_name(at(0), true),
            rank_name(at(1), true)
        ),
        Category::OnePair => format!("a pair of {}", rank_name(at(0), true)),
        Category::HighCard => format!("high card {}", rank_name(at(0), false)),
    }
}

/// A number of a hand the room's header can carry: the record's own when
/// it has digits, else one made from the hand itself (the same hand, the
/// same number; two hands, two numbers).
pub fn hand_number(r: &HandRecord) -> String {
    let digits: String = r
        .info
        .hand
        .as_deref()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    if !digits.is_empty() {
        return digits.trim_start_matches('0').to_string().max("0".into());
    }
    // FNV-1a over the hand as PHH writes it.
    let text = super::phh::write_record(r);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    (h % 1_000_000_000_000).to_string()
}

/// Roman numerals for PokerStars tournament levels.
fn roman(mut n: u32) -> String {
    let table = [
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut s = String::new();
    for (v, t) in table {
        while n >= v {
            s.push_str(t);
            n -= v;
        }
    }
    s
}

struct Writer<'a> {
    hand: &'a Replayed,
    st: &'a HandState,
    gg: bool,
    cur: String,
    order: Vec<Seat>,
}

impl Writer<'_> {
    fn r(&self) -> &HandRecord {
        &self.hand.record
    }

    fn player(&self, seat: Seat) -> usize {
        self.order.iter().position(|&s| s == seat).unwrap_or(0)
    }

    fn name(&self, seat: Seat) -> String {
        self.r().name(self.player(seat))
    }

    /// An amount as the room writes it: `$0.50`, `$1`, `1500`.
    fn amt(&self, x: Chips) -> String {
        let u = self.r().units;
        let unit = u.unit();
        let text = if x.is_multiple_of(unit) {
            (x / unit).to_string()
        } else {
            let mut s = u.format(x);
            if self.gg {
                while s.ends_with('0') {
                    s.pop();
                }
            } else if s.split_once('.').is_some_and(|(_, f)| f.len() < 2) {
                s.push('0');
            }
            s
        };
        format!("{}{text}", self.cur)
    }

    fn seat_number(&self, p: usize) -> u32 {
        self.r()
            .info
            .seats
            .as_ref()
            .and_then(|s| s.get(p).copied())
            .unwrap_or(p as u32 + 1)
    }
}

/// Writes a replayed hand as PokerStars (or GGPoker) text.
pub fn write_stars(hand: &Replayed, opts: &StarsOptions) -> Result<String, HistoryError> {
    let st = hand.table.state();
    let r = &hand.record;
    let gg = opts.site == Format::GgPoker;
    let w = Writer {
        hand,
        st,
        gg,
        cur: r.info.currency_symbol.clone().unwrap_or_default(),
        order: st.players(),
    };
    let k = r.players();
    let hero = r
        .info
        .hero
        .or_else(|| opts.hero.as_deref().and_then(|h| r.player_named(h)));
    let mut o = String::new();
    header(&w, &mut o);
    // The seats.
    let max = r
        .info
        .seat_count
        .map_or(String::new(), |n| format!(" {n}-max"));
    let button = r.info.button.unwrap_or_else(|| w.seat_number(k - 1));
    let table = r.info.table.clone().unwrap_or_else(|| "cardgames".into());
    let play = if r.info.play_money {
        " (Play Money)"
    } else {
        ""
    };
    let _ = writeln!(o, "Table '{table}'{max}{play} Seat #{button} is the button");
    let by_seat = {
        let mut v: Vec<usize> = (0..k).collect();
        v.sort_by_key(|&p| w.seat_number(p));
        v
    };
    for &p in &by_seat {
        let _ = writeln!(
            o,
            "Seat {}: {} ({} in chips)",
            w.seat_number(p),
            r.name(p),
            w.amt(r.starting_stacks[p])
        );
    }
    body(&w, hero, &by_seat, &mut o);
    summary(&w, &by_seat, &mut o);
    Ok(o)
}

fn header(w: &Writer, o: &mut String) {
    let r = w.r();
    let b = w.st.blinds();
    let gg = w.gg;
    let number = hand_number(r);
    let venue = r.info.venue.as_deref().unwrap_or_default();
    let tournament = r.info.tournament.as_ref();
    let prefix = if gg {
        let id = r
            .info
            .hand
            .clone()
            .filter(|h| h.chars().take(2).all(|c| c.is_ascii_uppercase()) && h.len() > 2);
        let id = id.unwrap_or_else(|| {
            format!("{}{number}", if tournament.is_some() { "TM" } else { "HD" })
        });
        format!("Poker Hand #{id}:")
    } else if venue.contains("Zoom") {
        format!("PokerStars Zoom Hand #{number}: ")
    } else if venue.contains("Home Game") {
        let club = r
            .info
            .event
            .as_deref()
            .map_or(String::new(), |c| format!(" {{{c}}}"));
        format!("PokerStars Home Game Hand #{number}:{club} ")
    } else if tournament.is_some() {
        format!("PokerStars Hand #{number}:")
    } else {
        format!("PokerStars Hand #{number}: ")
    };
    let iso = r
        .info
        .currency
        .as_deref()
        .map_or(String::new(), |c| format!(" {c}"));
    let (y, m, d) = r.info.date.unwrap_or((1970, 1, 1));
    let time = r.info.time.clone().unwrap_or_else(|| "00:00:00".into());
    let time = if gg {
        time
    } else {
        time.strip_prefix('0')
            .filter(|t| !t.starts_with(':'))
            .map_or(time.clone(), str::to_string)
    };
    let zone = match (gg, r.info.time_zone.as_deref()) {
        (true, _) => String::new(),
        (false, Some(z)) => format!(" {z}"),
        (false, None) if r.info.date.is_some() => String::new(),
        (false, None) => " UTC".into(),
    };
    let when = format!("{y}/{m:02}/{d:02} {time}{zone}");
    let stakes = format!("{}/{}", w.amt(b.small), w.amt(b.big));
    let _ = match tournament {
        Some(t) => {
            let buy_in = t
                .buy_in
                .as_deref()
                .map_or(String::new(), |b| format!(" {b}"));
            let level = r.info.level.unwrap_or(1);
            let level = if gg {
                format!("Level{level}({stakes})")
            } else {
                format!("Level {} ({stakes})", roman(level))
            };
            writeln!(
                o,
                "{prefix} Tournament #{},{buy_in} Hold'em No Limit - {level} - {when}",
                t.id
            )
        }
        None if gg => writeln!(o, "{prefix} Hold'em No Limit ({stakes}) - {when}"),
        None => writeln!(o, "{prefix} Hold'em No Limit ({stakes}{iso}) - {when}"),
    };
}

/// The posts, hole cards, actions, boards and showdown.
fn body(w: &Writer, hero: Option<usize>, by_seat: &[usize], o: &mut String) {
    let st = w.st;
    let r = w.r();
    let k = r.players();
    let entry = |p: usize| if k == 2 { 1 - p } else { p };
    let forced = st.forced();
    let antes_paid = (0..k).filter(|&p| forced.ante(entry(p)) > 0).count();
    let mut bets = vec![0; st.seats()];
    let mut blind_lines: Vec<(u8, String)> = Vec::new();
    let mut ante_lines: Vec<String> = Vec::new();
    let mut holes_written = false;
    let mut showdown = false;
    let mut board: Vec<Card> = Vec::new();
    let mut runs: Vec<Vec<Card>> = Vec::new();
    let boards = st.boards();
    let common = match boards.as_slice() {
        [first, second, ..] => first
            .iter()
            .zip(second.iter())
            .take_while(|(a, b)| a == b)
            .count(),
        _ => 5,
    };
    let ordinal = |run: usize| ["FIRST", "SECOND", "THIRD", "FOURTH"][run.min(3)];
    let street_line = |o: &mut String, run: Option<usize>, b: &[Card]| {
        let label = match b.len() {
            3 => "FLOP",
            4 => "TURN",
            _ => "RIVER",
        };
        let label = match run {
            Some(i) => format!("{} {label}", ordinal(i)),
            None => label.to_string(),
        };
        if b.len() == 3 {
            let _ = writeln!(o, "*** {label} *** [{}]", cards(b));
        } else {
            let n = b.len() - 1;
            let _ = writeln!(
                o,
                "*** {label} *** [{}] [{}]",
                cards(&b[..n]),
                cards(&b[n..])
            );
        }
    };
    let mut paid = after_rake(w).into_iter();
    let mut show_lines: Vec<Vec<String>> = vec![Vec::new(); boards.len()];
    let mut after: Vec<String> = Vec::new();
    let mut awarded = false;
    let mut pot_lines: Vec<Vec<String>> = vec![Vec::new(); boards.len()];
    let pots = last_pots(st);
    for e in st.log() {
        match e {
            Event::AntePosted {
                seat,
                amount,
                all_in,
            } => {
                let p = w.player(*seat);
                let e = entry(p);
                let dead_sb = forced.blind(e) == 0 && e >= 2 && antes_paid * 2 < k;
                let part_of_both = forced.is_post(e) && antes_paid * 2 < k;
                if part_of_both {
                    continue;
                }
                let what = if dead_sb {
                    "posts small blind"
                } else {
                    "posts the ante"
                };
                ante_lines.push(format!(
                    "{}: {what} {}{}",
                    w.name(*seat),
                    w.amt(*amount),
                    if *all_in { " and is all-in" } else { "" }
                ));
            }
            Event::BlindPosted {
                seat,
                blind,
                amount,
                all_in,
            } => {
                bets[*seat] = *amount;
                let p = w.player(*seat);
                let dead = forced.ante(entry(p));
                let (rank, what, shown) = match blind {
                    Blind::Post if dead > 0 && antes_paid * 2 < k => {
                        (3, "posts small & big blinds", *amount + dead)
                    }
                    Blind::Small if forced.blind(0) >= forced.min_bet && forced.blind(1) == 0 => {
                        (1, "posts big blind", *amount)
                    }
                    Blind::Small => (0, "posts small blind", *amount),
                    Blind::Big | Blind::Post => (1, "posts big blind", *amount),
                    Blind::Straddle => (2, "posts straddle", *amount),
                };
                let what = if w.gg && *blind == Blind::Straddle {
                    "straddle"
                } else {
                    what
                };
                blind_lines.push((
                    rank,
                    format!(
                        "{}: {what} {}{}",
                        w.name(*seat),
                        w.amt(shown),
                        if *all_in { " and is all-in" } else { "" }
                    ),
                ));
            }
            Event::HoleDealt { .. } if !holes_written => {
                holes_written = true;
                for line in ante_lines.drain(..) {
                    let _ = writeln!(o, "{line}");
                }
                blind_lines.sort_by_key(|(rank, _)| *rank);
                for (_, line) in blind_lines.drain(..) {
                    let _ = writeln!(o, "{line}");
                }
                let _ = writeln!(o, "*** HOLE CARDS ***");
                // The hero's cards, and nobody else's (GGPoker: a line for
                // every player, cards for the hero).
                for &p in by_seat {
                    let cards_of = (Some(p) == hero)
                        .then(|| known_hole(r, p).or_else(|| st.hole(w.order[p])))
                        .flatten();
                    match cards_of {
                        Some(c) => {
                            let _ = writeln!(o, "Dealt to {} [{}]", r.name(p), cards(&c));
                        }
                        None if w.gg => {
                            let _ = writeln!(o, "Dealt to {} ", r.name(p));
                        }
                        None => {}
                    }
                }
            }
            Event::Acted {
                seat,
                action,
                all_in,
            } => {
                let top = bets.iter().copied().max().unwrap_or(0);
                let line = match action {
                    Move::Fold => "folds".to_string(),
                    Move::Check => "checks".to_string(),
                    Move::Call(x) => {
                        bets[*seat] += x;
                        format!("calls {}", w.amt(*x))
                    }
                    Move::Bet(to) => {
                        let x = to - bets[*seat];
                        bets[*seat] = *to;
                        format!("bets {}", w.amt(x))
                    }
                    Move::Raise(to) => {
                        bets[*seat] = *to;
                        format!("raises {} to {}", w.amt(to - top), w.amt(*to))
                    }
                };
                let all_in = if *all_in { " and is all-in" } else { "" };
                let _ = writeln!(o, "{}: {line}{all_in}", w.name(*seat));
            }
            Event::UncalledReturned { seat, amount } if holes_written => {
                let _ = writeln!(
                    o,
                    "Uncalled bet ({}) returned to {}",
                    w.amt(*amount),
                    w.name(*seat)
                );
            }
            Event::StreetDealt { cards: c, .. } => {
                bets.iter_mut().for_each(|b| *b = 0);
                for &card in c {
                    board.push(card);
                    if board.len() >= 3 {
                        let run = (boards.len() > 1 && board.len() > common).then_some(0);
                        street_line(o, run, &board);
                    }
                }
            }
            Event::RunDealt { run, cards: c } => {
                while runs.len() < *run {
                    runs.push(boards[runs.len() + 1][..common].to_vec());
                }
                let b = &mut runs[*run - 1];
                for &card in c {
                    b.push(card);
                    if b.len() >= 3 {
                        street_line(o, Some(*run), b);
                    }
                }
            }
            Event::Showed { seat, cards: c, .. } if awarded => {
                // A show after the pot was won uncontested.
                let desc = describe(*c, boards[0]);
                after.push(format!("{}: shows [{}] ({desc})", w.name(*seat), cards(c)));
            }
            Event::Showed { seat, cards: c, .. } => {
                showdown = true;
                for (run, b) in boards.iter().enumerate() {
                    let desc = describe(*c, b);
                    show_lines[run].push(format!(
                        "{}: shows [{}] ({desc})",
                        w.name(*seat),
                        cards(c)
                    ));
                }
            }
            Event::Mucked { seat } => {
                showdown = true;
                for lines in &mut show_lines {
                    lines.push(format!("{}: mucks hand", w.name(*seat)));
                }
            }
            Event::PotAwarded { pot, seat, amount } => {
                awarded = true;
                let x = paid.next().unwrap_or(*amount);
                pot_lines[0].push(collected_line(w, *seat, x, *pot, pots));
            }
            Event::RunAwarded {
                run,
                pot,
                seat,
                amount,
            } => {
                awarded = true;
                let x = paid.next().unwrap_or(*amount);
                pot_lines[*run].push(collected_line(w, *seat, x, *pot, pots));
            }
            _ => {}
        }
    }
    let many = boards.len() > 1;
    for (run, (shows, pots)) in show_lines.iter().zip(&pot_lines).enumerate() {
        if showdown || w.gg {
            let label = if w.gg { "SHOWDOWN" } else { "SHOW DOWN" };
            match many {
                true => writeln!(o, "*** {} {label} ***", ordinal(run)),
                false => writeln!(o, "*** {label} ***"),
            }
            .unwrap_or(());
        }
        for l in shows.iter().chain(pots) {
            let _ = writeln!(o, "{l}");
        }
    }
    for l in after {
        let _ = writeln!(o, "{l}");
    }
}

/// The known hole cards of player `p` as the record deals them.
fn known_hole(r: &HandRecord, p: usize) -> Option<[Card; 2]> {
    r.actions.iter().find_map(|(a, _)| match a {
        crate::holdem::history::Act::Hole(q, c) if *q == p => match c.as_slice() {
            [Some(a), Some(b)] => Some([*a, *b]),
            _ => None,
        },
        _ => None,
    })
}

/// What each pot share the table paid (in the log's order) comes to
/// after the rake: each player's part of the rake taken from their
/// shares in proportion, the odd units from the last ones.
fn after_rake(w: &Writer) -> Vec<Chips> {
    let d = deductions(w);
    let won = w.hand.awards();
    let shares: Vec<(usize, Chips)> =
        w.st.log()
            .iter()
            .filter_map(|e| match e {
                Event::PotAwarded { seat, amount, .. } | Event::RunAwarded { seat, amount, .. } => {
                    Some((w.player(*seat), *amount))
                }
                _ => None,
            })
            .collect();
    let mut taken: Vec<Chips> = vec![0; d.len()];
    let mut out: Vec<Chips> = shares
        .iter()
        .map(|&(p, a)| {
            let cut = (u128::from(d[p]) * u128::from(a) / u128::from(won[p].max(1))) as Chips;
            taken[p] += cut;
            a - cut
        })
        .collect();
    for (i, &(p, _)) in shares.iter().enumerate().rev() {
        let left = d[p] - taken[p].min(d[p]);
        let more = left.min(out[i]);
        out[i] -= more;
        taken[p] += more;
    }
    out
}

/// What each player's collections give up to the rake: the pots they
/// won less what the history says they collected.
fn deductions(w: &Writer) -> Vec<Chips> {
    let won = w.hand.awards();
    let got = w.hand.collected();
    won.iter()
        .zip(&got)
        .map(|(&a, &g)| a.saturating_sub(g))
        .collect()
}

/// How many pots the hand ended with.
fn last_pots(st: &HandState) -> usize {
    st.log()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::PotsFormed { pots } => Some(pots.len()),
            _ => None,
        })
        .unwrap_or(1)
}

fn collected_line(w: &Writer, seat: Seat, x: Chips, pot: usize, pots: usize) -> String {
    let from = match (pots, pot) {
        (1, _) | (0, _) => "pot".to_string(),
        (_, 0) => "main pot".to_string(),
        (2, _) => "side pot".to_string(),
        (_, i) => format!("side pot-{i}"),
    };
    format!("{} collected {} from {from}", w.name(seat), w.amt(x))
}

/// The summary: total pot and rake, the boards, every seat's result.
fn summary(w: &Writer, by_seat: &[usize], o: &mut String) {
    let st = w.st;
    let r = w.r();
    let k = r.players();
    let won = w.hand.awards();
    let got = w.hand.collected();
    let total: Chips = won.iter().sum();
    let rake = total - got.iter().sum::<Chips>();
    let _ = writeln!(o, "*** SUMMARY ***");
    let fees = if w.gg {
        format!(
            " | Rake {} | Jackpot {z} | Bingo {z} | Fortune {z} | Tax {z}",
            w.amt(rake),
            z = w.amt(0)
        )
    } else {
        format!(" | Rake {}", w.amt(rake))
    };
    let _ = writeln!(o, "Total pot {}{fees}", w.amt(total));
    let boards = st.boards();
    match boards.as_slice() {
        [] => {}
        [[]] => {}
        [b] => {
            let _ = writeln!(o, "Board [{}]", cards(b));
        }
        many => {
            let times = ["once", "twice", "three times", "four times"][many.len().min(4) - 1];
            let _ = writeln!(o, "Hand was run {times}");
            for (i, b) in many.iter().enumerate() {
                let ord = ["FIRST", "SECOND", "THIRD", "FOURTH"][i.min(3)];
                let _ = writeln!(o, "{ord} Board [{}]", cards(b));
            }
        }
    }
    // Per player: folded when, showed, mucked, what each board paid.
    let mut folded: Vec<Option<usize>> = vec![None; k];
    let mut put_in = vec![false; k];
    let mut board_len = 0;
    let mut per_run: Vec<Vec<Chips>> = vec![vec![0; k]; boards.len().max(1)];
    let mut awarded = false;
    let mut voluntary = vec![false; k];
    for e in st.log() {
        match e {
            Event::Showed { seat, .. } if awarded => voluntary[w.player(*seat)] = true,
            Event::StreetDealt { cards, .. } => board_len += cards.len(),
            Event::Acted { seat, action, .. } => {
                let p = w.player(*seat);
                match action {
                    Move::Fold => folded[p] = Some(board_len),
                    Move::Check => {}
                    _ => put_in[p] = true,
                }
            }
            Event::PotAwarded { seat, amount, .. } => {
                awarded = true;
                per_run[0][w.player(*seat)] += amount;
            }
            Event::RunAwarded {
                run, seat, amount, ..
            } => per_run[*run][w.player(*seat)] += amount,
            _ => {}
        }
    }
    let showed_after = voluntary;
    // Each board's part of what a player collected, the rake taken from
    // the first.
    let mut per_run_paid: Vec<Vec<Chips>> = vec![vec![0; k]; boards.len().max(1)];
    {
        let mut paid = after_rake(w).into_iter();
        for e in st.log() {
            match e {
                Event::PotAwarded { seat, .. } => {
                    per_run_paid[0][w.player(*seat)] += paid.next().unwrap_or(0);
                }
                Event::RunAwarded { run, seat, .. } => {
                    per_run_paid[*run][w.player(*seat)] += paid.next().unwrap_or(0);
                }
                _ => {}
            }
        }
    }
    for &p in by_seat {
        let seat = w.order[p];
        let mut pos = String::new();
        if p == k - 1 {
            pos.push_str(" (button)");
        }
        let e = if k == 2 { 1 - p } else { p };
        if e == 0 && st.forced().blind(0) > 0 {
            pos.push_str(" (small blind)");
        } else if e == 1 && st.forced().blind(1) > 0 {
            pos.push_str(" (big blind)");
        }
        let street = |n: usize| match n {
            0..=2 => "before Flop",
            3 => "on the Flop",
            4 => "on the Turn",
            _ => "on the River",
        };
        let result = if let Some(n) = folded[p] {
            // A blind, or a dead blind (an ante only some paid), is a bet.
            let antes = (0..k).filter(|&q| st.forced().ante(if k == 2 { 1 - q } else { q }) > 0);
            let dead = st.forced().ante(e) > 0 && antes.count() * 2 < k;
            let blind = st.forced().blind(e) > 0 || dead;
            let didnt = if n < 3 && !put_in[p] && !blind {
                " (didn't bet)"
            } else {
                ""
            };
            format!("folded {}{didnt}", street(n))
        } else if st.shown(seat) && !showed_after[p] {
            let c = st.hole(seat).map_or_else(String::new, |c| cards(&c));
            let parts: Vec<String> = boards
                .iter()
                .enumerate()
                .map(|(run, b)| {
                    let desc = st.hole(seat).map_or_else(String::new, |h| describe(h, b));
                    let amount = per_run.get(run).map_or(0, |v| v[p]);
                    if amount > 0 {
                        let x = per_run_paid[run][p];
                        format!("won ({}) with {desc}", w.amt(x))
                    } else {
                        format!("lost with {desc}")
                    }
                })
                .collect();
            format!("showed [{c}] and {}", parts.join(", and "))
        } else if st.has_mucked(seat) {
            match st.hole(seat) {
                Some(c) => format!("mucked [{}]", cards(&c)),
                None => "mucked".into(),
            }
        } else if got[p] > 0 {
            let verb = if w.gg && board_len >= 3 {
                "won"
            } else {
                "collected"
            };
            match st.hole(seat).filter(|_| st.shown(seat)) {
                Some(c) => format!("showed [{}] and {verb} ({})", cards(&c), w.amt(got[p])),
                None => format!("{verb} ({})", w.amt(got[p])),
            }
        } else {
            "mucked".into()
        };
        let _ = writeln!(o, "Seat {}: {}{pos} {result}", w.seat_number(p), r.name(p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn hands_are_named_as_pokerstars_names_them() {
        let named = |hole: &str, board: &str| {
            let h = parse_cards(hole).unwrap_or_default();
            let b = parse_cards(board).unwrap_or_default();
            describe([h[0], h[1]], &b)
        };
        assert_eq!(named("AcAd", "2c7d9hJsKc"), "a pair of Aces");
        assert_eq!(named("KcKd", "5c5d9hJs2c"), "two pair, Kings and Fives");
        assert_eq!(named("6c6d", "6h9hJs2c3c"), "three of a kind, Sixes");
        assert_eq!(named("Ac2d", "3h4h5s9cKd"), "a straight, Ace to Five");
        assert_eq!(named("9c8d", "5h6h7sKcKd"), "a straight, Five to Nine");
        assert_eq!(named("AhKh", "2h7h9hJsKc"), "a flush, Ace high");
        assert_eq!(
            named("JcJh", "TcTdJs8h2d"),
            "a full house, Jacks full of Tens"
        );
        assert_eq!(named("AhKh", "QhJhTh2c3c"), "a Royal Flush");
        assert_eq!(named("Ah7d", "2c5d9hJsKc"), "high card Ace");
        assert_eq!(roman(8), "VIII");
        assert_eq!(roman(14), "XIV");
    }
}
