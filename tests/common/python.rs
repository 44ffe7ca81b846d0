//! Python for the cross-checks and examples the tests run: a virtual
//! environment of the tests' own under `target/tmp` per package, made and
//! filled from PyPI the first time (or a Python named by an environment
//! variable). `None` only when there is no Python 3 at all.

use std::process::Command;
use std::sync::Mutex;

/// The Python with `requirement` (`pip`'s form, `pokerkit==0.7.7`) in a
/// virtual environment called `name`, checked by running `check` (Python
/// that exits 0 when the package is there); or the one `override_var`
/// names.
pub fn venv(override_var: &str, name: &str, requirement: &str, check: &str) -> Option<String> {
    static MAKING: Mutex<()> = Mutex::new(());
    if let Ok(p) = std::env::var(override_var) {
        return Some(p);
    }
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("SKIPPED: no python3 (apt-get install python3 python3-venv; .ci/run does)");
        return None;
    }
    let _one_at_a_time = MAKING.lock().unwrap_or_else(|p| p.into_inner());
    let venv = format!("{}/{name}", env!("CARGO_TARGET_TMPDIR"));
    let py = format!("{venv}/bin/python");
    let has_it = Command::new(&py)
        .args(["-c", check])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_it {
        let made = Command::new("python3")
            .args(["-m", "venv", &venv])
            .status()
            .is_ok_and(|s| s.success());
        assert!(made, "python3 -m venv {venv} failed: install python3-venv");
        let pip = format!("{venv}/bin/pip");
        let installed = Command::new(&pip)
            .args(["install", "-q", requirement])
            .status()
            .is_ok_and(|s| s.success());
        assert!(installed, "{pip} install {requirement} failed");
    }
    Some(py)
}
