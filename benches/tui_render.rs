//! Time to draw each screen into an 80×24 buffer (target ≤ 1 ms).

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

// The terminal app belongs to the binary, not the library: the bench
// compiles it in, as the binary does, and draws through it.
#[allow(dead_code, unused_imports, unused_macros)]
#[path = "../src/tui/mod.rs"]
mod tui;

use tui::{App, Settings};

fn key(app: &mut App, code: KeyCode) {
    app.handle(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn render(c: &mut Criterion) {
    use KeyCode::{Char, Down, Enter};
    let area = Rect::new(0, 0, 80, 24);
    let mut g = c.benchmark_group("render 80x24");
    let screens: Vec<(&str, Vec<KeyCode>)> = vec![
        ("menu", vec![]),
        ("menu + help", vec![Char('?')]),
        ("holdem table, 6 seats", vec![Enter, Enter]),
        ("doom 5x5 board", vec![Down, Enter, Enter]),
        ("honeymoon bidding", vec![Down, Down, Enter, Enter]),
        ("endgame solver", vec![Down, Down, Down, Enter]),
        ("settings", vec![Down, Down, Down, Down, Enter]),
    ];
    for (name, keys) in screens {
        let settings = Settings {
            bot_delay_ms: 0,
            ..Settings::default()
        };
        let mut app = App::new(settings, true, None).with_seed(1);
        for k in keys {
            key(&mut app, k);
        }
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut buf = Buffer::empty(area);
                app.draw(area, &mut buf);
                black_box(buf)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
