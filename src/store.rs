//! Files the app keeps between runs — saved games, settings and lifetime
//! stats — under the platform's data and config directories.
//!
//! Every file is a versioned JSON envelope (`{"format": "cardgames",
//! "kind": ..., "version": N, "data": ...}`), written to a temporary file
//! in the same directory and renamed over the old one, so a crash never
//! leaves half a file. A corrupt, foreign or newer-version file is reported
//! with its path and left exactly as it was by [`load`]; the app renames a
//! damaged settings or stats file aside ([`set_aside`]) and keeps it.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

const FORMAT: &str = "cardgames";

/// Why a file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file exists but is not ours, or is damaged.
    #[error("{path} is not a valid cardgames {kind} file ({reason}); it was left as it is")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What was expected in it.
        kind: String,
        /// What was wrong.
        reason: String,
    },
    /// The file was written by a newer version of cardgames.
    #[error(
        "{path} was written by a newer cardgames (format {found}, this one reads {VERSION}); it was left as it is"
    )]
    NewerVersion {
        /// The file.
        path: PathBuf,
        /// Its format version.
        found: u64,
    },
    /// The operating system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// No home directory to keep files in.
    #[error("cannot find a home directory to keep saves and settings in")]
    NoHome,
}

/// Where the app keeps its files: one directory for data (saves, stats)
/// and one for configuration.
#[derive(Debug, Clone)]
pub struct Store {
    data: PathBuf,
    config: PathBuf,
}

impl Store {
    /// The platform's directories (e.g. `~/.local/share/cardgames` and
    /// `~/.config/cardgames` on Linux).
    pub fn platform() -> Result<Store, StoreError> {
        let dirs = directories::ProjectDirs::from("", "", "cardgames").ok_or(StoreError::NoHome)?;
        Ok(Store {
            data: dirs.data_dir().to_path_buf(),
            config: dirs.config_dir().to_path_buf(),
        })
    }

    /// Both kinds of file in one directory (tests, portable installs).
    pub fn at(dir: &Path) -> Store {
        Store {
            data: dir.to_path_buf(),
            config: dir.to_path_buf(),
        }
    }

    /// The path of a data file (`saves`, `stats`) by name.
    pub fn data_path(&self, name: &str) -> PathBuf {
        self.data.join(format!("{name}.json"))
    }

    /// The directory kept deal records go in, by game.
    pub fn deals_dir(&self, game: &str) -> PathBuf {
        self.data.join("deals").join(game)
    }

    /// The path of a configuration file by name.
    pub fn config_path(&self, name: &str) -> PathBuf {
        self.config.join(format!("{name}.json"))
    }
}

/// Reads a `kind` file: `Ok(None)` when there is none.
pub fn load<T: DeserializeOwned>(path: &Path, kind: &str) -> Result<Option<T>, StoreError> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(StoreError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let corrupt = |reason: String| StoreError::Corrupt {
        path: path.to_path_buf(),
        kind: kind.to_string(),
        reason,
    };
    let envelope: Value = serde_json::from_str(&text).map_err(|e| corrupt(e.to_string()))?;
    if envelope["format"] != FORMAT || envelope["kind"] != kind {
        return Err(corrupt(format!("not a {kind} file")));
    }
    let version = envelope["version"]
        .as_u64()
        .ok_or_else(|| corrupt("no version".into()))?;
    if version > u64::from(VERSION) {
        return Err(StoreError::NewerVersion {
            path: path.to_path_buf(),
            found: version,
        });
    }
    serde_json::from_value(envelope["data"].clone())
        .map(Some)
        .map_err(|e| corrupt(e.to_string()))
}

/// Writes a `kind` file atomically (temporary file, then rename).
pub fn save<T: Serialize>(path: &Path, kind: &str, data: &T) -> Result<(), StoreError> {
    let io_err = |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    };
    let envelope = serde_json::json!({
        "format": FORMAT,
        "kind": kind,
        "version": VERSION,
        "data": data,
    });
    let text = serde_json::to_string_pretty(&envelope).map_err(|e| io_err(e.into()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io_err)?;
    let tmp = path.with_extension("json.tmp");
    let mut file = fs::File::create(&tmp).map_err(io_err)?;
    file.write_all(text.as_bytes()).map_err(io_err)?;
    file.sync_all().map_err(io_err)?;
    fs::rename(&tmp, path).map_err(io_err)
}

/// Deletes a file if it exists.
pub fn remove(path: &Path) -> Result<(), StoreError> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(StoreError::Io {
            path: path.to_path_buf(),
            source: e,
        }),
        _ => Ok(()),
    }
}

/// Renames a file that could not be read to `NAME.damaged-N` beside it
/// (the first `N` not taken), so it is kept and never written over;
/// returns the new path.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut n = 1;
    loop {
        let kept = path.with_file_name(format!("{name}.damaged-{n}"));
        if !kept.exists() {
            fs::rename(path, &kept)?;
            return Ok(kept);
        }
        n += 1;
    }
}

/// Writes a new file `NAME.EXT` into `dir` (or `NAME-2.EXT`, … the first
/// name not taken), creating the directory; returns its path. Kept deal
/// records are written this way, never over another.
pub fn write_new(dir: &Path, name: &str, ext: &str, text: &str) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let mut n = 1;
    loop {
        let file = if n == 1 {
            format!("{name}.{ext}")
        } else {
            format!("{name}-{n}.{ext}")
        };
        let path = dir.join(file);
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                f.write_all(text.as_bytes())?;
                return Ok(path);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => n += 1,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, serde::Deserialize)]
    struct Stats {
        games: u32,
        wins: u32,
    }

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn round_trips_and_missing_is_none() {
        let d = dir();
        let store = Store::at(d.path());
        let path = store.data_path("stats");
        assert!(matches!(load::<Stats>(&path, "stats"), Ok(None)));
        let s = Stats { games: 3, wins: 2 };
        assert!(save(&path, "stats", &s).is_ok());
        assert_eq!(load::<Stats>(&path, "stats").ok().flatten(), Some(s));
        assert!(!path.with_extension("json.tmp").exists());
    }

    #[test]
    fn corrupt_foreign_and_newer_files_are_refused_and_kept() {
        let d = dir();
        let path = d.path().join("save.json");
        let cases = [
            ("{ not json", "not a valid"),
            (
                r#"{"format":"other","kind":"stats","version":1,"data":{}}"#,
                "not a stats file",
            ),
            (
                r#"{"format":"cardgames","kind":"save","version":1,"data":{}}"#,
                "not a stats file",
            ),
            (
                r#"{"format":"cardgames","kind":"stats","version":9,"data":{}}"#,
                "newer",
            ),
            (
                r#"{"format":"cardgames","kind":"stats","version":1,"data":{"games":"x"}}"#,
                "invalid type",
            ),
        ];
        for (text, want) in cases {
            fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
            let err = load::<Stats>(&path, "stats")
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(err.contains(want), "{err} should say {want}");
            assert_eq!(
                fs::read_to_string(&path).unwrap_or_default(),
                text,
                "left as it was"
            );
        }
    }

    #[test]
    fn a_file_set_aside_keeps_its_bytes_under_a_new_name() {
        let d = dir();
        let path = d.path().join("settings.json");
        for n in 1..=2 {
            fs::write(&path, format!("damaged {n}")).unwrap_or_else(|e| panic!("{e}"));
            let kept = set_aside(&path).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(kept, d.path().join(format!("settings.json.damaged-{n}")));
            assert_eq!(
                fs::read_to_string(&kept).unwrap_or_default(),
                format!("damaged {n}")
            );
            assert!(!path.exists());
        }
    }
}
