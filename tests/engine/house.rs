//! The house's shape, read from the source: layers import one way only
//! (DESIGN.md, Layout), no two files import each other through any
//! chain, and no source file grows past 900 lines.
//!
//! A file's imports are its `use crate::…`/`super::…` paths and the
//! `crate::…` paths in its code, outside comments and its
//! `#[cfg(test)]` module; each resolves to the file of the longest module
//! prefix it names. The binary's front ends (`cli`, `doors`, `tui`) name
//! the library as `cardgames::…`, read the same way: library and binary
//! share `src/` and no top module name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first: a file may import its own layer and those
/// below, never one above.
const LAYERS: &[&[&str]] = &[
    &["cards"],
    &["game", "form", "narrate", "stats", "store"],
    // The engines: every top module not named in another layer.
    &[],
    &["runner"],
    &["games"],
    &["wire"],
    &["tui", "hall"],
    &["doors"],
    &["cli", "main"],
];

/// The engines' layer in [`LAYERS`].
const ENGINES: usize = 2;

/// Peers of one layer that must not import each other.
const APART: &[(&str, &str)] = &[("tui", "hall")];

/// Longest a source file may be.
const MOST_LINES: usize = 900;

type Module = Vec<String>;

struct Source {
    /// Path under `src/`, e.g. `tui/table.rs`.
    files: BTreeMap<String, String>,
    /// Module path -> file.
    modules: BTreeMap<Module, String>,
    /// Every module path, `a::b`.
    paths: BTreeSet<String>,
}

fn read(dir: &Path, under: &str, files: &mut BTreeMap<String, String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().into_owned();
        let rel = if under.is_empty() {
            name.clone()
        } else {
            format!("{under}/{name}")
        };
        if e.path().is_dir() {
            read(&e.path(), &rel, files);
        } else if name.ends_with(".rs") {
            let text =
                std::fs::read_to_string(e.path()).unwrap_or_else(|err| panic!("{rel}: {err}"));
            files.insert(rel, text);
        }
    }
}

fn module_of(rel: &str) -> Module {
    let mut parts: Module = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

impl Source {
    fn load() -> Source {
        let mut files = BTreeMap::new();
        read(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            "",
            &mut files,
        );
        let modules: BTreeMap<Module, String> =
            files.keys().map(|f| (module_of(f), f.clone())).collect();
        let paths = modules.keys().map(|m| m.join("::")).collect();
        Source {
            files,
            modules,
            paths,
        }
    }

    /// The file of the longest prefix of `path` that is a module.
    fn resolve(&self, path: &[String]) -> Option<&String> {
        (1..=path.len())
            .rev()
            .find_map(|k| self.modules.get(&path[..k]))
    }

    /// Every file's imports.
    fn edges(&self) -> BTreeMap<&String, BTreeSet<&String>> {
        let mut edges = BTreeMap::new();
        for (rel, text) in &self.files {
            let here = module_of(rel);
            let code = code_of(text);
            let mut to = BTreeSet::new();
            let mut paths = Vec::new();
            for body in use_bodies(&code) {
                expand("", &body, &mut paths);
            }
            paths.extend(inline_paths(&code));
            for path in paths {
                let segs: Vec<&str> = path.split("::").map(str::trim).collect();
                let Some(target) = absolute(&here, &segs, &self.paths) else {
                    continue;
                };
                if let Some(file) = self.resolve(&target)
                    && file != rel
                {
                    to.insert(file);
                }
            }
            edges.insert(rel, to);
        }
        edges
    }
}

/// The text without comments and without the trailing `#[cfg(test)]`
/// module.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(i) if text[i..].contains('{') => &text[..i],
        _ => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The bodies of `use …;` items, re-exports (`pub use`) left out: a
/// module naming its children's items for its callers does not depend on
/// them.
fn use_bodies(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let word_start = i == 0
            || !rest[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
        let line_start = rest[..i].rfind('\n').map_or(0, |n| n + 1);
        let exported = rest[line_start..i].trim_start().starts_with("pub");
        let after = &rest[i + 4..];
        match after.find(';') {
            Some(end) if word_start => {
                if !exported {
                    out.push(
                        after[..end]
                            .split_whitespace()
                            .collect::<Vec<_>>()
                            .join(" "),
                    );
                }
                rest = &after[end..];
            }
            _ => rest = after,
        }
    }
    out
}

/// `a::{b, c::{d}}` as `a::b`, `a::c::d` (names only, `as` dropped).
fn expand(prefix: &str, body: &str, out: &mut Vec<String>) {
    let body = body.trim();
    let join = |p: &str| {
        if prefix.is_empty() {
            p.to_string()
        } else {
            format!("{prefix}::{p}")
        }
    };
    match body.find('{') {
        Some(open) if body.ends_with('}') => {
            let base = join(body[..open].trim_end_matches("::").trim());
            let inner = &body[open + 1..body.len() - 1];
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&base, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&base, &inner[start..], out);
        }
        _ if !body.is_empty() => {
            out.push(join(body.split(" as ").next().unwrap_or(body).trim()));
        }
        _ => {}
    }
}

