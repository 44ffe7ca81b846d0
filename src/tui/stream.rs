//! The app on a byte stream instead of this process's terminal: an ssh
//! channel. Keys and mouse arrive as the bytes a terminal sends (parsed by
//! `anes`), the screen leaves as the bytes ratatui's crossterm backend
//! writes, sized by what the client says (its pty request, then each
//! window change) rather than by asking a terminal.

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError};

use anes::parser::{
    KeyCode as AKey, KeyModifiers as AMods, Mouse, MouseButton as AButton, Parser, Sequence,
};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, MoveTo};
use ratatui::crossterm::event::{
    DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyModifiers, MouseButton,
    MouseEvent, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};

use super::{App, TICK};

/// What comes from the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Bytes typed (keys, mouse reports).
    Bytes(Vec<u8>),
    /// The window is now this many columns and rows.
    Resize(u16, u16),
}

/// Bytes to the client: collected while a frame is drawn, sent on flush.
/// The first flush after the client went reports it; later ones drop
/// their bytes quietly.
struct Sink<F: FnMut(Vec<u8>) -> bool> {
    buf: Vec<u8>,
    send: F,
    gone: bool,
}

impl<F: FnMut(Vec<u8>) -> bool> Write for Sink<F> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let bytes = std::mem::take(&mut self.buf);
        if bytes.is_empty() || self.gone || (self.send)(bytes) {
            return Ok(());
        }
        self.gone = true;
        Err(io::Error::new(
            io::ErrorKind::BrokenPipe,
            "the client is gone",
        ))
    }
}

