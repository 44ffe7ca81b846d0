//! Thinking turns: how many computer players may think at once in one
//! process, shared fairly between sessions. A hall runs every session's
//! bots (its tables', and each ssh session's local games) through one
//! [`Pool`]; each session holds a [`Budget`] on it. A session thinks one
//! move at a time, and sessions wanting a slot are served in the order
//! they asked, so one session's long Dice of Doom search holds at most one
//! slot while the others keep their turn.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// Slots for thinking, handed out first come, first served.
#[derive(Debug)]
pub struct Pool {
    state: Mutex<Slots>,
    freed: Condvar,
}

#[derive(Debug)]
struct Slots {
    free: usize,
    /// Tickets waiting, oldest first.
    queue: VecDeque<u64>,
    next_ticket: u64,
}

impl Pool {
    /// A pool of `slots` thinking slots (at least one).
    pub fn new(slots: usize) -> Arc<Pool> {
        Arc::new(Pool {
            state: Mutex::new(Slots {
                free: slots.max(1),
                queue: VecDeque::new(),
                next_ticket: 0,
            }),
            freed: Condvar::new(),
        })
    }

    /// A pool with one slot per core of this machine.
    pub fn per_core() -> Arc<Pool> {
        Pool::new(std::thread::available_parallelism().map_or(1, usize::from))
    }

    /// A new session's budget on this pool.
    pub fn budget(self: &Arc<Pool>) -> Budget {
        Budget {
            pool: Some(self.clone()),
            session: Arc::new(Mutex::new(())),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Slots> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a slot, in turn.
    fn acquire(&self) {
        let mut slots = self.lock();
        let ticket = slots.next_ticket;
        slots.next_ticket += 1;
        slots.queue.push_back(ticket);
        while !(slots.free > 0 && slots.queue.front() == Some(&ticket)) {
            slots = self.freed.wait(slots).unwrap_or_else(|e| e.into_inner());
        }
        slots.queue.pop_front();
        slots.free -= 1;
        // The next in line may find a slot free too.
        self.freed.notify_all();
    }

    fn release(&self) {
        self.lock().free += 1;
        self.freed.notify_all();
    }

    /// Slots free now.
    pub fn free(&self) -> usize {
        self.lock().free
    }
}

/// Gives the slot back however the thinking ends (a panicking bot too).
struct Held<'a>(&'a Pool);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.release();
    }
}

/// One session's share of a [`Pool`]: one move thought at a time.
#[derive(Debug, Clone)]
pub struct Budget {
    pool: Option<Arc<Pool>>,
    session: Arc<Mutex<()>>,
}

impl Budget {
    /// No limit: the thinking runs at once (a program with one session).
    pub fn unlimited() -> Budget {
        Budget {
            pool: None,
            session: Arc::new(Mutex::new(())),
        }
    }

    /// Runs `think` once this session's earlier thinking is done and a
    /// slot of the pool is its turn.
    pub fn think<T>(&self, think: impl FnOnce() -> T) -> T {
        let Some(pool) = &self.pool else {
            return think();
        };
        let _mine = self.session.lock().unwrap_or_else(|e| e.into_inner());
        pool.acquire();
        let _held = Held(pool);
        think()
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::unlimited()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    use std::thread;

    #[test]
    fn never_more_thinking_than_slots() {
        let pool = Pool::new(2);
        let now = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let workers: Vec<_> = (0..6)
            .map(|_| {
                let (budget, now, most) = (pool.budget(), now.clone(), most.clone());
                thread::spawn(move || {
                    for _ in 0..20 {
                        budget.think(|| {
                            let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                            most.fetch_max(n, Ordering::SeqCst);
                            thread::yield_now();
                            now.fetch_sub(1, Ordering::SeqCst);
                        });
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        assert!(most.load(Ordering::SeqCst) <= 2);
        assert_eq!(pool.free(), 2);
    }

    #[test]
    fn a_session_thinks_one_move_at_a_time() {
        let pool = Pool::new(4);
        let budget = pool.budget();
        let now = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let workers: Vec<_> = (0..4)
            .map(|_| {
                let (budget, now, most) = (budget.clone(), now.clone(), most.clone());
                thread::spawn(move || {
                    for _ in 0..20 {
                        budget.think(|| {
                            let n = now.fetch_add(1, Ordering::SeqCst) + 1;
                            most.fetch_max(n, Ordering::SeqCst);
                            thread::yield_now();
                            now.fetch_sub(1, Ordering::SeqCst);
                        });
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);
    }

    /// A session holding the only slot with a long search does not stop
    /// the next session from being served as soon as it lets go, before
    /// the long one's next move.
    #[test]
    fn sessions_are_served_in_turn() {
        let pool = Pool::new(1);
        let (long, short) = (pool.budget(), pool.budget());
        let (started_tx, started_rx) = mpsc::channel();
        let (go_tx, go_rx) = mpsc::channel::<()>();
        let order = Arc::new(Mutex::new(Vec::new()));
        let o = order.clone();
        let first = thread::spawn(move || {
            long.think(|| {
                started_tx.send(()).unwrap();
                go_rx.recv().unwrap();
                o.lock().unwrap().push("long 1");
            });
            long
        });
        started_rx.recv().unwrap();
        let o = order.clone();
        let (queued_tx, queued_rx) = mpsc::channel();
        let pool2 = pool.clone();
        let second = thread::spawn(move || {
            // Wait until the first is thinking, then ask.
            queued_tx.send(()).unwrap();
            short.think(|| o.lock().unwrap().push("short"));
        });
        queued_rx.recv().unwrap();
        // The short session's ticket must be in the queue before the long
        // one asks again.
        while pool2.lock().queue.is_empty() {
            thread::yield_now();
        }
        go_tx.send(()).unwrap();
        let long = first.join().unwrap();
        long.think(|| order.lock().unwrap().push("long 2"));
        second.join().unwrap();
        assert_eq!(*order.lock().unwrap(), vec!["long 1", "short", "long 2"]);
    }

    #[test]
    fn a_panicking_bot_gives_its_slot_back() {
        let pool = Pool::new(1);
        let budget = pool.budget();
        let b = budget.clone();
        let crashed = thread::spawn(move || b.think(|| panic!("bot bug"))).join();
        assert!(crashed.is_err());
        assert_eq!(pool.free(), 1);
        assert_eq!(budget.think(|| 7), 7);
    }
}
