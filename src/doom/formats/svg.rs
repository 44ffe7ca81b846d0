//! The board as a standalone SVG picture, drawn as the book's v3 draws it:
//! hex tiles in offset rows, each a two-layer base, with 3-D dice stacked
//! on it in the owner's colour, rows further back a little darker. For a
//! player choosing a move (the book's `draw-board-svg` with its
//! `chosen-tile` and `legal-tiles`) the chosen hex is drawn brighter and
//! the hexes that may be clicked are outlined (sources dashed, targets
//! also hatched, so colour is never the only sign), each hex a group
//! named by its number and labelled with its owner's letter and dice.

use std::fmt::Write;

use crate::doom::board::{Board, player_letter};

const BOARD_SCALE: f64 = 64.0;
const TOP_OFFSET: f64 = 3.0;
const DICE_SCALE: f64 = 40.0;
const DOT_SIZE: f64 = 0.05;
/// The book's `*die-colors*`: red, blue, green, purple.
const DIE_COLORS: [[i32; 3]; 4] = [[255, 63, 63], [63, 63, 255], [63, 255, 63], [255, 63, 255]];

/// The book's `brightness`: every channel moved by `amt`, kept in 0..=255.
fn brightness(col: [i32; 3], amt: i32) -> [i32; 3] {
    col.map(|c| (c + amt).clamp(0, 255))
}

/// A number as short as it can be written.
fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// A polygon's `points`.
fn points(points: &[(f64, f64)]) -> String {
    let pts: Vec<String> = points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect();
    pts.join(" ")
}

/// The book's `polygon` with `svg-style`: filled, outlined 100 darker.
fn polygon(out: &mut String, pts: &[(f64, f64)], col: [i32; 3]) {
    let [r, g, b] = col;
    let [sr, sg, sb] = brightness(col, -100);
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        r#"<polygon points="{}" style="fill:rgb({r},{g},{b});stroke:rgb({sr},{sg},{sb})"/>"#,
        points(pts)
    );
}

/// How a board is marked for a player choosing a move: the book's
/// `chosen-tile` and `legal-tiles`. With `interactive`, each hex is a
/// group (`class="hex"`, `data-hex` its number) with a title and a label
/// of its owner's letter and dice, ready to be clicked in a page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// The hex the player chose to attack from: drawn brighter.
    pub chosen: Option<usize>,
    /// The hexes the player may click: where an attack may start, or with
    /// a hex chosen, the hexes it may attack.
    pub legal: Vec<usize>,
    /// Groups, labels and titles for a page, and the picture cut to the
    /// board.
    pub interactive: bool,
    /// The tallest stack to leave room for in a page's picture (the
    /// game's most dice), so the board keeps its place as stacks grow.
    pub room: u8,
}

/// The outline of the hex base at (`xx`, `yy`) grown by `grow`.
fn hex_outline(xx: f64, yy: f64, grow: f64) -> [(f64, f64); 6] {
    HEX.map(|(px, py)| (xx + BOARD_SCALE * px * grow, yy + BOARD_SCALE * py * grow))
}