/// `crate::a::b` and `cardgames::a::b` paths written in code.
fn inline_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for root in ["crate::", "cardgames::"] {
        for (i, _) in code.match_indices(root) {
            if code[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            let path: String = code[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            // `crate::a::{b, c}` is a use item's, read by `use_bodies`.
            if !code[i + path.len()..].starts_with('{') {
                out.push(path.trim_end_matches(':').to_string());
            }
        }
    }
    out
}

/// `segs` as a path from the crate's root, seen from module `here`.
fn absolute(here: &[String], segs: &[&str], children: &BTreeSet<String>) -> Option<Module> {
    match segs.first() {
        Some(&"crate" | &"cardgames") => Some(segs[1..].iter().map(|s| s.to_string()).collect()),
        Some(&"super" | &"self") => {
            // A file `a/b.rs` is module a::b; `self` is a::b, `super` is a.
            let mut base: Module = here.to_vec();
            let mut i = 0;
            while let Some(s) = segs.get(i) {
                match *s {
                    "super" => {
                        base.pop()?;
                    }
                    "self" => {}
                    _ => break,
                }
                i += 1;
            }
            base.extend(segs[i..].iter().map(|s| s.to_string()));
            Some(base)
        }
        // A path from a child module's name (`use child::Item;`).
        Some(first) if children.contains(&format!("{}::{first}", here.join("::"))) => {
            let mut path: Module = here.to_vec();
            path.extend(segs.iter().map(|s| s.to_string()));
            Some(path)
        }
        _ => None,
    }
}

/// The top module a file belongs to (`tui` for `tui/online/net.rs`).
fn top(rel: &str) -> &str {
    rel.split('/').next().unwrap_or(rel).trim_end_matches(".rs")
}

fn layer(rel: &str) -> usize {
    LAYERS
        .iter()
        .position(|l| l.contains(&top(rel)))
        .unwrap_or(ENGINES)
}

#[test]
fn layers_import_one_way() {
    let source = Source::load();
    let mut wrong = Vec::new();
    for (from, tos) in source.edges() {
        if from == "lib.rs" {
            continue;
        }
        let a = layer(from);
        for to in tos {
            if to == "lib.rs" {
                continue;
            }
            let b = layer(to);
            let apart = APART
                .iter()
                .any(|&(x, y)| (top(from), top(to)) == (x, y) || (top(from), top(to)) == (y, x));
            if b > a || apart {
                wrong.push(format!("{from} -> {to}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports pointing up:\n{}",
        wrong.join("\n")
    );
}

/// The front ends the binary holds: the library's public API leaves them
/// out.
const FRONT_ENDS: &[&str] = &["cli", "doors", "tui"];

#[test]
fn the_library_exports_no_front_end() {
    let source = Source::load();
    let lib = &source.files["lib.rs"];
    let modules: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';'))
        .collect();
    assert!(modules.contains(&"runner") && modules.contains(&"wire"));
    for front in FRONT_ENDS {
        assert!(!modules.contains(front), "lib.rs exports {front}");
        assert!(
            source.files["main.rs"].contains(&format!("mod {front};")),
            "main.rs holds {front}"
        );
    }
    assert!(lib.contains("#![forbid(unsafe_code)]"));
}

#[test]
fn no_two_files_import_each_other() {
    let source = Source::load();
    let edges = source.edges();
    let cycles = strongly_connected(&edges);
    let shown: Vec<String> = cycles.iter().map(|c| c.join(" -> ")).collect();
    assert!(shown.is_empty(), "file cycles:\n{}", shown.join("\n"));
}

#[test]
fn no_file_is_too_long() {
    let source = Source::load();
    let long: Vec<String> = source
        .files
        .iter()
        .filter(|(_, t)| t.lines().count() > MOST_LINES)
        .map(|(f, t)| format!("{f}: {} lines", t.lines().count()))
        .collect();
    assert!(
        long.is_empty(),
        "over {MOST_LINES} lines:\n{}",
        long.join("\n")
    );
}

/// The groups of two or more files that reach each other (Tarjan).
fn strongly_connected<'a>(edges: &BTreeMap<&'a String, BTreeSet<&'a String>>) -> Vec<Vec<&'a str>> {
    struct Walk<'a, 'e> {
        edges: &'e BTreeMap<&'a String, BTreeSet<&'a String>>,
        index: BTreeMap<&'a String, usize>,
        low: BTreeMap<&'a String, usize>,
        stack: Vec<&'a String>,
        on: BTreeSet<&'a String>,
        out: Vec<Vec<&'a str>>,
    }
    impl<'a> Walk<'a, '_> {
        fn visit(&mut self, v: &'a String) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on.insert(v);
            for &w in self.edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if self.on.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on.remove(w);
                    group.push(w.as_str());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.out.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for &v in edges.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn the_reader_sees_imports() {
    let code = code_of(
        "use crate::a::{b, c::{d as e}};\n// use crate::z;\nfn f() { crate::x::y(); }\n#[cfg(test)]\nmod tests {\n use crate::q;\n}\n",
    );
    let mut paths = Vec::new();
    for body in use_bodies(&code) {
        expand("", &body, &mut paths);
    }
    paths.extend(inline_paths(&code));
    assert_eq!(paths, ["crate::a::b", "crate::a::c::d", "crate::x::y"]);
    // The binary's files name the library by its crate name.
    let source = Source::load();
    let tui_app = &source.edges()[&"tui/app.rs".to_string()];
    assert!(tui_app.contains(&"store.rs".to_string()), "{tui_app:?}");
}
