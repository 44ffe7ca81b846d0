//! The board as a standalone SVG picture, drawn as the book's v3 draws it:
//! hex tiles in offset rows, each a two-layer base, with 3-D dice stacked
//! on it in the owner's colour, rows further back a little darker.

use std::fmt::Write;

use super::board::Board;

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

/// The book's `polygon` with `svg-style`: filled, outlined 100 darker.
fn polygon(out: &mut String, points: &[(f64, f64)], col: [i32; 3]) {
    let pts: Vec<String> = points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect();
    let [r, g, b] = col;
    let [sr, sg, sb] = brightness(col, -100);
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        r#"<polygon points="{}" style="fill:rgb({r},{g},{b});stroke:rgb({sr},{sg},{sb})"/>"#,
        pts.join(" ")
    );
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

/// The book's `draw-tile-svg`: the base twice (a slight 3-D edge), then
/// the dice, each nudged left or right so stacks look hand-built.
fn draw_tile(out: &mut String, x: usize, y: usize, dice: u8, xx: f64, yy: f64, col: [i32; 3]) {
    const HEX: [(f64, f64); 6] = [
        (-1.0, -0.2),
        (0.0, -0.5),
        (1.0, -0.2),
        (1.0, 0.2),
        (0.0, 0.5),
        (-1.0, 0.2),
    ];
    for z in 0..2 {
        let lift = f64::from(1 - z) * 0.1;
        let pts = HEX.map(|(px, py)| (xx + BOARD_SCALE * px, yy + BOARD_SCALE * (py + lift)));
        polygon(out, &pts, col);
    }
    for z in 0..usize::from(dice) {
        let nudge = if (x + y + z) % 2 == 1 { -0.3 } else { 0.3 };
        draw_die(
            out,
            xx + DICE_SCALE * 0.3 * nudge,
            yy - DICE_SCALE * z as f64 * 0.8,
            col,
        );
    }
}

/// The whole board as an SVG document: the book's 900×500 picture,
/// grown for boards or stacks that would not fit.
pub fn board_svg(board: &Board) -> String {
    let n = board.size();
    let tallest = board.hexes().map(|h| h.dice).max().unwrap_or(1);
    let stack = (DICE_SCALE * (0.8 * f64::from(tallest) + 0.5) / BOARD_SCALE).ceil();
    let top = TOP_OFFSET.max(stack);
    let width = (BOARD_SCALE * (3.0 * n as f64 - 1.0)).max(900.0);
    let height = (BOARD_SCALE * ((n as f64 - 1.0) * 0.7 + top + 1.0)).max(500.0);
    let mut body = String::new();
    for y in 0..n {
        for x in 0..n {
            let hex = board.hex(x + n * y);
            let xx = BOARD_SCALE * (2 * x + n - y) as f64;
            let yy = BOARD_SCALE * (y as f64 * 0.7 + top);
            let col = brightness(DIE_COLORS[usize::from(hex.owner)], -15 * (n - y) as i32);
            draw_tile(&mut body, x, y, hex.dice, xx, yy, col);
        }
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{}\" height=\"{}\">\n{body}</svg>\n",
        num(width),
        num(height)
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
        draw_tile(&mut out, 0, 0, 3, 100.0, 150.0, [255, 0, 0]);
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
    }
}