/// The book's `draw-die-svg`: top, left and right faces, and the dots.
fn draw_die(out: &mut String, x: f64, y: f64, col: [i32; 3]) {
    let pt = |(px, py): (f64, f64)| (x + DICE_SCALE * px, y + DICE_SCALE * py);
    let face = |out: &mut String, pts: [(f64, f64); 4], c: [i32; 3]| {
        polygon(out, &pts.map(pt), c);
    };
    face(
        out,
        [(0.0, -1.0), (-0.6, -0.75), (0.0, -0.5), (0.6, -0.75)],
        brightness(col, 40),
    );
    face(
        out,
        [(0.0, -0.5), (-0.6, -0.75), (-0.6, 0.0), (0.0, 0.25)],
        col,
    );
    face(
        out,
        [(0.0, -0.5), (0.6, -0.75), (0.6, 0.0), (0.0, 0.25)],
        brightness(col, -40),
    );
    const DOTS_X: [f64; 12] = [
        -0.05, 0.125, 0.3, -0.3, -0.125, 0.05, 0.2, 0.2, 0.45, 0.45, -0.45, -0.2,
    ];
    const DOTS_Y: [f64; 12] = [
        -0.875, -0.80, -0.725, -0.775, -0.70, -0.625, -0.35, -0.05, -0.45, -0.15, -0.45, -0.05,
    ];
    for (dx, dy) in DOTS_X.iter().zip(DOTS_Y) {
        let corners = [(-1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (1.0, -1.0)]
            .map(|(cx, cy)| pt((dx + cx * DOT_SIZE, dy + cy * DOT_SIZE)));
        polygon(out, &corners, [255, 255, 255]);
    }
}

/// A hex base's corners around its centre, in board scales.
const HEX: [(f64, f64); 6] = [
    (-1.0, -0.2),
    (0.0, -0.5),
    (1.0, -0.2),
    (1.0, 0.2),
    (0.0, 0.5),
    (-1.0, 0.2),
];

/// One tile, with what the book's `draw-tile-svg` takes: its place on
/// the grid (`x`, `y`) and in the picture (`xx`, `yy`), its dice, colour,
/// and whether it is the chosen tile.
#[derive(Debug, Clone, Copy)]
struct Tile {
    x: usize,
    y: usize,
    dice: u8,
    xx: f64,
    yy: f64,
    col: [i32; 3],
    chosen: bool,
}

/// The book's `draw-tile-svg`: the base, then the dice.
fn draw_tile(out: &mut String, t: &Tile) {
    draw_base(out, t);
    draw_dice(out, t);
}

/// The base twice (a slight 3-D edge); a chosen tile's 100 brighter, as
/// the book drew it.
fn draw_base(out: &mut String, t: &Tile) {
    let base = if t.chosen {
        brightness(t.col, 100)
    } else {
        t.col
    };
    for z in 0..2 {
        let lift = f64::from(1 - z) * 0.1;
        let pts = HEX.map(|(px, py)| (t.xx + BOARD_SCALE * px, t.yy + BOARD_SCALE * (py + lift)));
        polygon(out, &pts, base);
    }
}

/// The dice, each nudged left or right so stacks look hand-built.
fn draw_dice(out: &mut String, t: &Tile) {
    for z in 0..usize::from(t.dice) {
        let nudge = if (t.x + t.y + z) % 2 == 1 { -0.3 } else { 0.3 };
        draw_die(
            out,
            t.xx + DICE_SCALE * 0.3 * nudge,
            t.yy - DICE_SCALE * z as f64 * 0.8,
            t.col,
        );
    }
}

/// The marks of a hex a player may click or has chosen, drawn on its base
/// under the dice: a dashed outline for a hex to attack from, hatching and
/// a dashed outline for a hex to attack, a solid double outline for the
/// chosen hex.
fn draw_marks(out: &mut String, t: &Tile, legal: bool, target: bool) {
    let ring = points(&hex_outline(t.xx, t.yy, 0.85));
    if t.chosen {
        let _ = writeln!(
            out,
            r#"<polygon class="mark chosen-mark" points="{ring}" style="fill:none;stroke:rgb(255,255,255);stroke-width:7"/>"#
        );
        let _ = writeln!(
            out,
            r#"<polygon class="mark chosen-mark" points="{ring}" style="fill:none;stroke:rgb(0,0,0);stroke-width:3"/>"#
        );
    } else if legal {
        if target {
            let _ = writeln!(
                out,
                r#"<polygon class="mark target-mark" points="{ring}" style="fill:url(#hatch);stroke:none"/>"#
            );
        }
        let _ = writeln!(
            out,
            r#"<polygon class="mark legal-mark" points="{ring}" style="fill:none;stroke:rgb(255,255,255);stroke-width:9"/>"#
        );
        let _ = writeln!(
            out,
            r#"<polygon class="mark legal-mark" points="{ring}" style="fill:none;stroke:rgb(0,0,0);stroke-width:5;stroke-dasharray:10 8"/>"#
        );
    }
}

/// The whole board as an SVG document: the book's 900×500 picture,
/// grown for boards or stacks that would not fit.
pub fn board_svg(board: &Board) -> String {
    marked_board_svg(board, &Marks::default())
}

/// The hatching of hexes that may be attacked.
const HATCH: &str = r#"<defs><pattern id="hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="10" style="fill:rgb(255,255,255);fill-opacity:0.25"/><line x1="0" y1="0" x2="0" y2="10" style="stroke:rgb(0,0,0);stroke-width:5;stroke-opacity:0.6"/></pattern></defs>"#;

/// The board as [`board_svg`] draws it, marked for a player choosing a
/// move (the book's `draw-board-svg` with a chosen tile and legal tiles).
pub fn marked_board_svg(board: &Board, marks: &Marks) -> String {
    let n = board.size();
    let tallest = board.hexes().map(|h| h.dice).max().unwrap_or(1);
    let stack = (DICE_SCALE * (0.8 * f64::from(tallest) + 0.5) / BOARD_SCALE).ceil();
    let top = TOP_OFFSET.max(stack);
    let width = (BOARD_SCALE * (3.0 * n as f64 - 1.0)).max(900.0);
    let height = (BOARD_SCALE * ((n as f64 - 1.0) * 0.7 + top + 1.0)).max(500.0);
    let mut body = String::new();
    if marks.interactive {
        body.push_str(HATCH);
        body.push('\n');
    }
    let mut labels = String::new();
    for y in 0..n {
        for x in 0..n {
            let pos = x + n * y;
            let hex = board.hex(pos);
            let tile = Tile {
                x,
                y,
                dice: hex.dice,
                xx: BOARD_SCALE * (2 * x + n - y) as f64,
                yy: BOARD_SCALE * (y as f64 * 0.7 + top),
                col: brightness(DIE_COLORS[usize::from(hex.owner)], -15 * (n - y) as i32),
                chosen: marks.chosen == Some(pos),
            };
            let letter = player_letter(hex.owner);
            // Owners by letter as well as colour, the labels on top of
            // every tile so none is hidden.
            let _ = writeln!(
                labels,
                r#"<text class="label" x="{}" y="{}" style="font:bold 18px sans-serif;fill:rgb(255,255,255);stroke:rgb(0,0,0);stroke-width:4;paint-order:stroke;text-anchor:middle;pointer-events:none">{letter}{}</text>"#,
                num(tile.xx),
                num(tile.yy + BOARD_SCALE * 0.45),
                hex.dice
            );
            if !marks.interactive {
                draw_tile(&mut body, &tile);
                continue;
            }
            let legal = marks.legal.contains(&pos);
            let class = match (tile.chosen, legal) {
                (true, _) => " chosen",
                (false, true) if marks.chosen.is_some() => " legal target",
                (false, true) => " legal source",
                (false, false) => "",
            };
            let focus = if tile.chosen || legal {
                r#" tabindex="0" role="button""#
            } else {
                ""
            };
            let dice_word = if hex.dice == 1 { "die" } else { "dice" };
            let _ = writeln!(
                body,
                r#"<g id="hex-{pos}" class="hex{class}" data-hex="{pos}" data-owner="{letter}" data-dice="{}"{focus}><title>hex {pos}: {letter}, {} {dice_word}</title>"#,
                hex.dice, hex.dice
            );
            draw_base(&mut body, &tile);
            draw_marks(&mut body, &tile, legal, marks.chosen.is_some());
            draw_dice(&mut body, &tile);
            body.push_str("</g>\n");
        }
    }
    body.push_str(&labels);
    if !marks.interactive {
        return format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
             width=\"{}\" height=\"{}\">\n{body}</svg>\n",
            num(width),
            num(height)
        );
    }
    // A page's picture: just the board, with room above the back row for
    // the tallest stack the game allows.
    let room = marks.room.max(tallest).max(1);
    let margin = 6.0;
    let x0 = -margin;
    let y0 = BOARD_SCALE * top - DICE_SCALE * (0.8 * f64::from(room - 1) + 1.0) - margin;
    let w = BOARD_SCALE * (3.0 * n as f64 - 1.0) + 2.0 * margin;
    let y1 = BOARD_SCALE * ((n as f64 - 1.0) * 0.7 + top + 0.6) + margin;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\">\n{body}</svg>\n",
        num(w),
        num(y1 - y0),
        num(x0),
        num(y0),
        num(w),
        num(y1 - y0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_is_drawn_like_the_book() {
        // (svg 100 100 (draw-die-svg 50 50 '(255 0 0))): first polygon.
        let mut out = String::new();
        draw_die(&mut out, 50.0, 50.0, [255, 0, 0]);
        let first = out.lines().next().unwrap();
        assert_eq!(
            first,
            r#"<polygon points="50,10 26,20 50,30 74,20" style="fill:rgb(255,40,40);stroke:rgb(155,0,0)"/>"#
        );
        assert_eq!(out.lines().count(), 3 + 12);
    }

    #[test]
    fn a_tile_base_is_drawn_like_the_book() {
        // (draw-tile-svg 0 0 0 '(0 3) 100 150 '(255 0 0) nil): first polygon.
        let mut out = String::new();
        let tile = Tile {
            x: 0,
            y: 0,
            dice: 3,
            xx: 100.0,
            yy: 150.0,
            col: [255, 0, 0],
            chosen: false,
        };
        draw_tile(&mut out, &tile);
        assert!(out.starts_with(
            r#"<polygon points="36,143.6 100,124.4 164,143.6 164,169.2 100,188.4 36,169.2""#
        ));
        assert_eq!(out.lines().count(), 2 + 3 * 15);
    }

    #[test]
    fn a_board_is_a_standalone_svg_with_every_die() {
        let b = Board::parse("a3 a3 b3 b1 c2 d5 a1 b2 c3").unwrap();
        let svg = board_svg(&b);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        let dice: usize = b.hexes().map(|h| usize::from(h.dice)).sum();
        assert_eq!(svg.matches("<polygon").count(), 9 * 2 + dice * 15);
        // Each player's colour shows (back row darkened by 45 on 3×3).
        assert!(svg.contains("fill:rgb(210,18,18)"));
        assert!(svg.contains("fill:rgb(18,18,210)"));
        // And by letter: each hex's owner and dice on top of it.
        for h in ["a3", "b1", "c2", "d5"] {
            assert!(
                svg.contains(&format!("pointer-events:none\">{h}</text>")),
                "{h}"
            );
        }
    }
}
