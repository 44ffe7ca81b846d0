//! The board: an N×N grid of hexes numbered row by row from the top left
//! (`pos = x + N*y`), each held by one player with some dice; the book's
//! neighbour order; and the board's text form `"a3 a3 b3 b1"`.

use std::fmt;

/// The largest board side we support.
pub const MAX_SIZE: usize = 8;
/// The number of hexes on the largest board.
pub const MAX_HEXES: usize = MAX_SIZE * MAX_SIZE;
/// The most players a game may have.
pub const MAX_PLAYERS: u8 = 4;
/// The most dice a hex may ever hold.
pub const MAX_DICE: u8 = 8;

/// One hex: who holds it and how many dice are on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hex {
    /// The owner, 0-based (player `a` is 0).
    pub owner: u8,
    /// The dice on the hex, at least 1.
    pub dice: u8,
}

/// The neighbours of one hex, in the book's order.
#[derive(Clone, Copy, Debug)]
struct Adjacent {
    list: [u8; 6],
    len: u8,
}

/// The book's `neighbors`: up, down; unless on the left edge up-left and
/// left; unless on the right edge right and down-right; off-board dropped.
const fn adjacent(size: usize, pos: usize) -> Adjacent {
    let hexes = (size * size) as isize;
    let p = pos as isize;
    let n = size as isize;
    let mut cand = [0isize; 6];
    let mut k = 0;
    cand[k] = p - n;
    k += 1;
    cand[k] = p + n;
    k += 1;
    if p % n != 0 {
        cand[k] = p - n - 1;
        k += 1;
        cand[k] = p - 1;
        k += 1;
    }
    if (p + 1) % n != 0 {
        cand[k] = p + 1;
        k += 1;
        cand[k] = p + n + 1;
        k += 1;
    }
    let mut out = Adjacent {
        list: [0; 6],
        len: 0,
    };
    let mut i = 0;
    while i < k {
        if cand[i] >= 0 && cand[i] < hexes {
            out.list[out.len as usize] = cand[i] as u8;
            out.len += 1;
        }
        i += 1;
    }
    out
}

const fn adjacency_table() -> [[Adjacent; MAX_HEXES]; MAX_SIZE + 1] {
    let mut table = [[Adjacent {
        list: [0; 6],
        len: 0,
    }; MAX_HEXES]; MAX_SIZE + 1];
    let mut size = 1;
    while size <= MAX_SIZE {
        let mut pos = 0;
        while pos < size * size {
            table[size][pos] = adjacent(size, pos);
            pos += 1;
        }
        size += 1;
    }
    table
}

static ADJACENCY: [[Adjacent; MAX_HEXES]; MAX_SIZE + 1] = adjacency_table();

/// The neighbours of `pos` on a `size`×`size` board, in the book's order.
pub fn neighbors(size: usize, pos: usize) -> &'static [u8] {
    let a = &ADJACENCY[size][pos];
    &a.list[..a.len as usize]
}

/// The letter of a player: 0 → `a`.
pub fn player_letter(player: u8) -> char {
    char::from(b'a' + player)
}

/// Why a board text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A hex token that is not a letter followed by a number.
    #[error("bad hex {0:?}: write a player letter and its dice, like a3")]
    BadHex(String),
    /// A player letter outside a–d.
    #[error("unknown player letter {0:?} in hex {1:?}: players are a, b, c, d")]
    UnknownPlayer(char, String),
    /// The number of hexes is not a square from 2×2 to the largest board.
    #[error("board of {0} hexes is not square (4, 9, 16, … up to {max} hexes)", max = MAX_HEXES)]
    NotSquare(usize),
    /// Dice outside 1..=max.
    #[error("hex {pos} ({text}) has {dice} dice: allowed 1 to {max}")]
    DiceOutOfRange {
        /// The hex number.
        pos: usize,
        /// The hex as written.
        text: String,
        /// The dice given.
        dice: u32,
        /// The largest allowed.
        max: u8,
    },
    /// A player letter beyond the number of players.
    #[error("hex {pos} belongs to player {letter} but the game has {players} players")]
    PlayerBeyondCount {
        /// The hex number.
        pos: usize,
        /// The letter.
        letter: char,
        /// Players in the game.
        players: u8,
    },
}

