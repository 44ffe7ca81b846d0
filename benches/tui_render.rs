//! Time to draw each screen into an 80×24 buffer (target ≤ 1 ms).

use cardgames::tui::app::App;
use cardgames::tui::settings::Settings;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

fn key(app: &mut App, code: KeyCode) {
    app.handle(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn render(c: &mut Criterion) {
    let area = Rect::new(0, 0, 80, 24);
    let mut g = c.benchmark_group("render 80x24");
    let screens: Vec<(&str, Vec<KeyCode>)> = vec![
        ("menu", vec![]),
        ("menu + help", vec![KeyCode::Char('?')]),
        ("settings", vec![KeyCode::Enter]),
    ];
    for (name, keys) in screens {
        let mut app = App::new(Settings::default(), true, None);
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
