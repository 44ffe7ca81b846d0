use cardgames::bridge::board::Direction;
use cardgames::bridge::contract::Strain;
use cardgames::bridge::solver::{Position, Solver};
use cardgames::cards::{Card, CardSet};
use cardgames::game::rng_from_seed;
use rand::Rng;
use rand::seq::SliceRandom;
use std::time::Instant;

fn beats(c: Card, w: Card, trump: Option<cardgames::cards::Suit>) -> bool {
    if c.suit() == w.suit() { c.rank() > w.rank() } else { Some(c.suit()) == trump }
}

/// NS tricks from here, plain minimax.
fn brute(hands: &mut [Vec<Card>; 4], trump: Option<cardgames::cards::Suit>, leader: usize, trick: &mut Vec<Card>) -> u8 {
    let seat = (leader + trick.len()) % 4;
    if trick.len() == 4 {
        let mut w = 0;
        for k in 1..4 { if beats(trick[k], trick[w], trump) { w = k; } }
        let winner = (leader + w) % 4;
        let saved = std::mem::take(trick);
        let ns = u8::from(winner % 2 == 0);
        let rest = if hands[0].is_empty() && hands[1].is_empty() && hands[2].is_empty() && hands[3].is_empty() { 0 } else { brute(hands, trump, winner, trick) };
        *trick = saved;
        return ns + rest;
    }
    let hand = hands[seat].clone();
    let legal: Vec<Card> = match trick.first() {
        Some(l) if hand.iter().any(|c| c.suit() == l.suit()) => hand.iter().copied().filter(|c| c.suit() == l.suit()).collect(),
        _ => hand.clone(),
    };
    let mut best: Option<u8> = None;
    for c in legal {
        let i = hands[seat].iter().position(|&x| x == c).unwrap();
        hands[seat].remove(i);
        trick.push(c);
        let v = brute(hands, trump, leader, trick);
        trick.pop();
        hands[seat].insert(i, c);
        best = Some(match best { None => v, Some(b) => if seat % 2 == 0 { b.max(v) } else { b.min(v) } });
    }
    best.unwrap_or(0)
}

