//! Ways in that run a front end for someone else: the ssh door opens the
//! terminal app for whoever logs in, beside a hall.

pub mod ssh;
