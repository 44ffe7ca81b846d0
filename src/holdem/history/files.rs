//! Histories on disk: a file's text (UTF-8, or Latin-1 as PokerStars
//! often writes it) and every history file under a folder.

use std::path::{Path, PathBuf};

/// The extensions of history files: PHH, PHHS, the rooms' text and
/// iPoker's XML.
const EXTENSIONS: [&str; 4] = ["phh", "phhs", "txt", "xml"];

/// A file's text: UTF-8 (a byte-order mark is kept for the readers to
/// skip), else each byte as Windows-1252 writes it (Latin-1 with the euro
/// sign and the curly quotes), as rooms' clients on Windows save it.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    let bytes = std::fs::read(path)?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| windows_1252(b)).collect(),
    })
}

/// A byte of Windows-1252 text.
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[usize::from(b - 0x80)],
        b => char::from(b),
    }
}

/// Every history file under `dir`, its subfolders included, sorted by
/// path; an error names the folder that could not be read.
pub fn history_files(dir: &Path) -> Result<Vec<PathBuf>, (PathBuf, std::io::Error)> {
    let mut files = Vec::new();
    walk(dir, &mut files)?;
    files.sort();
    Ok(files)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), (PathBuf, std::io::Error)> {
    let failed = |e| (dir.to_path_buf(), e);
    for entry in std::fs::read_dir(dir).map_err(failed)? {
        let path = entry.map_err(failed)?.path();
        if path.is_dir() {
            walk(&path, files)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_1_text_is_read_and_only_history_files_are_listed() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let sub = dir.path().join("old");
        std::fs::create_dir(&sub).unwrap_or_else(|e| panic!("{e}"));
        for (name, bytes) in [
            ("b.phh", &b"x"[..]),
            ("a.TXT", &b"caf\xe9 \x80"[..]),
            ("notes.md", &b"x"[..]),
            ("old/c.phhs", &b"x"[..]),
        ] {
            std::fs::write(dir.path().join(name), bytes).unwrap_or_else(|e| panic!("{e}"));
        }
        let files = history_files(dir.path()).unwrap_or_else(|e| panic!("{e:?}"));
        let names: Vec<String> = files
            .iter()
            .map(|f| {
                f.strip_prefix(dir.path())
                    .map_or(String::new(), |p| p.display().to_string())
            })
            .collect();
        assert_eq!(names, ["a.TXT", "b.phh", "old/c.phhs"]);
        assert_eq!(read_text(&files[0]).ok().as_deref(), Some("café €"));
        assert!(history_files(&dir.path().join("none")).is_err());
    }
}
