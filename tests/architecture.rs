//! The architecture's rules, checked against the tree: ARCHITECTURE.md's code map and the
//! source files agree in both directions, and no crate has a module cycle.
//!
//! 1. **Every source file is on the map.** Every `.rs` file under a crate's `src/` is named in
//!    that crate's part of ARCHITECTURE.md — as its file name in backticks
//!    (`` `engine.rs` ``), as its path below `src/` (`` `engine/oscillation.rs` ``), or, for a
//!    folder module's `mod.rs`, as the folder (`` `engine/` ``). `lib.rs` is the crate itself.
//!    A crate's part is the `###` section headed by its folder; a plugin's is its bullet
//!    (`` - `game-2048/` ``) inside the `plugins/` section.
//! 2. **Every file the map names exists.** Each backticked path in a crate's part that ends in
//!    `.rs` or `/` (`` `dense.rs` ``, `` `state/` ``, `` `tests/wave.rs` ``) names a file or
//!    folder below the crate's `src/` (by name anywhere below it, or by its path below it; a
//!    file may also be one of the crate's benches, tests or examples), or a path from the
//!    crate's folder, its parent folder or the workspace root (`` `benches/frame.rs` ``,
//!    `` `circuits/lib/` ``). A runtime path that is no source path is written so that it
//!    does not end in `/` or `.rs` (`` `lib/*.ron` ``).
//! 3. **No module cycles.** In every crate, source files are nodes (a folder module's `mod.rs`
//!    is its own node), and file A depends on file B when A names an item defined in B, or the
//!    module B is: through `use` trees (grouped, `self`/`super`/`crate`-relative, `pub use`)
//!    and through paths in code (`crate::a::f()`, `super::x::Y`, `child::f()`). A path is
//!    walked from the crate root or the current module through the module files as far as
//!    they go; when the next name is one the module imports (`pub use x::Item`, or a plain
//!    `use`), the import is followed to the file that defines it, so a facade re-export does
//!    not put the facade on every path. A module's references to its own descendants are not
//!    edges: `mod child;`, its `pub use` of them (the facade) and its calls into them
//!    (`child::f()`) are the module's structure — a child is part of its parent, which may
//!    hold the child's types and call its functions while the child adds methods to the
//!    parent's central type (`impl Engine` in `engine/memory.rs`). Everything else is an
//!    edge: a child's `use super::…` to its parent or an ancestor, and every path between
//!    siblings and cousins, so a cycle is always between files none of which contains the
//!    others. A `use super::*` in another file depends on the parent's file. An inline
//!    `#[cfg(test)]` module is left out: like a test module in its own file (a node like any
//!    other), nothing refers to it, so its paths could never close a cycle. Comments and
//!    string literals are ignored. The strongly connected components of that graph must be
//!    single files; each one that is not is reported with its files and one cycle through
//!    it, each edge with the path text that made it. (Written for issue 37, the detector
//!    found the four circles of that issue in the tree as it was then: sim-core's 12-file
//!    core, the gui canvas views, `bench/{parse,scan}` and the CLI's `args` ↔ `analyze`.)

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------------------------
// Shared helpers: the tree and the map.
// ---------------------------------------------------------------------------------------------

/// The workspace root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `path` as text with `/` separators.
fn slashed(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Every `.rs` file below `dir`, recursively, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries =
            fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The `src/` folder of every crate in the workspace, as paths from the workspace root:
/// the libraries, the binary and each plugin.
fn crate_sources() -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = ["sim-core", "gui", "loader", "asm", "synth"]
        .iter()
        .map(|dir| Path::new(dir).join("src"))
        .chain([PathBuf::from("src")])
        .filter(|src| root().join(src).is_dir())
        .collect();
    let mut plugins: Vec<PathBuf> = fs::read_dir(root().join("plugins"))
        .expect("plugins/ lists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.join("src").is_dir())
        .map(|path| {
            path.strip_prefix(root())
                .expect("a plugin inside the workspace")
                .join("src")
        })
        .collect();
    plugins.sort();
    sources.extend(plugins);
    sources
}

/// The text of the `### ` section whose heading names `` `heading` ``, up to the next `### `
/// or `## ` heading.
fn section<'a>(map: &'a str, heading: &str) -> &'a str {
    let marker = format!("### `{heading}`");
    let start = map
        .find(&marker)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no section headed {marker}"));
    let rest = &map[start + marker.len()..];
    let end = rest
        .find("\n### ")
        .into_iter()
        .chain(rest.find("\n## "))
        .min()
        .unwrap_or(rest.len());
    &rest[..end]
}

