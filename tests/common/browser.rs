//! A real browser for the web door's tests: Debian's headless Chromium
//! driven by Selenium (from PyPI, in a virtual environment the tests make
//! under `target/tmp` the first time, as the PokerKit cross-check does),
//! running the scripts of `tests/web/`.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

/// The Selenium this suite is written against.
const SELENIUM: &str = "selenium==4.51.0";

/// Chromium and its driver: `CARDGAMES_CHROMIUM` and
/// `CARDGAMES_CHROMEDRIVER`, or Debian's in /usr/bin. `None` (with a note
/// saying why) when either is missing.
pub fn chromium() -> Option<(PathBuf, PathBuf)> {
    let pick = |var: &str, default: &str| {
        std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from)
    };
    let browser = pick("CARDGAMES_CHROMIUM", "/usr/bin/chromium");
    let driver = pick("CARDGAMES_CHROMEDRIVER", "/usr/bin/chromedriver");
    for p in [&browser, &driver] {
        if !p.exists() {
            eprintln!(
                "SKIPPED: no {} (apt-get install chromium chromium-driver; .ci/run does)",
                p.display()
            );
            return None;
        }
    }
    Some((browser, driver))
}

/// The Python with Selenium: `CARDGAMES_SELENIUM_PYTHON`, or a virtual
/// environment of the tests' own (see [`super::python::venv`]).
pub fn python() -> Option<String> {
    super::python::venv(
        "CARDGAMES_SELENIUM_PYTHON",
        "selenium-venv",
        SELENIUM,
        "import selenium, sys; sys.exit(selenium.__version__ != '4.51.0')",
    )
}

/// Where the browser tests keep their screenshots.
pub fn artifacts() -> PathBuf {
    let dir = PathBuf::from(concat!(env!("CARGO_TARGET_TMPDIR"), "/hall_web"));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Runs `tests/web/doom_browser.py` with `args` (blocking): the JSON
/// report it prints last. What it says on stderr goes to the test's.
pub fn run_script(python: &str, browser: &(PathBuf, PathBuf), args: &[String]) -> Value {
    run(python, browser, "doom_browser.py", args)
}

/// Runs `tests/web/NAME` with `args` (blocking): the JSON report it prints
/// last.
pub fn run(python: &str, browser: &(PathBuf, PathBuf), name: &str, args: &[String]) -> Value {
    let script = format!("{}/tests/web/{name}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(python)
        .arg(&script)
        .args(args)
        .env("CARDGAMES_CHROMIUM", &browser.0)
        .env("CARDGAMES_CHROMEDRIVER", &browser.1)
        // Selenium never looks for a driver or a browser to download.
        .env("SE_OFFLINE", "true")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .unwrap_or_else(|e| panic!("{python} {script}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{script} {args:?} failed ({}): {stdout}",
        out.status
    );
    let last = stdout.lines().last().unwrap_or_default();
    serde_json::from_str(last).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}