fn main() {
    if let Ok(v) = std::env::var("EXPECT") { cardgames::bridge::solver::order::EXPECT.store(v.parse().unwrap(), std::sync::atomic::Ordering::Relaxed); }
    if let Ok(v) = std::env::var("FV") { cardgames::bridge::solver::order::FOLLOW_VARIANT.store(v.parse().unwrap(), std::sync::atomic::Ordering::Relaxed); }
    if let Ok(v) = std::env::var("CUTMASK") { cardgames::bridge::solver::search::CUT_MASK.store(v.parse().unwrap(), std::sync::atomic::Ordering::Relaxed); }
    if let Ok(v) = std::env::var("DUMPN") { cardgames::bridge::solver::search::DUMP_N.store(v.parse().unwrap(), std::sync::atomic::Ordering::Relaxed); }
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("brute");
    if mode == "deal" {
        let deal = args[2].clone();
        let hands: Vec<CardSet> = deal[2..].split(' ').map(|h| cardgames::cards::pbn::parse_hand(h).unwrap()).collect();
        let mut solver = Solver::new();
        let t = Instant::now();
        let table = solver.table(&[hands[0], hands[1], hands[2], hands[3]]).unwrap();
        println!("deal: {:?} {} nodes {:.1} ms", table.tricks, solver.nodes(), t.elapsed().as_secs_f64() * 1e3);
        return;
    }
    if mode == "pos" {
        // pos PBN strain leader
        let deal = args[2].clone();
        let strain = Strain::ALL[args[3].parse::<usize>().unwrap()];
        let leader: usize = args[4].parse().unwrap();
        let hands: Vec<CardSet> = deal[2..].split(' ').map(|h| cardgames::cards::pbn::parse_hand(h).unwrap()).collect();
        let mut solver = Solver::new();
        let pos = Position::new([hands[0], hands[1], hands[2], hands[3]], strain, Direction::from_index(leader));
        let r = solver.tricks(&pos).unwrap();
        println!("pos: {r:?} {} nodes stats {:?}", solver.nodes(), solver.stats);
        let _ = 0;
        for (n, r) in solver.per_n.iter().enumerate() { if r[0] > 0 { println!("  n={n:2} boundary {:10} hits {:10} quick {:10} stores {:10} avg pattern {:.1}", r[0], r[1], r[2], r[3], r[4] as f64 / r[3].max(1) as f64); } }
        return;
    }
    if mode == "brute" {
        let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
        let mut rng = rng_from_seed(1);
        let mut solver = Solver::with_memory(1 << 20);
        for i in 0..count {
            let n = rng.random_range(1..=args.get(3).and_then(|s| s.parse().ok()).unwrap_or(4usize));
            let mut pack: Vec<Card> = Card::all().collect();
            pack.shuffle(&mut rng);
            // Concentrate cards in few suits sometimes.
            if rng.random_bool(0.5) {
                let off: [u8; 4] = std::array::from_fn(|_| rng.random_range(0..2u8));
                pack.sort_by_key(|c| (c.suit() as u8 + off[c.suit() as usize]) % 4);
                let k = rng.random_range(0..40usize);
                pack.rotate_left(k);
            }
            let mut hands: [Vec<Card>; 4] = Default::default();
            for s in 0..4 { hands[s] = pack[s * n..(s + 1) * n].to_vec(); }
            let strain = Strain::ALL[rng.random_range(0..5)];
            let leader = rng.random_range(0..4usize);
            // Maybe play a few cards into the trick.
            let played = rng.random_range(0..4usize);
            let mut trick: Vec<Card> = Vec::new();
            for k in 0..played {
                let seat = (leader + k) % 4;
                let led = trick.first().copied();
                let legal: Vec<Card> = match led { Some(l) if hands[seat].iter().any(|c: &Card| c.suit() == l.suit()) => hands[seat].iter().copied().filter(|c| c.suit() == l.suit()).collect(), _ => hands[seat].clone() };
                let c = legal[rng.random_range(0..legal.len())];
                hands[seat].retain(|&x| x != c);
                trick.push(c);
            }
            let want = brute(&mut hands.clone(), strain.trump(), leader, &mut trick.clone());
            let pos = Position { hands: hands.clone().map(|h| h.into_iter().collect::<CardSet>()), strain, leader: Direction::from_index(leader), trick: trick.clone() };
            let got = solver.tricks(&pos).unwrap_or_else(|e| panic!("{e}"));
            if got[0] != want {
                println!("case {i}: MISMATCH solver {got:?} brute {want} n={n} {strain:?} leader {leader} trick {trick:?} hands {:?}", pos.hands);
                std::process::exit(1);
            }
        }
        println!("brute: {count} ok, nodes {}", solver.nodes());
    } else {
        let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
        let mut rng = rng_from_seed(2026);
        let mut solver = Solver::with_memory(std::env::var("TTMB").ok().and_then(|s| s.parse().ok()).unwrap_or(48) << 20);
        let t = Instant::now();
        for i in 0..count {
            let mut pack: Vec<Card> = Card::all().collect();
            pack.shuffle(&mut rng);
            let hands: [CardSet; 4] = std::array::from_fn(|s| pack[13 * s..13 * (s + 1)].iter().copied().collect());
            if args.get(3).map(String::as_str) == Some("pbn") { println!("{}", cardgames::bridge::pbn_deal(&cardgames::bridge::BridgeDeal { board: 1, hands })); continue; }
            let t1 = Instant::now();
            let n0 = solver.nodes();
            if let Ok(st) = std::env::var("ONLY") {
                let v: Vec<usize> = st.split(',').map(|x| x.parse().unwrap()).collect();
                let pos = Position::new(hands, Strain::ALL[v[0]], Direction::from_index(v[1]));
                let r = solver.tricks(&pos).unwrap();
                println!("only {st}: {r:?} {} nodes", solver.nodes());
                continue;
            }
            let table = solver.table(&hands).unwrap();
            if args.get(3).is_some() {
                println!("{i}: {:?} {:.1} ms {} nodes {:?}", table.tricks, t1.elapsed().as_secs_f64() * 1e3, solver.nodes() - n0, solver.stats);
                solver.stats = [0; 8];
                for (n, r) in solver.per_n.iter().enumerate() { if r[0] > 0 { println!("  n={n:2} boundary {:10} hits {:10} quick {:10} stores {:10} avg pattern {:.1}", r[0], r[1], r[2], r[3], r[4] as f64 / r[3].max(1) as f64); } }
                solver.per_n = [[0; 5]; 14];
            }
        }
        println!("{count} tables: {:.1} ms each, {} nodes each", t.elapsed().as_secs_f64() * 1e3 / count as f64, solver.nodes() / count as u64);
    }
}
