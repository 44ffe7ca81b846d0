//! What Dice of Doom writes: the board as an SVG picture ([`svg`]). The
//! board's text form is the board's own ([`super::board`]).

pub mod svg;
