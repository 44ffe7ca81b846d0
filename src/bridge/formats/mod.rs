//! The written forms of bridge deals: the hand diagram people read, and
//! the files other programs exchange (PBN, BBO's LIN).

pub mod text;