/// Runs `app` until it quits or the client goes: `input` brings what the
/// client sends, `send` takes bytes to it (false once it is gone).
pub fn run(
    mut app: App,
    (cols, rows): (u16, u16),
    input: Receiver<Input>,
    send: impl FnMut(Vec<u8>) -> bool,
) -> io::Result<()> {
    let mut sink = Sink {
        buf: Vec::new(),
        send,
        gone: false,
    };
    // Cleared as well: what the client's terminal showed before (ssh's
    // banner) would otherwise stay wherever a frame draws blanks.
    execute!(
        sink,
        EnterAlternateScreen,
        Clear(ClearType::All),
        MoveTo(0, 0),
        EnableMouseCapture,
        Hide
    )?;
    let area = Rect::new(0, 0, cols, rows);
    app.handle(Event::Resize(cols, rows));
    let mut terminal = Terminal::with_options(
        CrosstermBackend::new(sink),
        TerminalOptions {
            viewport: Viewport::Fixed(area),
        },
    )?;
    let mut parser = Parser::default();
    let result = (|| -> io::Result<()> {
        loop {
            terminal.draw(|frame| app.draw(frame.area(), frame.buffer_mut()))?;
            if app.should_quit() {
                return Ok(());
            }
            let next = if app.tick() {
                match input.recv_timeout(TICK) {
                    Ok(i) => Some(i),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            } else {
                match input.recv() {
                    Ok(i) => Some(i),
                    Err(_) => break,
                }
            };
            match next {
                Some(Input::Resize(w, h)) => {
                    terminal.resize(Rect::new(0, 0, w, h))?;
                    app.handle(Event::Resize(w, h));
                }
                Some(Input::Bytes(bytes)) => {
                    parser.advance(&bytes, false);
                    for seq in parser.by_ref() {
                        if let Some(ev) = event_of(seq) {
                            app.handle(ev);
                        }
                    }
                }
                None => {}
            }
        }
        // The client went away: what is in progress is kept.
        app.quit();
        Ok(())
    })();
    // Through the terminal, so it knows the cursor is back and does not
    // try again (and complain) when dropped after the client has gone.
    let shown = terminal.show_cursor();
    let backend = terminal.backend_mut();
    execute!(backend, DisableMouseCapture, LeaveAlternateScreen)?;
    backend.flush()?;
    shown?;
    result
}

/// A terminal's input sequence as crossterm's event.
fn event_of(seq: Sequence) -> Option<Event> {
    match seq {
        Sequence::Key(code, mods) => {
            let mut modifiers = KeyModifiers::empty();
            if mods.contains(AMods::SHIFT) {
                modifiers |= KeyModifiers::SHIFT;
            }
            if mods.contains(AMods::CONTROL) {
                modifiers |= KeyModifiers::CONTROL;
            }
            if mods.contains(AMods::ALT) {
                modifiers |= KeyModifiers::ALT;
            }
            let code = match code {
                AKey::Backspace => KeyCode::Backspace,
                AKey::Enter => KeyCode::Enter,
                AKey::Left => KeyCode::Left,
                AKey::Right => KeyCode::Right,
                AKey::Up => KeyCode::Up,
                AKey::Down => KeyCode::Down,
                AKey::Home => KeyCode::Home,
                AKey::End => KeyCode::End,
                AKey::PageUp => KeyCode::PageUp,
                AKey::PageDown => KeyCode::PageDown,
                AKey::Tab => KeyCode::Tab,
                AKey::BackTab => KeyCode::BackTab,
                AKey::Delete => KeyCode::Delete,
                AKey::Insert => KeyCode::Insert,
                AKey::F(n) => KeyCode::F(n),
                // Control letters come raw (Ctrl-C is byte 3), as crossterm
                // reports them from a local terminal: the letter with CONTROL.
                AKey::Char(c @ '\u{1}'..='\u{1a}') => {
                    modifiers |= KeyModifiers::CONTROL;
                    KeyCode::Char(char::from(b'a' + c as u8 - 1))
                }
                AKey::Char(c) => KeyCode::Char(c),
                AKey::Null => KeyCode::Null,
                AKey::Esc => KeyCode::Esc,
            };
            Some(Event::Key(KeyEvent::new(code, modifiers)))
        }
        Sequence::Mouse(mouse, _) => {
            let button = |b: AButton| match b {
                AButton::Right => MouseButton::Right,
                AButton::Middle => MouseButton::Middle,
                AButton::Left | AButton::Any => MouseButton::Left,
            };
            let (kind, x, y) = match mouse {
                Mouse::Down(b, x, y) => (MouseEventKind::Down(button(b)), x, y),
                Mouse::Up(b, x, y) => (MouseEventKind::Up(button(b)), x, y),
                Mouse::Drag(b, x, y) => (MouseEventKind::Drag(button(b)), x, y),
                Mouse::ScrollUp(x, y) => (MouseEventKind::ScrollUp, x, y),
                Mouse::ScrollDown(x, y) => (MouseEventKind::ScrollDown, x, y),
            };
            // Terminals count from 1, crossterm from 0.
            Some(Event::Mouse(MouseEvent {
                kind,
                column: x.saturating_sub(1),
                row: y.saturating_sub(1),
                modifiers: KeyModifiers::empty(),
            }))
        }
        Sequence::CursorPosition(..) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(bytes: &[u8]) -> Vec<Event> {
        let mut p = Parser::default();
        p.advance(bytes, false);
        p.filter_map(event_of).collect()
    }

    #[test]
    fn the_screen_is_cleared_before_the_first_frame() {
        let (tx, rx) = std::sync::mpsc::channel();
        drop(tx);
        let mut sent = Vec::new();
        let app = App::new(crate::tui::Settings::default(), true, None);
        run(app, (80, 24), rx, |bytes| {
            sent.extend(bytes);
            true
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let text = String::from_utf8_lossy(&sent);
        let clear = text
            .find("\x1b[2J")
            .unwrap_or_else(|| panic!("no clear: {text:?}"));
        let drawn = text
            .find("cardgames")
            .unwrap_or_else(|| panic!("no frame: {text:?}"));
        assert!(text.find("\x1b[?1049h").is_some_and(|alt| alt < clear));
        assert!(clear < drawn);
    }

    #[test]
    fn keys_and_clicks_as_a_terminal_sends_them() {
        assert_eq!(
            events(b"q\x1b[A\r\x03"),
            vec![
                Event::Key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::empty())),
                Event::Key(KeyEvent::new(KeyCode::Up, KeyModifiers::empty())),
                Event::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::empty())),
                Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            ]
        );
        assert_eq!(
            events(b"\x1b[<0;11;5M"),
            vec![Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: 10,
                row: 4,
                modifiers: KeyModifiers::empty(),
            })]
        );
        assert_eq!(
            events(b"\x1b"),
            vec![Event::Key(KeyEvent::new(
                KeyCode::Esc,
                KeyModifiers::empty()
            ))]
        );
    }
}