/// An N×N board of hexes, each packed in a byte (owner × 16 + dice).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    cells: [u8; MAX_HEXES],
}

fn pack(h: Hex) -> u8 {
    h.owner << 4 | h.dice
}

fn unpack(c: u8) -> Hex {
    Hex {
        owner: c >> 4,
        dice: c & 15,
    }
}

impl Board {
    /// A board from its hexes, row by row; `None` unless the count is a
    /// square between 2×2 and the largest board.
    pub fn from_hexes(hexes: &[Hex]) -> Option<Board> {
        let size = (2..=MAX_SIZE).find(|s| s * s == hexes.len())?;
        let mut b = Board {
            size: size as u8,
            cells: [0; MAX_HEXES],
        };
        for (c, &h) in b.cells.iter_mut().zip(hexes) {
            *c = pack(h);
        }
        Some(b)
    }

    /// Parses `"a3 a3 b3 b1"` (spaces or commas between hexes, letters in
    /// any case). Dice must be 1..=8 here; [`Board::check`] narrows that to
    /// a game's settings.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let mut hexes = Vec::new();
        for tok in text.split(|c: char| c.is_whitespace() || c == ',') {
            if tok.is_empty() {
                continue;
            }
            let mut chars = tok.chars();
            let letter = chars
                .next()
                .ok_or_else(|| BoardError::BadHex(tok.to_string()))?
                .to_ascii_lowercase();
            if !letter.is_ascii_alphabetic() {
                return Err(BoardError::BadHex(tok.to_string()));
            }
            if !('a'..='d').contains(&letter) {
                return Err(BoardError::UnknownPlayer(letter, tok.to_string()));
            }
            let rest = chars.as_str().trim_start_matches('-');
            let dice: u32 = rest
                .parse()
                .map_err(|_| BoardError::BadHex(tok.to_string()))?;
            if dice == 0 || dice > u32::from(MAX_DICE) {
                return Err(BoardError::DiceOutOfRange {
                    pos: hexes.len(),
                    text: tok.to_string(),
                    dice,
                    max: MAX_DICE,
                });
            }
            hexes.push(Hex {
                owner: letter as u8 - b'a',
                dice: dice as u8,
            });
        }
        Board::from_hexes(&hexes).ok_or(BoardError::NotSquare(hexes.len()))
    }

    /// Checks the board against a game's player count and dice limit.
    pub fn check(&self, players: u8, max_dice: u8) -> Result<(), BoardError> {
        for (pos, h) in self.hexes().enumerate() {
            if h.owner >= players {
                return Err(BoardError::PlayerBeyondCount {
                    pos,
                    letter: player_letter(h.owner),
                    players,
                });
            }
            if h.dice == 0 || h.dice > max_dice {
                return Err(BoardError::DiceOutOfRange {
                    pos,
                    text: format!("{}{}", player_letter(h.owner), h.dice),
                    dice: u32::from(h.dice),
                    max: max_dice,
                });
            }
        }
        Ok(())
    }

    /// The side length N.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// The number of hexes, N×N.
    pub fn len(&self) -> usize {
        self.size() * self.size()
    }

    /// Never true: a board has at least 4 hexes.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The hexes, row by row.
    pub fn hexes(&self) -> impl ExactSizeIterator<Item = Hex> + '_ {
        self.cells[..self.len()].iter().map(|&c| unpack(c))
    }

    /// The hex at `pos`.
    #[inline]
    pub fn hex(&self, pos: usize) -> Hex {
        unpack(self.cells[pos])
    }

    /// The owner of the hex at `pos`.
    #[inline]
    pub fn owner(&self, pos: usize) -> u8 {
        self.cells[pos] >> 4
    }

    /// The dice on the hex at `pos`.
    #[inline]
    pub fn dice(&self, pos: usize) -> u8 {
        self.cells[pos] & 15
    }

    /// Replaces the hex at `pos`.
    #[inline]
    pub fn set(&mut self, pos: usize, hex: Hex) {
        self.cells[pos] = pack(hex);
    }

    /// The first nine hexes packed six bits each (owner × 16 + dice, hex 0
    /// in the lowest bits), hexes past the board's end as 0: a different
    /// number for every board up to 3×3 (no real hex packs to 0).
    pub fn small_code(&self) -> u64 {
        let mut x = u64::from_le_bytes([
            self.cells[0],
            self.cells[1],
            self.cells[2],
            self.cells[3],
            self.cells[4],
            self.cells[5],
            self.cells[6],
            self.cells[7],
        ]);
        // Squeeze the eight bytes' low six bits together: pairs, then
        // fours, then all eight.
        x = (x & 0x003F_003F_003F_003F) | (x >> 2 & 0x0FC0_0FC0_0FC0_0FC0);
        x = (x & 0x0000_0FFF_0000_0FFF) | (x >> 4 & 0x00FF_F000_00FF_F000);
        x = (x & 0x0000_0000_00FF_FFFF) | (x >> 8 & 0x0000_FFFF_FF00_0000);
        x | u64::from(self.cells[8]) << 48
    }

    /// The neighbours of `pos` in the book's order.
    pub fn neighbors(&self, pos: usize) -> &'static [u8] {
        neighbors(self.size(), pos)
    }

    /// The hexes held by `player`, as a bit set (bit `pos`).
    pub fn owned_mask(&self, player: u8) -> u64 {
        (0..self.len())
            .filter(|&p| self.owner(p) == player)
            .fold(0, |m, p| m | 1 << p)
    }

    /// How many hexes `player` holds.
    pub fn count(&self, player: u8) -> usize {
        (0..self.len()).filter(|&p| self.owner(p) == player).count()
    }

    /// The size of `player`'s largest group of connected hexes (the book's
    /// `largest-cluster-size`).
    pub fn largest_cluster(&self, player: u8) -> u32 {
        self.clusters(player)
            .map(u64::count_ones)
            .max()
            .unwrap_or(0)
    }

    /// `player`'s groups of connected hexes, each as a bit set (bit `pos`).
    pub fn clusters(&self, player: u8) -> Clusters<'_> {
        Clusters {
            board: self,
            left: self.owned_mask(player),
        }
    }

    /// The neighbours of `pos` as a bit set (bit `pos`).
    pub fn neighbor_mask(&self, pos: usize) -> u64 {
        self.neighbors(pos).iter().fold(0, |m, &q| m | 1 << q)
    }

    /// The rows as the book's `draw-board` prints them: each row indented
    /// two spaces more than the one below it, hexes as `a-3`.
    pub fn drawing(&self) -> String {
        let n = self.size();
        let mut out = String::new();
        for y in 0..n {
            out.push_str(&"  ".repeat(n - y));
            let row: Vec<String> = (0..n)
                .map(|x| {
                    let h = self.hex(x + n * y);
                    format!("{}-{}", player_letter(h.owner), h.dice)
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Board {
    /// The text form, `a3 a3 b3 b1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.hexes().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}{}", player_letter(h.owner), h.dice)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let text = String::deserialize(d)?;
        Board::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The groups of one player's connected hexes ([`Board::clusters`]),
/// found one at a time from the lowest hex not yet in a group.
#[derive(Clone, Debug)]
pub struct Clusters<'a> {
    board: &'a Board,
    left: u64,
}

impl Iterator for Clusters<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.left == 0 {
            return None;
        }
        let mut group = self.left & self.left.wrapping_neg();
        let mut frontier = group;
        while frontier != 0 {
            let p = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let grown = self.board.neighbor_mask(p) & self.left & !group;
            group |= grown;
            frontier |= grown;
        }
        self.left &= !group;
        Some(group)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_match_the_book() {
        // 2×2: (neighbors 2) => (0 3); hexes 1 and 2 are not adjacent.
        assert_eq!(neighbors(2, 2), &[0, 3]);
        assert_eq!(neighbors(2, 1), &[3, 0]);
        assert_eq!(neighbors(2, 0), &[2, 1, 3]);
        // 3×3: (neighbors 0) => (3 1 4).
        assert_eq!(neighbors(3, 0), &[3, 1, 4]);
        assert_eq!(neighbors(3, 4), &[1, 7, 0, 3, 5, 8]);
        assert_eq!(neighbors(3, 8), &[5, 4, 7]);
    }

    #[test]
    fn neighbours_are_symmetric_on_every_size() {
        for size in 1..=MAX_SIZE {
            for p in 0..size * size {
                for &q in neighbors(size, p) {
                    assert!(neighbors(size, q as usize).contains(&(p as u8)));
                }
            }
        }
    }

    #[test]
    fn parse_and_print_round_trip() {
        let b = Board::parse("a3 a3 b3 b1").unwrap();
        assert_eq!(b.size(), 2);
        assert_eq!(b.hex(2), Hex { owner: 1, dice: 3 });
        assert_eq!(b.to_string(), "a3 a3 b3 b1");
        assert_eq!(Board::parse("A-3,a3 , b3 b1").unwrap(), b);
        assert_eq!(b.drawing(), "    a-3 a-3\n  b-3 b-1\n");
    }

    #[test]
    fn parse_refuses_bad_boards() {
        assert_eq!(
            Board::parse("a3 a3 b3").unwrap_err(),
            BoardError::NotSquare(3)
        );
        assert!(matches!(
            Board::parse("a3 e3 b3 b1"),
            Err(BoardError::UnknownPlayer('e', _))
        ));
        assert!(matches!(
            Board::parse("a3 a9 b3 b1"),
            Err(BoardError::DiceOutOfRange { .. })
        ));
        assert!(matches!(
            Board::parse("a3 ax b3 b1"),
            Err(BoardError::BadHex(_))
        ));
        assert!(matches!(
            Board::parse("33 a3 b3 b1"),
            Err(BoardError::BadHex(_))
        ));
        let b = Board::parse("a3 c3 b3 b1").unwrap();
        assert!(matches!(
            b.check(2, 3),
            Err(BoardError::PlayerBeyondCount { pos: 1, .. })
        ));
        assert!(b.check(3, 3).is_ok());
        assert!(matches!(
            Board::parse("a3 a4 b3 b1").unwrap().check(2, 3),
            Err(BoardError::DiceOutOfRange { pos: 1, .. })
        ));
    }

    #[test]
    fn small_codes_pack_every_hex() {
        let b = Board::parse("a1 b2 c3 d4 a5 b6 c7 d8 b3").unwrap();
        let want = b.hexes().enumerate().fold(0u64, |k, (i, h)| {
            k | u64::from(h.owner << 4 | h.dice) << (6 * i)
        });
        assert_eq!(b.small_code(), want);
        let small = Board::parse("a1 a1 a1 a1").unwrap();
        assert_eq!(small.small_code(), 0o01010101);
    }

    #[test]
    fn largest_cluster_counts_connected_hexes() {
        // 3×3:  a a b / b a b / a b a : a's group {0,1,4,8} via 4–8.
        let b = Board::parse("a1 a1 b1 b1 a1 b1 a1 b1 a1").unwrap();
        assert_eq!(b.largest_cluster(0), 4);
        assert_eq!(b.largest_cluster(1), 2);
        assert_eq!(b.largest_cluster(2), 0);
        // The groups: a's {0,1,4,8} and {6}; b's {2,5} and {3,7}.
        let groups = |p| b.clusters(p).collect::<Vec<u64>>();
        assert_eq!(groups(0), vec![0b1_0001_0011, 1 << 6]);
        assert_eq!(groups(1), vec![1 << 2 | 1 << 5, 1 << 3 | 1 << 7]);
        assert_eq!(groups(2), Vec::<u64>::new());
        // 4 sees 1, 7, 0, 3, 5 and 8.
        assert_eq!(b.neighbor_mask(4), 0b1_1010_1011);
    }
}
