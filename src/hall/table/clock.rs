//! A hall table's clocks: the deadline of the person to act (and the time
//! bank behind it in games played for chips), the grace an absent person
//! has before they are sat out, and the pause between one deal and the
//! next.

use tokio::time::{Duration, Instant};

use super::seats::Slot;
use crate::game::{Seat, rng_from_seed};
use rand::Rng;

/// A person who does not come back within this time is sat out (and, in
/// a game not played for chips, a bot takes the seat meanwhile).
pub const GRACE: Duration = Duration::from_secs(60);
/// A person away this long is taken out of their seat between deals (in a
/// game for chips, with their chips).
pub const REMOVE_AFTER: Duration = Duration::from_secs(300);
/// The pause between one deal's end and the next deal, on average: each
/// pause is up to half a second shorter or longer (see [`pause`]).
pub const BETWEEN_DEALS: Duration = Duration::from_secs(3);
/// A person's time bank in a game played for chips, for each deal: when a
/// turn's time runs out, what is left of it is given, once a turn.
pub const TIME_BANK: Duration = Duration::from_secs(30);
/// Time outs in a row after which a person is sat out.
pub const TIMEOUTS_TO_SIT_OUT: u8 = 2;

/// The `n`th pause between deals at table `id`: [`BETWEEN_DEALS`] up to
/// half a second shorter or longer, the same for the same table and pause.
/// Tables that began together (a hall's tables after a restart, a crowd
/// arriving) drift apart instead of all dealing at the same moment.
pub fn pause(id: u64, n: u64) -> Duration {
    let mut rng = rng_from_seed(id.rotate_left(32) ^ n);
    BETWEEN_DEALS - Duration::from_millis(500) + Duration::from_millis(rng.random_range(0..=1000))
}

/// What a table waits for.
#[derive(Debug, Default)]
pub struct Clock {
    /// The person to act and when their time runs out.
    pub deadline: Option<(Seat, Instant)>,
    /// When the next deal is dealt (after the seats are settled).
    pub next_deal_at: Option<Instant>,
    /// Pauses between deals so far (each one's length is drawn from it).
    pauses: u64,
}

impl Clock {
    /// The deadline's moment, whoever it is for.
    pub fn deadline_at(&self) -> Option<Instant> {
        self.deadline.map(|(_, t)| t)
    }

    /// The next deal of table `id` after a pause, unless one is due.
    pub fn deal_after_pause(&mut self, id: u64) {
        if self.next_deal_at.is_none() {
            self.pauses += 1;
            self.next_deal_at = Some(Instant::now() + pause(id, self.pauses));
        }
    }

    /// The next moment something is due: a deadline, the next deal, an
    /// absent person's grace running out.
    pub fn next_wake(&self, slots: &[Slot]) -> Option<Instant> {
        let grace = slots
            .iter()
            .filter(|s| !s.auto_out)
            .filter_map(|s| s.away_since.map(|t| t + GRACE))
            .min();
        [self.deadline_at(), self.next_deal_at, grace]
            .into_iter()
            .flatten()
            .min()
    }
}

/// Sleeps until `at`, or for ever.
pub async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_between_deals_differ_from_table_to_table_within_a_second() {
        let low = BETWEEN_DEALS - Duration::from_millis(500);
        let high = BETWEEN_DEALS + Duration::from_millis(500);
        let first: Vec<Duration> = (1..=250).map(|id| pause(id, 1)).collect();
        assert!(first.iter().all(|p| (low..=high).contains(p)));
        assert_eq!(first, (1..=250).map(|id| pause(id, 1)).collect::<Vec<_>>());
        // Tables made together start apart: no tenth of a second of the
        // second around the mean holds more than a fifth of them.
        let mut tenths = [0usize; 11];
        for p in &first {
            tenths[((p.as_millis() - low.as_millis()) / 100) as usize] += 1;
        }
        assert!(tenths.iter().all(|&n| n < 50), "{tenths:?}");
        // And one table's pauses vary from one deal to the next.
        let one: Vec<Duration> = (1..=20).map(|n| pause(7, n)).collect();
        assert!(one.iter().any(|p| *p != one[0]));
        let mean = first.iter().sum::<Duration>() / 250;
        assert!(
            mean.abs_diff(BETWEEN_DEALS) < Duration::from_millis(100),
            "{mean:?}"
        );
    }
}
