//! The one set of styles every screen draws with, and the choice between
//! colour and plain text (`NO_COLOR`), symbols and letters (`--ascii`).
//! Colour is never the only signal: suits keep their symbol or letter,
//! players keep their letter, the selection keeps its marker.

use ratatui::style::{Color, Modifier, Style};

use cardgames::cards::{Card, Suit};

/// The players' colours, by seat.
const PLAYER_COLORS: [Color; 8] = [
    Color::Magenta,
    Color::Blue,
    Color::Green,
    Color::Red,
    Color::Cyan,
    Color::Yellow,
    Color::LightMagenta,
    Color::LightBlue,
];

/// Styles and glyph choices for drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Use colour.
    pub color: bool,
    /// Draw suits as letters instead of symbols.
    pub ascii: bool,
}

impl Theme {
    /// A theme; `color` false draws with attributes (bold, reverse) only.
    pub fn new(color: bool, ascii: bool) -> Theme {
        Theme { color, ascii }
    }

    /// Colour unless the `NO_COLOR` environment variable is set (to anything
    /// non-empty), per no-color.org.
    pub fn color_from_env() -> bool {
        std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
    }

    /// The mark before the selected entry of any list or form (and the
    /// blank the size of it before the others): one style everywhere.
    pub fn marker(self, chosen: bool) -> &'static str {
        match (chosen, self.ascii) {
            (true, false) => "▶ ",
            (true, true) => "> ",
            (false, _) => "  ",
        }
    }

    fn fg(self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// Ordinary text.
    pub fn text(self) -> Style {
        Style::new()
    }

    /// Secondary text: hints, labels.
    pub fn dim(self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    /// Titles and headings.
    pub fn title(self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// The highlighted item of a list or board.
    pub fn selected(self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// Something the player can choose now (legal targets, enabled keys).
    pub fn legal(self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// Something not available now.
    pub fn disabled(self) -> Style {
        self.dim()
    }

    /// Good news: a win, a made contract.
    pub fn good(self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// Bad news: a loss, an error.
    pub fn bad(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    /// A key name in the hint bar and help.
    pub fn key(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// A player's colour, by seat (letters stay on screen as well).
    pub fn player(self, seat: usize) -> Style {
        self.fg(PLAYER_COLORS[seat % PLAYER_COLORS.len()])
            .add_modifier(Modifier::BOLD)
    }

    /// A region a player holds, filled with the player's colour (plain
    /// without colour: the letter drawn in it tells the owner).
    pub fn player_fill(self, seat: usize) -> Style {
        if self.color {
            let bg = PLAYER_COLORS[seat % PLAYER_COLORS.len()];
            let fg = match bg {
                Color::Blue | Color::Red | Color::Magenta => Color::White,
                _ => Color::Black,
            };
            Style::new().fg(fg).bg(bg).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        }
    }

    /// A suit's style: red suits red, black suits plain.
    pub fn suit(self, suit: Suit) -> Style {
        if suit.is_red() {
            self.fg(Color::Red)
        } else {
            self.text()
        }
    }

    /// A suit as drawn: `♠` or `s` (the letter in the case of `As`).
    pub fn suit_text(self, suit: Suit) -> String {
        if self.ascii {
            suit.letter().to_string()
        } else {
            suit.glyph().to_string()
        }
    }

    /// A card as drawn: `A♠` or `As`.
    pub fn card_text(self, card: Card) -> String {
        if self.ascii {
            card.ascii()
        } else {
            card.glyph()
        }
    }
}

/// A spinner frame for `elapsed` time (ASCII when asked).
pub fn spinner(elapsed: std::time::Duration, ascii: bool) -> char {
    const FRAMES: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
    const ASCII: [char; 4] = ['|', '/', '-', '\\'];
    let i = (elapsed.as_millis() / 100) as usize;
    if ascii { ASCII[i % 4] } else { FRAMES[i % 10] }
}