/// A plugin's bullet in the `plugins/` section: from `` - `name/` `` to the next top-level
/// bullet (a line starting with `` - ` ``) or the next paragraph that is not indented under
/// the bullet (a blank line followed by a line that starts with neither a space nor `-`).
fn plugin_bullet<'a>(plugins: &'a str, name: &str) -> &'a str {
    let marker = format!("- `{name}/`");
    let start = plugins
        .find(&marker)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md's plugins/ section has no bullet {marker}"));
    let rest = &plugins[start + marker.len()..];
    let next_bullet = rest.find("\n- `");
    let next_paragraph = rest.match_indices("\n\n").map(|(at, _)| at).find(|&at| {
        rest[at + 2..]
            .chars()
            .next()
            .is_some_and(|c| c != ' ' && c != '-')
    });
    let end = next_bullet
        .into_iter()
        .chain(next_paragraph)
        .min()
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The crates whose modules the map must name: (the crate's `src/`, absolute, and its part of
/// the map).
fn crates(map: &str) -> Vec<(PathBuf, String)> {
    let plugins = section(map, "plugins/");
    crate_sources()
        .into_iter()
        .map(|src| {
            let folder = src.parent().expect("src/ has a parent");
            let part = if folder.as_os_str().is_empty() {
                section(map, "src/")
            } else if folder.starts_with("plugins") {
                let name = folder.file_name().expect("a plugin folder name");
                plugin_bullet(plugins, &name.to_string_lossy())
            } else {
                section(map, &format!("{}/", slashed(folder)))
            };
            (root().join(&src), part.to_owned())
        })
        .collect()
}

/// ARCHITECTURE.md's text.
fn read_map() -> String {
    fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md reads")
}

// ---------------------------------------------------------------------------------------------
// Rule 1: every source file is on the map.
// ---------------------------------------------------------------------------------------------

/// The names under which `file` (below `src`) may be mentioned, or `None` for `lib.rs`.
fn accepted_names(src: &Path, file: &Path) -> Option<Vec<String>> {
    let relative = file.strip_prefix(src).expect("a file below src");
    let relative_text = slashed(relative);
    let name = file.file_name()?.to_string_lossy().into_owned();
    match name.as_str() {
        "lib.rs" if relative.parent() == Some(Path::new("")) => None,
        "mod.rs" => {
            let folder = slashed(relative.parent()?);
            let last = folder.rsplit('/').next().unwrap_or(&folder).to_owned();
            Some(vec![format!("`{folder}/"), format!("`{last}/")])
        }
        _ => Some(vec![format!("`{name}`"), format!("`{relative_text}`")]),
    }
}

#[test]
fn architecture_names_every_source_module() {
    let map = read_map();
    let mut missing = Vec::new();
    let mut checked = 0;
    for (src, part) in crates(&map) {
        for file in rust_files(&src) {
            let Some(names) = accepted_names(&src, &file) else {
                continue;
            };
            checked += 1;
            if !names.iter().any(|name| part.contains(name.as_str())) {
                let relative = file.strip_prefix(root()).unwrap_or(&file);
                missing.push(format!("{} (as one of {names:?})", relative.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name these {} modules in their crate's part:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
    // The walk really ran over the tree (a broken walk must not pass vacuously).
    assert!(checked > 150, "only {checked} modules checked");
}

// ---------------------------------------------------------------------------------------------
// Rule 2: every file the map names exists.
// ---------------------------------------------------------------------------------------------

/// The backticked paths in `part` that name a file (`….rs`) or a folder (`…/`).
fn named_paths(part: &str) -> Vec<String> {
    part.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| {
            span.len() > 1
                && !span.starts_with('/')
                && (span.ends_with('/')
                    || Path::new(span)
                        .extension()
                        .is_some_and(|ext| ext.eq_ignore_ascii_case("rs")))
                && span
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'))
        })
        .map(str::to_owned)
        .collect()
}

/// The `.rs` files of the crate whose sources are `src`, each with the folder it is found
/// below: `src/` itself and the crate's `benches/`, `tests/` and `examples/`.
fn crate_files(src: &Path) -> Vec<(PathBuf, PathBuf)> {
    let crate_dir = src.parent().expect("src/ has a parent");
    let others = ["benches", "tests", "examples"].map(|dir| crate_dir.join(dir));
    [src.to_path_buf()]
        .into_iter()
        .chain(others)
        .filter(|base| base.is_dir())
        .flat_map(|base| {
            rust_files(&base)
                .into_iter()
                .map(move |file| (base.clone(), file))
        })
        .collect()
}

/// Whether the map's `name` (a file ending in `.rs` or a folder ending in `/`) exists for the
/// crate whose sources are `src`: a file by name or path below `src/` or the crate's
/// `benches/`, `tests/` or `examples/`; a folder by name or path below `src/`; either as a
/// path from the crate's folder, its parent or the workspace root.
fn map_name_exists(src: &Path, files: &[(PathBuf, PathBuf)], name: &str) -> bool {
    let folder = name.strip_suffix('/');
    let target = folder.unwrap_or(name);
    let found_below = files.iter().any(|(base, file)| {
        let relative = file.strip_prefix(base).expect("a file below its base");
        let candidates: Vec<String> = match folder {
            Some(_) if base == src => relative.ancestors().skip(1).map(slashed).collect(),
            Some(_) => Vec::new(),
            None => vec![slashed(relative)],
        };
        candidates
            .iter()
            .any(|path| path == target || path.ends_with(&format!("/{target}")))
    });
    let crate_dir = src.parent().expect("src/ has a parent");
    let bases = [Some(crate_dir), crate_dir.parent(), Some(root())];
    found_below
        || bases.into_iter().flatten().any(|base| {
            let path = base.join(target);
            if folder.is_some() {
                path.is_dir()
            } else {
                path.is_file()
            }
        })
}

#[test]
fn architecture_names_only_existing_files() {
    let map = read_map();
    let mut stale = Vec::new();
    let mut checked = 0;
    for (src, part) in crates(&map) {
        let files = crate_files(&src);
        for name in named_paths(&part) {
            checked += 1;
            if !map_name_exists(&src, &files, &name) {
                let relative = src.strip_prefix(root()).unwrap_or(&src);
                stale.push(format!("`{name}` in the part of {}", relative.display()));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md's code map names {} paths that do not exist:\n  {}",
        stale.len(),
        stale.join("\n  ")
    );
    assert!(checked > 150, "only {checked} named paths checked");
}

// ---------------------------------------------------------------------------------------------
// Rule 3: no module cycles. A tokenizer, a scan of each file's paths, module resolution, the
// graph and its strongly connected components.
// ---------------------------------------------------------------------------------------------

/// One token of Rust source, as far as paths need: comments, strings, characters, lifetimes
/// and numbers are dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// An identifier or keyword (raw identifiers without `r#`).
    Ident(String),
    /// `::`
    PathSep,
    /// `{`
    Open,
    /// `}`
    Close,
    /// `,`
    Comma,
    /// `;`
    Semi,
    /// `*`
    Star,
    /// Any other punctuation character.
    Punct(char),
}

/// Whether `c` may continue an identifier.
fn ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The index just past a string literal whose opening `"` is at `at`, with `hashes` `#`s for a
/// raw string (`None` for an ordinary string with escapes).
fn skip_string(chars: &[char], at: usize, hashes: Option<usize>) -> usize {
    let mut i = at + 1;
    while i < chars.len() {
        match (chars[i], hashes) {
            ('\\', None) => i += 2,
            ('"', None) => return i + 1,
            ('"', Some(n)) if chars[i + 1..].iter().take(n).filter(|&&c| c == '#').count() == n => {
                return i + 1 + n;
            }
            _ => i += 1,
        }
    }
    chars.len()
}

/// The index just past a comment starting at `at` (`//…` or a nested `/*…*/`).
fn skip_comment(chars: &[char], at: usize) -> usize {
    if chars[at + 1] == '/' {
        return chars[at..]
            .iter()
            .position(|&c| c == '\n')
            .map_or(chars.len(), |n| at + n);
    }
    let (mut i, mut depth) = (at + 2, 1);
    while i < chars.len() && depth > 0 {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    i
}

/// The index just past a `'` at `at`: a character literal (`'x'`, `'\n'`, `'\u{1F600}'`) or
/// a lifetime or label (`'a`).
fn skip_quote(chars: &[char], at: usize) -> usize {
    if chars.get(at + 1) == Some(&'\\') {
        let close = chars[at + 3..].iter().position(|&c| c == '\'');
        return close.map_or(chars.len(), |n| at + 3 + n + 1);
    }
    if chars.get(at + 2) == Some(&'\'') {
        return at + 3;
    }
    let mut i = at + 1;
    while i < chars.len() && ident_char(chars[i]) {
        i += 1;
    }
    i
}

/// The tokens of `source`, without comments, string and character literals, lifetimes and
/// numbers.
fn tokenize(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && matches!(next, Some('/' | '*')) {
            i = skip_comment(&chars, i);
        } else if c == '"' {
            i = skip_string(&chars, i, None);
        } else if c == '\'' {
            i = skip_quote(&chars, i);
        } else if c.is_ascii_digit() {
            while i < chars.len() && ident_char(chars[i]) {
                i += 1;
            }
        } else if ident_char(c) {
            let start = i;
            while i < chars.len() && ident_char(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let after = chars.get(i).copied();
            let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
            let byte_prefix = matches!(word.as_str(), "b" | "c" | "br" | "cr" | "r");
            if raw_prefix && after == Some('#') {
                let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
                if chars.get(i + hashes) == Some(&'"') {
                    i = skip_string(&chars, i + hashes, Some(hashes));
                } else {
                    // A raw identifier, `r#type`: the identifier follows.
                    i += 1;
                }
            } else if byte_prefix && after == Some('"') {
                let raw = word.contains('r');
                i = skip_string(&chars, i, raw.then_some(0));
            } else if word == "b" && after == Some('\'') {
                i = skip_quote(&chars, i);
            } else {
                tokens.push(Token::Ident(word));
            }
        } else {
            i += 1;
            tokens.push(match c {
                ':' if next == Some(':') => {
                    i += 1;
                    Token::PathSep
                }
                '{' => Token::Open,
                '}' => Token::Close,
                ',' => Token::Comma,
                ';' => Token::Semi,
                '*' => Token::Star,
                other => Token::Punct(other),
            });
        }
    }
    tokens
}

/// One name a `use` tree brings in (a leaf of the tree, flattened).
#[derive(Clone, Debug)]
struct Import {
    /// The inline modules (`mod tests { … }`) the `use` sits in, outermost first.
    scope: Vec<String>,
    /// Whether it sits in an inline `#[cfg(test)]` module.
    test: bool,
    /// Whether the `use` is an item of its module (not inside a function body).
    module_level: bool,
    /// Whether it is a `pub`/`pub(…)` use.
    public: bool,
    /// The path's segments; a path from `::` starts with the segment `::`.
    path: Vec<String>,
    /// A glob import (`path::*`).
    glob: bool,
    /// The name it binds (the last segment or the `as` name); `None` for a glob.
    name: Option<String>,
}

impl Import {
    /// The path as written, flattened (`crate::a::b::X`, `super::*`, `x::Y as Z`).
    fn text(&self) -> String {
        let mut text = self.path.join("::").replace("::::", "::");
        if self.glob {
            text.push_str("::*");
        } else if let Some(name) = &self.name
            && self.path.last() != Some(name)
        {
            text = format!("{text} as {name}");
        }
        text
    }
}

/// A path written in code (`crate::a::f`, `super::x::Y`, `child::g`).
#[derive(Clone, Debug)]
struct CodePath {
    /// The inline modules it sits in, outermost first.
    scope: Vec<String>,
    /// Whether it sits in an inline `#[cfg(test)]` module.
    test: bool,
    /// Its segments.
    path: Vec<String>,
}

/// What one file says about paths: its imports, its paths in code and the names it defines at
/// its top level.
#[derive(Clone, Debug, Default)]
struct Scan {
    /// Every leaf of every `use` tree.
    imports: Vec<Import>,
    /// Every path with `::` in code outside `use` trees.
    paths: Vec<CodePath>,
    /// The items defined at the file's top level (functions, types, traits, constants,
    /// statics, inline modules, macros).
    defined: BTreeSet<String>,
}

/// Whether `token` is the identifier `word`.
fn is_word(token: Option<&Token>, word: &str) -> bool {
    matches!(token, Some(Token::Ident(w)) if w == word)
}

/// Reads a `use` tree starting at `tokens[*at]`, pushing its leaves (each with `prefix`
/// before its own segments) onto `leaves` as (path, glob, bound name).
fn use_tree(
    tokens: &[Token],
    at: &mut usize,
    prefix: &[String],
    leaves: &mut Vec<(Vec<String>, bool, Option<String>)>,
) {
    let mut path = prefix.to_vec();
    if tokens.get(*at) == Some(&Token::PathSep) {
        *at += 1;
        if path.is_empty() {
            path.push("::".to_owned());
        }
    }
    loop {
        match tokens.get(*at) {
            Some(Token::Ident(segment)) => {
                path.push(segment.clone());
                *at += 1;
                if tokens.get(*at) == Some(&Token::PathSep) {
                    *at += 1;
                    continue;
                }
                if path.len() > 1 && path.last().is_some_and(|s| s == "self") {
                    path.pop();
                }
                let mut name = path.last().cloned();
                if is_word(tokens.get(*at), "as")
                    && let Some(Token::Ident(alias)) = tokens.get(*at + 1)
                {
                    name = Some(alias.clone());
                    *at += 2;
                }
                leaves.push((path, false, name));
                return;
            }
            Some(Token::Star) => {
                *at += 1;
                leaves.push((path, true, None));
                return;
            }
            Some(Token::Open) => {
                *at += 1;
                while let Some(token) = tokens.get(*at) {
                    match token {
                        Token::Close => {
                            *at += 1;
                            return;
                        }
                        Token::Comma => *at += 1,
                        _ => {
                            let before = *at;
                            use_tree(tokens, at, &path, leaves);
                            if *at == before {
                                *at += 1;
                            }
                        }
                    }
                }
                return;
            }
            _ => return,
        }
    }
}

/// Whether the `use` at `tokens[at]` is public: preceded by `pub` or `pub(…)`.
fn is_public(tokens: &[Token], at: usize) -> bool {
    match at.checked_sub(1).map(|i| &tokens[i]) {
        Some(Token::Ident(word)) => word == "pub",
        Some(Token::Punct(')')) => {
            let open = tokens[..at].iter().rposition(|t| *t == Token::Punct('('));
            open.is_some_and(|open| open > 0 && is_word(tokens.get(open - 1), "pub"))
        }
        _ => false,
    }
}

/// Whether the item whose keyword is at `tokens[at]` carries a `#[cfg(test)]` attribute
/// (or a `cfg` that needs `test`, such as `#[cfg(all(test, feature = "x"))]`).
fn under_cfg_test(tokens: &[Token], at: usize) -> bool {
    let mut end = at;
    // Skip the visibility: `pub`, `pub(crate)`, `pub(in path)`.
    if end > 0 && tokens[end - 1] == Token::Punct(')') {
        let open = tokens[..end].iter().rposition(|t| *t == Token::Punct('('));
        if let Some(open) = open.filter(|&open| open > 0 && is_word(tokens.get(open - 1), "pub")) {
            end = open - 1;
        }
    }
    if end > 0 && is_word(tokens.get(end - 1), "pub") {
        end -= 1;
    }
    while end > 0 && tokens[end - 1] == Token::Punct(']') {
        let Some(open) = tokens[..end].iter().rposition(|t| *t == Token::Punct('[')) else {
            return false;
        };
        let attribute = &tokens[open + 1..end - 1];
        let names = |word: &str| attribute.iter().any(|t| is_word(Some(t), word));
        if is_word(attribute.first(), "cfg") && names("test") && !names("not") {
            return true;
        }
        if open == 0 || tokens[open - 1] != Token::Punct('#') {
            return false;
        }
        end = open - 1;
    }
    false
}

/// Keywords that introduce an item whose name follows (possibly after more keywords).
const ITEM_KEYWORDS: &[&str] = &[
    "fn", "struct", "enum", "trait", "type", "union", "static", "const", "mod",
];

/// Keywords that may stand between an item keyword and the item's name.
const NAME_SKIP: &[&str] = &["fn", "unsafe", "async", "extern", "mut"];

/// The path (`a::b::c`) whose first identifier is at `tokens[at]`, and the index past it.
fn path_at(tokens: &[Token], at: usize) -> (Vec<String>, usize) {
    let mut path = Vec::new();
    if let Some(Token::Ident(first)) = tokens.get(at) {
        path.push(first.clone());
    }
    let mut end = at + 1;
    while tokens.get(end) == Some(&Token::PathSep) {
        let Some(Token::Ident(segment)) = tokens.get(end + 1) else {
            break;
        };
        path.push(segment.clone());
        end += 2;
    }
    (path, end)
}

/// Scans one file's tokens.
fn scan(source: &str) -> Scan {
    let tokens = tokenize(source);
    let mut result = Scan::default();
    let mut depth = 0usize;
    // The inline modules open here: (name, brace depth inside it, a `#[cfg(test)]` module).
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut pending_module: Option<(String, bool)> = None;
    let mut i = 0;
    while i < tokens.len() {
        let scope: Vec<String> = inline.iter().map(|(name, ..)| name.clone()).collect();
        let test = inline.iter().any(|&(_, _, test)| test);
        let module_depth = inline.last().map_or(0, |&(_, d, _)| d);
        match &tokens[i] {
            Token::Open => {
                depth += 1;
                if let Some((name, test)) = pending_module.take() {
                    inline.push((name, depth, test));
                }
                i += 1;
            }
            Token::Close => {
                if inline.last().is_some_and(|&(_, d, _)| d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Token::Ident(word) if word == "use" => {
                if !matches!(
                    tokens.get(i + 1),
                    Some(Token::Ident(_) | Token::PathSep | Token::Open | Token::Star)
                ) {
                    i += 1;
                    continue;
                }
                let public = is_public(&tokens, i);
                let mut leaves = Vec::new();
                let mut at = i + 1;
                use_tree(&tokens, &mut at, &[], &mut leaves);
                for (path, glob, name) in leaves {
                    result.imports.push(Import {
                        scope: scope.clone(),
                        test,
                        module_level: depth == module_depth,
                        public,
                        path,
                        glob,
                        name,
                    });
                }
                i = at.max(i + 1);
            }
            Token::Ident(word) if ITEM_KEYWORDS.contains(&word.as_str()) => {
                let mut at = i + 1;
                while matches!(tokens.get(at), Some(Token::Ident(w)) if NAME_SKIP.contains(&w.as_str()))
                {
                    at += 1;
                }
                if let Some(Token::Ident(name)) = tokens.get(at) {
                    if depth == 0 {
                        result.defined.insert(name.clone());
                    }
                    if word == "mod" && tokens.get(at + 1) == Some(&Token::Open) {
                        pending_module = Some((name.clone(), under_cfg_test(&tokens, i)));
                    }
                    i = at + 1;
                } else {
                    i += 1;
                }
            }
            Token::Ident(word) if word == "macro_rules" => {
                if let (Some(Token::Punct('!')), Some(Token::Ident(name))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                    && depth == 0
                {
                    result.defined.insert(name.clone());
                }
                i += 1;
            }
            Token::Ident(_) => {
                let (path, end) = path_at(&tokens, i);
                if path.len() > 1 && (i == 0 || tokens[i - 1] != Token::PathSep) {
                    result.paths.push(CodePath {
                        scope: scope.clone(),
                        test,
                        path,
                    });
                }
                i = end;
            }
            _ => i += 1,
        }
    }
    result
}

/// One crate's files, scanned, with its module tree.
struct Crate {
    /// The crate's `src/`, as written in node names (a path from the workspace root).
    src: PathBuf,
    /// Each file's module path (`[]` for the crate root).
    module_of: BTreeMap<PathBuf, Vec<String>>,
    /// The file of each module path.
    file_of: BTreeMap<Vec<String>, PathBuf>,
    /// Each file's scan.
    scans: BTreeMap<PathBuf, Scan>,
}

/// Where a path led: the module file the walk through module files ended at, and the file
/// that defines what it names (after following imports).
#[derive(Clone, Debug)]
struct Resolved {
    /// The deepest module file the path's segments reach.
    walked: PathBuf,
    /// The file that defines the item (or is the module) the path names.
    target: PathBuf,
}

/// How many imports a path is followed through before giving up (cycles of re-exports).
const REEXPORT_DEPTH: usize = 8;

impl Crate {
    /// The crate of `files` (paths relative to `src`, with their text).
    fn new(src: &Path, files: &BTreeMap<PathBuf, String>) -> Self {
        let root_file = ["lib.rs", "main.rs"]
            .into_iter()
            .map(PathBuf::from)
            .find(|file| files.contains_key(file))
            .unwrap_or_else(|| panic!("{} has no lib.rs or main.rs", src.display()));
        let mut module_of = BTreeMap::new();
        for file in files.keys() {
            let mut module: Vec<String> = file
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if *file == root_file {
                module.clear();
            } else if module.last().is_some_and(|last| last == "mod") {
                module.pop();
            }
            module_of.insert(file.clone(), module);
        }
        let file_of = module_of
            .iter()
            .map(|(file, module)| (module.clone(), file.clone()))
            .collect();
        let scans = files
            .iter()
            .map(|(file, text)| (file.clone(), scan(text)))
            .collect();
        Crate {
            src: src.to_path_buf(),
            module_of,
            file_of,
            scans,
        }
    }

    /// Whether `module` is a module with its own file.
    fn has_file(&self, module: &[String]) -> bool {
        self.file_of.contains_key(module)
    }

    /// Resolves `path`, written in the module `context` (a file's module path followed by
    /// inline modules), to the files it leads to; `None` for a path outside the crate.
    fn resolve(&self, context: &[String], path: &[String], depth: usize) -> Option<Resolved> {
        let (first, mut rest) = path.split_first()?;
        let child: Vec<String> = context.iter().chain([first]).cloned().collect();
        let mut full: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => context.to_vec(),
            "super" => context[..context.len().checked_sub(1)?].to_vec(),
            _ if self.has_file(&child) => child,
            _ => return None,
        };
        if matches!(first.as_str(), "self" | "super") {
            while rest.first().is_some_and(|s| s == "super") {
                full.pop()?;
                rest = &rest[1..];
            }
        }
        full.extend(rest.iter().cloned());
        let mut reached = 0;
        while reached < full.len() && self.has_file(&full[..=reached]) {
            reached += 1;
        }
        let walked = self.file_of[&full[..reached]].clone();
        let remaining = &full[reached..];
        let target = match remaining.first() {
            Some(name) if depth < REEXPORT_DEPTH => self
                .follow_import(&walked, name, &remaining[1..], depth)
                .unwrap_or_else(|| walked.clone()),
            _ => walked.clone(),
        };
        Some(Resolved { walked, target })
    }

    /// The file that defines `name` (followed by `tail`), as found in the module file `file`:
    /// `None` when the file defines it itself or does not import it.
    fn follow_import(
        &self,
        file: &PathBuf,
        name: &str,
        tail: &[String],
        depth: usize,
    ) -> Option<PathBuf> {
        let scan = &self.scans[file];
        if scan.defined.contains(name) {
            return None;
        }
        let context = &self.module_of[file];
        let file_imports = scan
            .imports
            .iter()
            .filter(|import| import.scope.is_empty() && import.module_level);
        let named = file_imports
            .clone()
            .find(|import| import.name.as_deref() == Some(name));
        if let Some(import) = named {
            let path = [&import.path[..], tail].concat();
            return self
                .resolve(context, &path, depth + 1)
                .map(|resolved| resolved.target);
        }
        for import in file_imports.filter(|import| import.glob) {
            let Some(module) = self.resolve(context, &import.path, depth + 1) else {
                continue;
            };
            let source = &self.scans[&module.target];
            let offers = source.defined.contains(name)
                || source
                    .imports
                    .iter()
                    .any(|i| i.scope.is_empty() && i.name.as_deref() == Some(name));
            if offers {
                let path = [&import.path[..], &[name.to_owned()], tail].concat();
                return self
                    .resolve(context, &path, depth + 1)
                    .map(|resolved| resolved.target);
            }
        }
        None
    }

    /// Whether module file `inner` is a strict descendant of module file `outer`.
    fn is_descendant(&self, inner: &PathBuf, outer: &PathBuf) -> bool {
        let (inner, outer) = (&self.module_of[inner], &self.module_of[outer]);
        inner.len() > outer.len() && inner.starts_with(outer)
    }

    /// The node name of `file` (its path from the workspace root).
    fn node(&self, file: &Path) -> String {
        slashed(&self.src.join(file))
    }

    /// The crate's dependency edges: (from, to) → the first path text that made the edge.
    fn edges(&self) -> Graph {
        let mut graph = Graph::new();
        for (file, scan) in &self.scans {
            let module = &self.module_of[file];
            let from = self.node(file);
            graph.entry(from.clone()).or_default();
            let mut add = |resolved: Resolved, text: String| {
                // A module naming its own descendants is structure, not a dependency: the
                // child is part of it (see rule 3 in the file's head).
                if resolved.target != *file && !self.is_descendant(&resolved.target, file) {
                    graph
                        .entry(from.clone())
                        .or_default()
                        .entry(self.node(&resolved.target))
                        .or_insert(text);
                }
            };
            for import in scan.imports.iter().filter(|import| !import.test) {
                let context = [&module[..], &import.scope[..]].concat();
                let Some(resolved) = self.resolve(&context, &import.path, 0) else {
                    continue;
                };
                if import.public && self.is_descendant(&resolved.walked, file) {
                    // The facade: a module re-exporting its own descendants.
                    continue;
                }
                add(resolved, import.text());
            }
            for code in scan.paths.iter().filter(|code| !code.test) {
                let context = [&module[..], &code.scope[..]].concat();
                let resolved = self.resolve(&context, &code.path, 0).or_else(|| {
                    // A name this file imports, used as a path's first segment.
                    let (first, tail) = code.path.split_first()?;
                    let import = scan
                        .imports
                        .iter()
                        .find(|import| import.name.as_deref() == Some(first.as_str()))?;
                    let context = [&module[..], &import.scope[..]].concat();
                    self.resolve(&context, &[&import.path[..], tail].concat(), 0)
                });
                if let Some(resolved) = resolved {
                    add(resolved, code.path.join("::"));
                }
            }
        }
        graph
    }
}

/// A dependency graph: each node's successors, each with the path text of the edge.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The dependency graph of the crate whose sources are `files` (paths relative to `src`).
fn crate_graph(src: &Path, files: &BTreeMap<PathBuf, String>) -> Graph {
    Crate::new(src, files).edges()
}

/// Tarjan's strongly connected components of `graph` with more than one node, each sorted.
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    /// Tarjan's state.
    struct Tarjan<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        components: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, node: &'a str) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            self.on_stack.insert(node);
            let graph = self.graph;
            for next in graph.get(node).into_iter().flat_map(BTreeMap::keys) {
                if !self.index.contains_key(next.as_str()) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next.as_str()]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next.as_str()) {
                    let low = self.low[node].min(self.index[next.as_str()]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    component.push(member.to_owned());
                    if member == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.components.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for node in graph.keys() {
        if !tarjan.index.contains_key(node.as_str()) {
            tarjan.visit(node);
        }
    }
    tarjan.components.sort();
    tarjan.components
}

/// One shortest cycle through the first file of `component`, each edge on its own line with
/// the path text that made it.
fn cycle_path(graph: &Graph, component: &[String]) -> String {
    let members: BTreeSet<&str> = component.iter().map(String::as_str).collect();
    let start = component[0].as_str();
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    let mut last = None;
    while let Some(node) = queue.pop_front() {
        for next in graph[node].keys() {
            let next = next.as_str();
            if next == start {
                last = Some(node);
                queue.clear();
                break;
            }
            if members.contains(next) && !came_from.contains_key(next) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    let mut nodes = vec![start];
    let mut node = last.expect("a component has a cycle through each member");
    while node != start {
        nodes.push(node);
        node = came_from[node];
    }
    nodes.push(start);
    nodes.reverse();
    nodes
        .windows(2)
        .map(|pair| format!("{} → {} ({})", pair[0], pair[1], graph[pair[0]][pair[1]]))
        .collect::<Vec<_>>()
        .join("\n    ")
}

/// A component reported: its files and a cycle through it.
fn describe(graph: &Graph, component: &[String]) -> String {
    format!(
        "{} files: {}\n  cycle:\n    {}",
        component.len(),
        component.join(", "),
        cycle_path(graph, component)
    )
}

/// The whole workspace's dependency graph, read from disk.
fn workspace_graph() -> Graph {
    let mut graph = Graph::new();
    for src in crate_sources() {
        let absolute = root().join(&src);
        let files: BTreeMap<PathBuf, String> = rust_files(&absolute)
            .into_iter()
            .map(|file| {
                let text = fs::read_to_string(&file)
                    .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
                let relative = file.strip_prefix(&absolute).expect("a file below src");
                (relative.to_path_buf(), text)
            })
            .collect();
        graph.extend(crate_graph(&src, &files));
    }
    graph
}

#[test]
fn no_module_cycles() {
    let graph = workspace_graph();
    let edges: usize = graph.values().map(BTreeMap::len).sum();
    assert!(
        graph.len() > 200 && edges > 400,
        "only {} files and {edges} edges read",
        graph.len()
    );
    let found = cycles(&graph);
    let described: Vec<String> = found
        .iter()
        .map(|component| describe(&graph, component))
        .collect();
    assert!(
        found.is_empty(),
        "{} module cycles (move what both files need into a file below them):\n  {}",
        found.len(),
        described.join("\n  ")
    );
}

/// An in-memory crate `demo/src` of `files` (path below `src`, text).
fn demo(files: &[(&str, &str)]) -> (Graph, Vec<Vec<String>>) {
    let files: BTreeMap<PathBuf, String> = files
        .iter()
        .map(|&(path, text)| (PathBuf::from(path), text.to_owned()))
        .collect();
    let graph = crate_graph(Path::new("demo/src"), &files);
    let found = cycles(&graph);
    (graph, found)
}

/// `names` as `demo/src/…` node names, sorted.
fn nodes(names: &[&str]) -> Vec<String> {
    let mut nodes: Vec<String> = names.iter().map(|n| format!("demo/src/{n}")).collect();
    nodes.sort();
    nodes
}

#[test]
fn planted_cycles_are_found() {
    let (graph, found) = demo(&[
        (
            "lib.rs",
            "//! A facade.\nmod a;\nmod b;\nmod c;\nmod d;\nmod e;\n\
             pub use a::A;\npub use b::{B, Bee as Bumble};\npub use c::C;\n",
        ),
        // a ↔ b through a grouped `use` and an inline `crate::` path through the facade.
        (
            "a.rs",
            "use crate::{b::{self, B}, c::C};\n/// A.\npub struct A;\n\
             // use crate::e::E; (a comment)\nconst S: &str = \"crate::e::E\";\n",
        ),
        (
            "b.rs",
            "/// B.\npub struct B;\npub struct Bee;\n\
             fn f() -> usize { crate::Bumble::size() + crate::A::size() }\n",
        ),
        // c → d → e → c: `super::`, a path in code, a `self::` path.
        ("c.rs", "use super::d::D;\n/// C.\npub struct C(D);\n"),
        (
            "d.rs",
            "/// D.\npub struct D;\nfn g() { let _ = crate::e::E::new(); }\n",
        ),
        (
            "e.rs",
            "/// E.\npub struct E;\nuse self::super::c as see;\nfn h(_: see::C) {}\n",
        ),
    ]);
    assert_eq!(
        found,
        vec![nodes(&["a.rs", "b.rs"]), nodes(&["c.rs", "d.rs", "e.rs"])]
    );
    assert_eq!(graph["demo/src/a.rs"]["demo/src/b.rs"], "crate::b");
    assert_eq!(graph["demo/src/b.rs"]["demo/src/a.rs"], "crate::A::size");
    assert_eq!(graph["demo/src/c.rs"]["demo/src/d.rs"], "super::d::D");
    assert_eq!(graph["demo/src/d.rs"]["demo/src/e.rs"], "crate::e::E::new");
    assert_eq!(
        graph["demo/src/e.rs"]["demo/src/c.rs"],
        "self::super::c as see"
    );
    // Nothing went through the facade, and the comment and the string made no edge.
    assert!(
        graph["demo/src/a.rs"]
            .keys()
            .all(|to| to != "demo/src/lib.rs")
    );
    assert!(!graph["demo/src/a.rs"].contains_key("demo/src/e.rs"));
    let report = describe(&graph, &found[1]);
    assert!(
        report.contains("demo/src/c.rs → demo/src/d.rs (super::d::D)"),
        "{report}"
    );
}

#[test]
fn facades_and_test_modules_make_no_cycle() {
    let (graph, found) = demo(&[
        ("lib.rs", "mod engine;\npub use engine::Engine;\n"),
        (
            "engine/mod.rs",
            "mod core;\nmod queue;\npub use self::core::{Engine, Event as Ev};\n\
             pub use queue::*;\n/// Y.\npub struct Y;\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    use super::core::Engine as Core;\n}\n",
        ),
        (
            "engine/core.rs",
            "use super::{Queue, Y};\nuse crate::Engine as E;\n/// Engine.\npub struct Engine;\n\
             pub struct Event;\nfn f(_: super::Ev) {}\n",
        ),
        ("engine/queue.rs", "/// Queue.\npub struct Queue;\n"),
    ]);
    assert!(found.is_empty(), "{found:?}");
    // The facade's re-exports are followed: core.rs depends on queue.rs and mod.rs (for Y).
    let core = &graph["demo/src/engine/core.rs"];
    assert!(core.contains_key("demo/src/engine/queue.rs"), "{core:?}");
    assert!(core.contains_key("demo/src/engine/mod.rs"), "{core:?}");
    assert!(graph["demo/src/engine/mod.rs"].is_empty());
    assert!(graph["demo/src/lib.rs"].is_empty());
    // The module calling its child in code while the child uses the module is structure,
    // not a cycle (the child is part of the module) ...
    let (graph, found) = demo(&[
        ("lib.rs", "mod engine;\n"),
        (
            "engine/mod.rs",
            "mod core;\npub use core::Engine;\n/// Y.\npub struct Y;\nfn run() { core::start(); }\n",
        ),
        (
            "engine/core.rs",
            "use super::Y;\n/// Engine.\npub struct Engine;\npub fn start() {}\n",
        ),
    ]);
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(
        graph["demo/src/engine/core.rs"]["demo/src/engine/mod.rs"],
        "super::Y"
    );
    assert!(graph["demo/src/engine/mod.rs"].is_empty());
    // ... but two children using each other are a cycle, though their parent holds both.
    let (_, found) = demo(&[
        ("lib.rs", "mod engine;\n"),
        (
            "engine/mod.rs",
            "mod core;\nmod queue;\nfn run() { core::start(); }\n",
        ),
        (
            "engine/core.rs",
            "use super::queue::Queue;\n/// Engine.\npub struct Engine;\npub fn start() {}\n",
        ),
        (
            "engine/queue.rs",
            "/// Queue.\npub struct Queue(super::core::Engine);\n",
        ),
    ]);
    assert_eq!(found, vec![nodes(&["engine/core.rs", "engine/queue.rs"])]);
}

#[test]
fn a_glob_from_a_separate_file_depends_on_the_parent() {
    let (graph, found) = demo(&[
        ("lib.rs", "mod a;\n"),
        (
            "a.rs",
            "#[cfg(test)]\nmod tests;\n/// X.\npub fn x() { tests::helper(); }\n",
        ),
        ("a/tests.rs", "use super::*;\npub fn helper() {}\n"),
    ]);
    assert_eq!(graph["demo/src/a/tests.rs"]["demo/src/a.rs"], "super::*");
    // a.rs calling its child is structure: no cycle.
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn the_tokenizer_drops_comments_strings_and_lifetimes() {
    let tokens = tokenize(
        "/* a /* nested */ crate::x */ let s = r#\"crate::y \"# ; 'a: loop {} \
         let c = '\\''; let d = b'x'; f::<'_>(\"\\\"crate::z\"); r#type::w",
    );
    let idents: Vec<&str> = tokens
        .iter()
        .filter_map(|t| match t {
            Token::Ident(w) => Some(w.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        idents,
        ["let", "s", "loop", "let", "c", "let", "d", "f", "type", "w"]
    );
}
