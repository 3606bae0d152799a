//! The runtime's module graph, read from the source of `mcp-tools`: its modules form
//! no cycle, and every import points down a table of floors, never through the crate root.
//! One-way imports keep the runtime readable: a module can be read knowing only what is
//! below it.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt::Write as _;
use std::path::Path;

use syn::buffer::{Cursor, TokenBuffer};
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Attribute, Ident, ImplItem, Item, Meta, Token, TraitItem, UseTree};

/// The runtime crate's sources, beside this package.
const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../mcp-tools-runtime/src");

/// The floor of each top-level module of the runtime. A module imports from its own floor and
/// the floors below it, never from a higher one; the crate root (lib.rs) is the facade above
/// them all, and no module imports through it.
const FLOORS: &[(&str, u8)] = &[
    // 8: helpers for a server's own tests (feature `testing`): may use anything.
    ("testing", 8),
    // 7: serving a registry: stdio, Streamable HTTP, OAuth.
    ("transport", 7),
    // 6: the MCP handler and the server that composes the registry with the rest.
    ("server", 6),
    ("handler", 6),
    // 5: one `tools/call`, top to bottom; what a caller sees of the catalog; the report of
    // what the catalog costs a model.
    ("call", 5),
    // 5: one `prompts/get`, `resources/read`, completion or subscription.
    ("items", 5),
    ("visible", 5),
    ("catalog", 5),
    // 4: the registry: every tool of a server, checked once.
    ("registry", 4),
    // 3: what one tool is; the design rules on what tools are listed.
    ("definition", 3),
    // 3: what `catalog![...]` lists: tools, prompts and resources, checked together.
    ("listing", 3),
    ("task", 3),
    ("lint", 3),
    // 2: what shapes an answer: budgets, pages, plans, discovery; fixed resources and prompts.
    ("optimizer", 2),
    ("page", 2),
    ("plan", 2),
    ("handle", 2),
    ("discovery", 2),
    ("extras", 2),
    // 2: prompts and resources as `#[prompt]` and `#[resource]` define them, and completions.
    ("prompt", 2),
    ("resource", 2),
    ("complete", 2),
    // 1: what a call carries in and out: arguments, context, outputs, schemas, validation.
    ("arg", 1),
    ("fields", 1),
    ("output", 1),
    ("context", 1),
    ("validate", 1),
    ("schema", 1),
    // 1: what prompts and resources share with tools: arguments, icons, errors, collisions.
    ("item", 1),
    // 0: plain building blocks that know nothing of tools, and the macro contract's name check.
    ("collision", 0),
    ("counter", 0),
    ("meta", 0),
    ("error", 0),
    ("limits", 0),
    ("seal", 0),
    ("store", 0),
    ("tokens", 0),
    ("wire", 0),
    ("view", 0),
];

#[test]
fn module_graph_has_no_cycle() {
    let graph = Graph::read(Path::new(SRC));
    let report = cycle_report(&graph);
    assert!(report.is_empty(), "{report}");
}

#[test]
fn imports_only_point_down() {
    let graph = Graph::read(Path::new(SRC));
    let report = floor_report(&graph);
    assert!(report.is_empty(), "{report}");
}

/// The cycle finder itself, on graphs small enough to check by eye.
#[test]
fn cycle_finder_finds_exactly_the_cycles() {
    let cyclic = vec![vec![1], vec![2], vec![0]];
    let acyclic = vec![vec![1, 2], vec![2], vec![]];
    let big = |adj: &[Vec<usize>]| -> Vec<Vec<usize>> {
        let mut found: Vec<Vec<usize>> = strongly_connected(adj)
            .into_iter()
            .filter(|c| c.len() > 1)
            .collect();
        for component in &mut found {
            component.sort_unstable();
        }
        found
    };
    assert_eq!(big(&cyclic), vec![vec![0, 1, 2]]);
    assert!(
        big(&acyclic).is_empty(),
        "a graph without a cycle has none: {:?}",
        big(&acyclic)
    );
    assert_eq!(cycles_in(&[2, 0, 1], &cyclic), vec![vec![0, 1, 2]]);
}

/// Line numbers come from the marks `mark_lines` writes (see there): they must name the line
/// of the path, and comments and literals must not be mistaken for code.
#[test]
fn mentions_carry_their_lines() {
    let source = "use super::*;\n\
                  /// a `crate::doc::Path`\n\
                  fn f() -> u8 {\n    \
                      let (_c, _s, _b) = ('x', r#\"crate::raw::X\"#, b'\\'');\n    \
                      crate::a::B::<'static>::new(1u8) /* crate::c::D */\n\
                  }\n\
                  #[cfg(test)]\n\
                  fn g() { crate::t::T; }\n";
    let ast = syn::parse_file(&mark_lines(source)).expect("the marked source parses");
    let mut collector = Collector::default();
    collector.visit_file(&ast);
    let found: Vec<(String, usize)> = collector
        .mentions
        .iter()
        .filter(|m| ["crate", "super"].contains(&m.segments[0].as_str()))
        .map(|m| (m.text.clone(), m.line))
        .collect();
    assert_eq!(
        found,
        [
            ("use super::*".to_owned(), 1),
            ("crate::a::B::new".to_owned(), 5)
        ]
    );
}

// ---- Reading the sources ----

/// A module's path from the crate root: `call::route` is `["call", "route"]`, the root `[]`.
type ModPath = Vec<String>;

/// One file module (a node of the graph), parsed.
struct Source {
    path: ModPath,
    /// Relative to `src/`, as a developer opens it: `call/route.rs`.
    file: String,
    ast: syn::File,
}

/// The modules of the runtime, found by following `mod` declarations from lib.rs.
struct Modules {
    sources: Vec<Source>,
    /// Inline `mod x { .. }` blocks: modules, but part of their file's node.
    inline: BTreeSet<ModPath>,
}

impl Modules {
    fn read(src: &Path) -> Self {
        let mut modules = Self {
            sources: Vec::new(),
            inline: BTreeSet::new(),
        };
        modules.load(src, "lib.rs".to_owned(), Vec::new());
        modules
    }

    fn exists(&self, path: &[String]) -> bool {
        self.inline.contains(path) || self.sources.iter().any(|s| s.path == path)
    }

    fn load(&mut self, src: &Path, file: String, path: ModPath) {
        let text = std::fs::read_to_string(src.join(&file))
            .unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
        let ast = syn::parse_file(&mark_lines(&text))
            .unwrap_or_else(|e| panic!("cannot parse {file} (after marking lines): {e}"));
        let mut children = Vec::new();
        self.declared(src, &ast.items, &children_dir(&file), &path, &mut children);
        self.sources.push(Source { path, file, ast });
        for (child_path, child_file) in children {
            self.load(src, child_file, child_path);
        }
    }

    /// The file modules `items` declare (`mod x;`) as (path, file). A module only tests
    /// compile is left out with everything below it; inline blocks are walked for the
    /// declarations inside them.
    fn declared(
        &mut self,
        src: &Path,
        items: &[Item],
        dir: &str,
        path: &[String],
        out: &mut Vec<(ModPath, String)>,
    ) {
        for item in items {
            let Item::Mod(decl) = item else { continue };
            if is_test_only(&decl.attrs) {
                continue;
            }
            let name = name_and_line(&decl.ident).0;
            let child = child_path(path, &name);
            match &decl.content {
                Some((_, inner)) => {
                    self.inline.insert(child.clone());
                    self.declared(src, inner, &format!("{dir}{name}/"), &child, out);
                }
                None => {
                    let file = [format!("{dir}{name}.rs"), format!("{dir}{name}/mod.rs")]
                        .into_iter()
                        .find(|f| src.join(f).is_file())
                        .unwrap_or_else(|| panic!("no file for `mod {name};` in {dir}"));
                    out.push((child, file));
                }
            }
        }
    }
}

/// Where the files of a file's child modules are: beside lib.rs and mod.rs, in a folder
/// named after any other file.
fn children_dir(file: &str) -> String {
    match file
        .strip_suffix("lib.rs")
        .or_else(|| file.strip_suffix("mod.rs"))
    {
        Some(dir) if dir.is_empty() || dir.ends_with('/') => dir.to_owned(),
        _ => format!("{}/", file.trim_end_matches(".rs")),
    }
}

fn child_path(path: &[String], name: &str) -> ModPath {
    let mut child = path.to_vec();
    child.push(name.to_owned());
    child
}

fn joined(head: &[String], tail: &[String]) -> ModPath {
    [head, tail].concat()
}

/// What `mark_lines` appends to an identifier, before its line number.
const LINE_MARK: &str = "__line";

/// Idents `mark_lines` leaves as they are: keywords (a marked one would no longer parse as
/// one) and the contextual words syn reads by their spelling.
const KEYWORDS: &str = "_ abstract as async auto await become box break builtin const continue \
    crate default do dyn else enum extern false final fn for gen if impl in let loop macro \
    macro_rules match mod move mut override priv pub raw ref return safe Self self static struct \
    super trait true try type typeof union unsafe unsized use virtual where while yield";

/// The source with every identifier renamed `name__line{N}`, N its line. This package's build
/// of proc-macro2 has no `span-locations`, so a parsed token does not know its line; the
/// rename carries it through parsing, and `name_and_line` takes it back off. Keywords keep
/// their spelling, except `crate`, `self` and `super` before `::`, where any identifier
/// parses, so that `use super::*;` has a line too. Comments, strings and chars are copied as
/// they are.
fn mark_lines(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len() * 2);
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        let mut mark = false;
        i = match (chars[i], chars.get(i + 1).copied()) {
            ('/', Some('/')) => line_comment_end(&chars, i),
            ('/', Some('*')) => block_comment_end(&chars, i),
            ('"', _) => string_end(&chars, i),
            ('\'', _) => char_or_lifetime_end(&chars, i),
            (c, _) if c.is_ascii_digit() => word_end(&chars, i),
            (c, _) if c.is_alphabetic() || c == '_' => {
                let (end, is_ident) = word_or_literal_end(&chars, i);
                let word: String = chars[start..end].iter().collect();
                mark = is_ident && should_mark(&word, &chars[end..]);
                end
            }
            _ => i + 1,
        };
        out.extend(&chars[start..i]);
        if mark {
            write!(out, "{LINE_MARK}{line}").expect("writing to a String cannot fail");
        }
        line += chars[start..i].iter().filter(|c| **c == '\n').count();
    }
    out
}

fn should_mark(word: &str, after: &[char]) -> bool {
    match word.trim_start_matches("r#") {
        "crate" | "self" | "super" => {
            let rest: String = after.iter().take(64).collect();
            rest.trim_start().starts_with("::")
        }
        word => !KEYWORDS.split_whitespace().any(|keyword| keyword == word),
    }
}

fn word_end(chars: &[char], mut i: usize) -> usize {
    while chars
        .get(i)
        .is_some_and(|c| c.is_alphanumeric() || *c == '_')
    {
        i += 1;
    }
    i
}

/// The end of an identifier at `i`, or of the literal it prefixes (`r"…"`, `br#"…"#`,
/// `b"…"`, `c"…"`, `b'…'`); the flag says which.
fn word_or_literal_end(chars: &[char], i: usize) -> (usize, bool) {
    let end = word_end(chars, i);
    let word: String = chars[i..end].iter().collect();
    match (word.as_str(), chars.get(end).copied()) {
        ("r" | "br" | "cr", Some('#' | '"')) => {
            let hashes = chars[end..].iter().take_while(|c| **c == '#').count();
            match chars.get(end + hashes) {
                Some('"') => (raw_string_end(chars, end + hashes, hashes), false),
                // `r#type`: a raw identifier.
                _ => (word_end(chars, end + 1), true),
            }
        }
        ("b" | "c", Some('"')) => (string_end(chars, end), false),
        ("b", Some('\'')) => (char_or_lifetime_end(chars, end), false),
        _ => (end, true),
    }
}

fn line_comment_end(chars: &[char], i: usize) -> usize {
    chars[i..]
        .iter()
        .position(|c| *c == '\n')
        .map_or(chars.len(), |n| i + n)
}

/// Block comments nest in Rust.
fn block_comment_end(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1).copied()) {
            ('/', Some('*')) => (depth, i) = (depth + 1, i + 2),
            ('*', Some('/')) => (depth, i) = (depth - 1, i + 2),
            _ => i += 1,
        }
        if depth == 0 {
            return i;
        }
    }
    i
}

fn string_end(chars: &[char], mut i: usize) -> usize {
    i += 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// The end of a raw string whose opening quote is at `i`.
fn raw_string_end(chars: &[char], mut i: usize, hashes: usize) -> usize {
    i += 1;
    while i < chars.len() {
        if chars[i] == '"'
            && chars[i + 1..]
                .iter()
                .take(hashes)
                .filter(|c| **c == '#')
                .count()
                == hashes
        {
            return i + 1 + hashes;
        }
        i += 1;
    }
    i
}

/// `'x'`, `'\n'`, `'\u{..}'` are chars; `'a`, `'static` are lifetimes.
fn char_or_lifetime_end(chars: &[char], i: usize) -> usize {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => {
            let close = chars[i + 3..].iter().position(|c| *c == '\'');
            close.map_or(chars.len(), |n| i + 3 + n + 1)
        }
        (Some(_), Some('\'')) => i + 3,
        _ => word_end(chars, i + 1),
    }
}

/// An identifier's name and line, without the mark `mark_lines` gave it (line 0: unmarked).
fn name_and_line(ident: &Ident) -> (String, usize) {
    let text = ident.to_string();
    let text = text.trim_start_matches("r#");
    let marked = text
        .rsplit_once(LINE_MARK)
        .and_then(|(name, line)| Some((name, line.parse().ok()?)));
    let (name, line) = marked.unwrap_or((text, 0));
    (name.to_owned(), line)
}

fn path_name(path: &syn::Path) -> Option<String> {
    path.get_ident().map(|ident| name_and_line(ident).0)
}

/// Whether the attributes hold `#[cfg(test)]`, or a `cfg` that implies it (`all(test, unix)`).
fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        path_name(attr.path()).as_deref() == Some("cfg")
            && attr
                .parse_args::<Meta>()
                .is_ok_and(|predicate| implies_test(&predicate))
    })
}

fn implies_test(predicate: &Meta) -> bool {
    match predicate {
        Meta::Path(path) => path_name(path).as_deref() == Some("test"),
        Meta::List(list) => {
            let Ok(inner) = list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated)
            else {
                return false;
            };
            match path_name(&list.path).as_deref() {
                Some("all") => inner.iter().any(implies_test),
                Some("any") => !inner.is_empty() && inner.iter().all(implies_test),
                // `not(test)` is code outside tests.
                _ => false,
            }
        }
        Meta::NameValue(_) => false,
    }
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn impl_item_attrs(item: &ImplItem) -> &[Attribute] {
    match item {
        ImplItem::Const(i) => &i.attrs,
        ImplItem::Fn(i) => &i.attrs,
        ImplItem::Type(i) => &i.attrs,
        ImplItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

fn trait_item_attrs(item: &TraitItem) -> &[Attribute] {
    match item {
        TraitItem::Const(i) => &i.attrs,
        TraitItem::Fn(i) => &i.attrs,
        TraitItem::Type(i) => &i.attrs,
        TraitItem::Macro(i) => &i.attrs,
        _ => &[],
    }
}

// ---- Collecting the paths of one file ----

/// A path written in a file that may name a module of the crate, not yet resolved.
struct Mention {
    /// The module it is written in, inline blocks included (`transport::sealed`).
    scope: ModPath,
    segments: Vec<String>,
    line: usize,
    /// As a message shows it: `use super::CallEnv`, `crate::transport::Serve::serve`.
    text: String,
}

/// What a `use` brings into scope: one name (`use crate::transport::http;` brings `http`),
/// or with a glob (`local: None`) all names of a module.
struct Import {
    scope: ModPath,
    segments: Vec<String>,
    local: Option<String>,
}

/// Walks one file (without its `#[cfg(test)]` items) for paths and `use` items.
#[derive(Default)]
struct Collector {
    scope: ModPath,
    mentions: Vec<Mention>,
    imports: Vec<Import>,
}

impl Collector {
    fn of(source: &Source) -> Self {
        let mut collector = Self {
            scope: source.path.clone(),
            ..Self::default()
        };
        collector.visit_file(&source.ast);
        collector
    }

    /// A path of two or more segments outside a `use`: one segment is a local name or a
    /// value (`self`), never a module.
    fn mention_path(&mut self, segments: &[(String, usize)], suffix: &str) {
        if segments.len() < 2 {
            return;
        }
        let names: Vec<String> = segments.iter().map(|s| s.0.clone()).collect();
        self.mentions.push(Mention {
            scope: self.scope.clone(),
            text: format!("{}{suffix}", names.join("::")),
            line: segments.iter().map(|s| s.1).find(|l| *l > 0).unwrap_or(0),
            segments: names,
        });
    }

    /// Paths inside a macro's tokens (`matches!(e, crate::error::ErrorKind::Gone)`), which
    /// syn leaves unparsed: every run `a::b::c` of identifiers.
    fn scan_tokens(&mut self, mut cursor: Cursor<'_>) {
        while !cursor.eof() {
            if let Some((inside, _, _, after)) = cursor.any_group() {
                self.scan_tokens(inside);
                cursor = after;
            } else if let Some((first, mut after)) = cursor.ident() {
                let mut segments = vec![name_and_line(&first)];
                while let Some((next, rest)) = path_separator(after).and_then(Cursor::ident) {
                    segments.push(name_and_line(&next));
                    after = rest;
                }
                self.mention_path(&segments, " (in a macro)");
                cursor = after;
            } else {
                cursor = cursor.token_tree().map_or(cursor, |(_, next)| next);
            }
        }
    }
}

fn path_separator(cursor: Cursor<'_>) -> Option<Cursor<'_>> {
    let (first, next) = cursor.punct()?;
    let (second, rest) = next.punct()?;
    (first.as_char() == ':' && second.as_char() == ':').then_some(rest)
}

/// One name a `use` item imports, with the path to it.
struct UseLeaf {
    segments: Vec<(String, usize)>,
    /// The name it has here; `None` for a glob.
    local: Option<String>,
    rename: bool,
}

fn flatten_use(tree: &UseTree, prefix: &mut Vec<(String, usize)>, out: &mut Vec<UseLeaf>) {
    match tree {
        UseTree::Path(path) => {
            prefix.push(name_and_line(&path.ident));
            flatten_use(&path.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(name) => {
            let (name, line) = name_and_line(&name.ident);
            // `use a::{self}` imports `a` itself.
            let mut segments = prefix.clone();
            if name != "self" {
                segments.push((name, line));
            }
            let local = segments.last().map(|s| s.0.clone());
            out.push(UseLeaf {
                segments,
                local,
                rename: false,
            });
        }
        UseTree::Rename(rename) => {
            let mut segments = prefix.clone();
            segments.push(name_and_line(&rename.ident));
            let local = Some(name_and_line(&rename.rename).0);
            out.push(UseLeaf {
                segments,
                local,
                rename: true,
            });
        }
        UseTree::Glob(_) => out.push(UseLeaf {
            segments: prefix.clone(),
            local: None,
            rename: false,
        }),
        UseTree::Group(group) => {
            for tree in &group.items {
                flatten_use(tree, prefix, out);
            }
        }
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item(&mut self, item: &'ast Item) {
        if !is_test_only(item_attrs(item)) {
            visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        // `mod x;` declares a child, which is no dependency; an inline block is part of
        // this file.
        if let Some((_, items)) = &item.content {
            self.scope.push(name_and_line(&item.ident).0);
            for inner in items {
                self.visit_item(inner);
            }
            self.scope.pop();
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if item.leading_colon.is_some() {
            return; // `use ::other_crate::…`
        }
        let mut leaves = Vec::new();
        flatten_use(&item.tree, &mut Vec::new(), &mut leaves);
        for leaf in leaves {
            let names: Vec<String> = leaf.segments.iter().map(|s| s.0.clone()).collect();
            let text = match (&leaf.local, leaf.rename) {
                (None, _) => format!("use {}::*", names.join("::")),
                (Some(local), true) => format!("use {} as {local}", names.join("::")),
                (Some(_), false) => format!("use {}", names.join("::")),
            };
            self.mentions.push(Mention {
                scope: self.scope.clone(),
                segments: names.clone(),
                // The leaf's own line: a long `use` lists its names one a line.
                line: leaf
                    .segments
                    .iter()
                    .rev()
                    .map(|s| s.1)
                    .find(|l| *l > 0)
                    .unwrap_or(0),
                text,
            });
            self.imports.push(Import {
                scope: self.scope.clone(),
                segments: names,
                local: leaf.local,
            });
        }
    }

    fn visit_impl_item(&mut self, item: &'ast ImplItem) {
        if !is_test_only(impl_item_attrs(item)) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast TraitItem) {
        if !is_test_only(trait_item_attrs(item)) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_field(&mut self, field: &'ast syn::Field) {
        if !is_test_only(&field.attrs) {
            visit::visit_field(self, field);
        }
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        if !is_test_only(&variant.attrs) {
            visit::visit_variant(self, variant);
        }
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        if !is_test_only(&arm.attrs) {
            visit::visit_arm(self, arm);
        }
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if !is_test_only(&local.attrs) {
            visit::visit_local(self, local);
        }
    }

    fn visit_field_value(&mut self, field: &'ast syn::FieldValue) {
        if !is_test_only(&field.attrs) {
            visit::visit_field_value(self, field);
        }
    }

    fn visit_stmt_macro(&mut self, stmt: &'ast syn::StmtMacro) {
        if !is_test_only(&stmt.attrs) {
            visit::visit_stmt_macro(self, stmt);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let segments: Vec<_> = path
                .segments
                .iter()
                .map(|s| name_and_line(&s.ident))
                .collect();
            self.mention_path(&segments, "");
        }
        // Generic arguments hold paths of their own.
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        visit::visit_macro(self, mac);
        let buffer = TokenBuffer::new2(mac.tokens.clone());
        self.scan_tokens(buffer.begin());
    }

    /// `pub(in crate::optimizer)` says who may see an item, not what it uses.
    fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {}
}

// ---- Resolving paths to modules ----

/// Turns the paths written in one file into paths from the crate root.
struct Resolver<'a> {
    modules: &'a Modules,
    /// Each `use` of the file, resolved: the name it brings (`None`: a glob) and the path from
    /// the root it stands for. Scopes inside the file are not told apart: a name is imported
    /// once per file in practice.
    imported: Vec<(Option<String>, ModPath)>,
}

impl<'a> Resolver<'a> {
    fn new(modules: &'a Modules, imports: &[Import]) -> Self {
        let mut resolver = Self {
            modules,
            imported: Vec::new(),
        };
        // A `use` may start at a name another one brought (`use crate::transport; use
        // transport::http;`): three rounds resolve chains longer than any written.
        for _ in 0..3 {
            resolver.imported = imports
                .iter()
                .filter_map(|i| Some((i.local.clone(), resolver.absolute(&i.scope, &i.segments)?)))
                .collect();
        }
        resolver
    }

    /// The path from the crate root that `segments`, written in `scope`, names; `None` if
    /// it starts outside the crate (`std::`, `serde::`) or at an item of the scope.
    fn absolute(&self, scope: &[String], segments: &[String]) -> Option<ModPath> {
        let (first, rest) = segments.split_first()?;
        match first.as_str() {
            "crate" => Some(rest.to_vec()),
            "self" => Some(joined(scope, rest)),
            "super" => {
                let ups = segments.iter().take_while(|s| *s == "super").count();
                let base = scope.len().checked_sub(ups)?;
                Some(joined(&scope[..base], &segments[ups..]))
            }
            name => self.relative(scope, name, segments),
        }
    }

    /// A path that starts at a plain name (paths are relative to their scope since the 2018
    /// edition): a child module of the scope, a module a `use` brought in by name, or a child
    /// of a module imported with a glob.
    fn relative(&self, scope: &[String], name: &str, segments: &[String]) -> Option<ModPath> {
        if self.modules.exists(&child_path(scope, name)) {
            return Some(joined(scope, segments));
        }
        self.imported
            .iter()
            .find_map(|(local, target)| match local {
                Some(local) if local == name && self.modules.exists(target) => {
                    Some(joined(target, &segments[1..]))
                }
                None if self.modules.exists(&child_path(target, name)) => {
                    Some(joined(target, segments))
                }
                _ => None,
            })
    }
}

// ---- The graph ----

/// A place in the source that makes one module depend on another.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Site {
    file: String,
    line: usize,
    text: String,
}

struct Edge {
    from: usize,
    to: usize,
    /// The path from the root the site names: `["Caller"]` for `crate::Caller`.
    target: ModPath,
    site: Site,
}

/// The module graph of the runtime: its file modules, and every site where one names another.
struct Graph {
    /// The nodes; the root, lib.rs, is `[]`.
    modules: Vec<ModPath>,
    /// Without self-loops: a module naming itself depends on nothing.
    edges: Vec<Edge>,
    /// What lib.rs imports by name, with what it stands for: `Caller` →
    /// `crate::context::Caller`, `rmcp` → `rmcp`.
    root_exports: BTreeMap<String, String>,
}

impl Graph {
    fn read(src: &Path) -> Self {
        let modules = Modules::read(src);
        let index: HashMap<&[String], usize> = modules
            .sources
            .iter()
            .enumerate()
            .map(|(i, s)| (s.path.as_slice(), i))
            .collect();
        let mut edges = Vec::new();
        let mut root_exports = BTreeMap::new();
        for (from, source) in modules.sources.iter().enumerate() {
            let found = Collector::of(source);
            let resolver = Resolver::new(&modules, &found.imports);
            for mention in &found.mentions {
                let Some(target) = resolver.absolute(&mention.scope, &mention.segments) else {
                    continue;
                };
                let to = deepest_module(&index, &target);
                if to != from {
                    let site = Site {
                        file: source.file.clone(),
                        line: mention.line,
                        text: mention.text.clone(),
                    };
                    edges.push(Edge {
                        from,
                        to,
                        target,
                        site,
                    });
                }
            }
            if source.path.is_empty() {
                root_exports = exports(&found.imports, &resolver);
            }
        }
        let modules = modules.sources.into_iter().map(|s| s.path).collect();
        Self {
            modules,
            edges,
            root_exports,
        }
    }

    fn root(&self) -> usize {
        self.modules
            .iter()
            .position(Vec::is_empty)
            .expect("lib.rs is read first")
    }

    fn name(&self, node: usize) -> String {
        display_module(&self.modules[node])
    }

    /// The sites of the edge `from → to`, each once, in file and line order.
    fn sites(&self, from: usize, to: usize) -> BTreeSet<&Site> {
        self.edges
            .iter()
            .filter(|e| e.from == from && e.to == to)
            .map(|e| &e.site)
            .collect()
    }
}

/// The node of the deepest file module `path` goes through: `call::invoke::Failure` is in
/// `call::invoke`, `transport::sealed::Served` (an inline block) in `transport`.
fn deepest_module(index: &HashMap<&[String], usize>, path: &[String]) -> usize {
    (0..=path.len())
        .rev()
        .find_map(|n| index.get(&path[..n]).copied())
        .expect("the root `[]` is a module")
}

/// The names lib.rs imports at its top, with what each stands for.
fn exports(imports: &[Import], resolver: &Resolver<'_>) -> BTreeMap<String, String> {
    imports
        .iter()
        .filter(|i| i.scope.is_empty())
        .filter_map(|i| {
            let target = match resolver.absolute(&[], &i.segments) {
                Some(path) => format!("crate::{}", path.join("::")),
                None => i.segments.join("::"),
            };
            Some((i.local.clone()?, target))
        })
        .collect()
}

fn display_module(path: &[String]) -> String {
    if path.is_empty() {
        "crate".to_owned()
    } else {
        path.join("::")
    }
}

// ---- Check 1: cycles ----

/// Every cycle among the modules, each with the sites that make its edges; empty if none.
///
/// The root is left out: it re-exports from everywhere, so with it every import through the
/// root would merge all modules into one component and hide the real cycles; and each edge
/// into it is already an error of `imports_only_point_down`.
fn cycle_report(graph: &Graph) -> String {
    let root = graph.root();
    let mut adjacency = vec![BTreeSet::new(); graph.modules.len()];
    for edge in graph
        .edges
        .iter()
        .filter(|e| e.from != root && e.to != root)
    {
        adjacency[edge.from].insert(edge.to);
    }
    let adjacency: Vec<Vec<usize>> = adjacency
        .into_iter()
        .map(|s| s.into_iter().collect())
        .collect();
    let mut components: Vec<Vec<usize>> = strongly_connected(&adjacency)
        .into_iter()
        .filter(|c| c.len() > 1)
        .collect();
    if components.is_empty() {
        return String::new();
    }
    for component in &mut components {
        component.sort_by_key(|n| graph.name(*n));
    }
    let mut report = format!(
        "{} groups of modules import each other in cycles. For each group: its shortest \
         cycles, then the edges they go through, the edge in most cycles first. Break each \
         cycle at one edge: move what that edge imports into a module both ends can import \
         (a child of the parent, a module on a lower floor).\n",
        components.len()
    );
    for component in &components {
        write_component(&mut report, graph, component, &adjacency);
    }
    report
}

fn write_component(
    report: &mut String,
    graph: &Graph,
    component: &[usize],
    adjacency: &[Vec<usize>],
) {
    let cycles = cycles_in(component, adjacency);
    let names: Vec<String> = component.iter().map(|n| graph.name(*n)).collect();
    let plural = if cycles.len() == 1 { "" } else { "s" };
    writeln!(
        report,
        "\n== {} modules, {} cycle{plural}: {}",
        names.len(),
        cycles.len(),
        names.join(", ")
    )
    .expect("writing to a String cannot fail");
    let mut through: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for cycle in &cycles {
        let mut chain: Vec<String> = cycle.iter().map(|n| graph.name(*n)).collect();
        chain.push(graph.name(cycle[0]));
        writeln!(report, "  {}", chain.join(" → ")).expect("writing to a String cannot fail");
        for (i, from) in cycle.iter().enumerate() {
            *through
                .entry((*from, cycle[(i + 1) % cycle.len()]))
                .or_default() += 1;
        }
    }
    let mut edges: Vec<((usize, usize), usize)> = through.into_iter().collect();
    edges.sort_by_key(|((from, to), count)| {
        (
            std::cmp::Reverse(*count),
            graph.name(*from),
            graph.name(*to),
        )
    });
    for ((from, to), count) in edges {
        let (from_name, to_name) = (graph.name(from), graph.name(to));
        writeln!(
            report,
            "  {from_name} → {to_name} (in {count} of the cycles):"
        )
        .expect("writing to a String cannot fail");
        write_sites(report, graph.sites(from, to));
    }
}

/// One line for each line of source, with every path written there.
fn write_sites<'a>(report: &mut String, sites: impl IntoIterator<Item = &'a Site>) {
    let mut by_line: BTreeMap<(&str, usize), Vec<&str>> = BTreeMap::new();
    for site in sites {
        by_line
            .entry((&site.file, site.line))
            .or_default()
            .push(&site.text);
    }
    for ((file, line), texts) in by_line {
        let texts: Vec<String> = texts.iter().map(|t| format!("`{t}`")).collect();
        writeln!(report, "      {file}:{line}  {}", texts.join(", "))
            .expect("writing to a String cannot fail");
    }
}

/// Tarjan's strongly connected components of a graph given as each node's successors.
fn strongly_connected(adjacency: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct Tarjan<'a> {
        adjacency: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        components: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            let adjacency = self.adjacency;
            for &w in &adjacency[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(index) if self.on_stack[w] => self.low[v] = self.low[v].min(index),
                    Some(_) => {}
                }
            }
            // `v` is the first node of its component that was reached: pop the component.
            if self.index[v] == Some(self.low[v]) {
                let mut component = Vec::new();
                loop {
                    let w = self.stack.pop().expect("v itself is still on the stack");
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                self.components.push(component);
            }
        }
    }
    let n = adjacency.len();
    let mut tarjan = Tarjan {
        adjacency,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        components: Vec::new(),
    };
    for v in 0..n {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    tarjan.components
}

/// For each edge inside a strongly connected component, the shortest cycle through it, so
/// that every edge of the component shows on some cycle. Each cycle once, from its smallest
/// node, shortest first.
fn cycles_in(component: &[usize], adjacency: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let inside: BTreeSet<usize> = component.iter().copied().collect();
    let mut cycles = BTreeSet::new();
    for &from in component {
        for &to in adjacency[from]
            .iter()
            .filter(|to| inside.contains(to) && **to != from)
        {
            let back = shortest_path(to, from, adjacency, &inside)
                .expect("nodes of one component reach each other");
            // `back` runs to → … → from; the cycle is from → to → … (→ from).
            let mut cycle = vec![from];
            cycle.extend(&back[..back.len() - 1]);
            let smallest = (0..cycle.len())
                .min_by_key(|i| cycle[*i])
                .expect("not empty");
            cycle.rotate_left(smallest);
            cycles.insert(cycle);
        }
    }
    let mut cycles: Vec<Vec<usize>> = cycles.into_iter().collect();
    cycles.sort_by_key(Vec::len);
    cycles
}

/// Breadth first, through the nodes of `inside` only.
fn shortest_path(
    start: usize,
    goal: usize,
    adjacency: &[Vec<usize>],
    inside: &BTreeSet<usize>,
) -> Option<Vec<usize>> {
    let mut came_from = BTreeMap::from([(start, start)]);
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        if node == goal {
            let mut path = vec![goal];
            while *path.last().expect("not empty") != start {
                path.push(came_from[path.last().expect("not empty")]);
            }
            path.reverse();
            return Some(path);
        }
        for &next in adjacency[node].iter().filter(|n| inside.contains(n)) {
            if let std::collections::btree_map::Entry::Vacant(entry) = came_from.entry(next) {
                entry.insert(node);
                queue.push_back(next);
            }
        }
    }
    None
}

// ---- Check 2: floors ----

fn floor(top: &str) -> Option<u8> {
    FLOORS
        .iter()
        .find(|(name, _)| *name == top)
        .map(|(_, floor)| *floor)
}

/// Every import through the root, every import up the floors, and every top-level module
/// missing from `FLOORS`; empty if none.
fn floor_report(graph: &Graph) -> String {
    let mut report = String::new();
    let unknown: BTreeSet<&str> = graph
        .modules
        .iter()
        .filter_map(|path| path.first())
        .map(String::as_str)
        .filter(|top| floor(top).is_none())
        .collect();
    if !unknown.is_empty() {
        let unknown: Vec<&str> = unknown.into_iter().collect();
        writeln!(
            report,
            "top-level modules missing from `FLOORS` (add each with its floor): {}\n",
            unknown.join(", ")
        )
        .expect("writing to a String cannot fail");
    }
    write_through_root(&mut report, graph);
    write_upward(&mut report, graph);
    report
}

/// Imports of `crate::Name` (or `super::Name` from a top-level module) outside lib.rs,
/// grouped by the name.
fn write_through_root(report: &mut String, graph: &Graph) {
    let root = graph.root();
    let mut by_name: BTreeMap<&str, BTreeSet<&Site>> = BTreeMap::new();
    for edge in graph
        .edges
        .iter()
        .filter(|e| e.to == root && e.from != root)
    {
        let name = edge.target.first().map_or("crate", String::as_str);
        by_name.entry(name).or_default().insert(&edge.site);
    }
    if by_name.is_empty() {
        return;
    }
    let sites: usize = by_name.values().map(BTreeSet::len).sum();
    let files: BTreeSet<&str> = by_name
        .values()
        .flatten()
        .map(|s| s.file.as_str())
        .collect();
    let names: Vec<String> = by_name
        .iter()
        .map(|(name, s)| format!("{name} ({})", s.len()))
        .collect();
    writeln!(
        report,
        "imports through the root: {sites} sites in {} files name `crate::Name` for an item lib.rs \
         re-exports; import it from its own module instead. Names: {}\n",
        files.len(),
        names.join(", ")
    )
    .expect("writing to a String cannot fail");
    for (name, sites) in by_name {
        let instead = graph.root_exports.get(name).map_or_else(
            || "the module that defines it".to_owned(),
            |path| format!("`{path}`"),
        );
        writeln!(report, "  `crate::{name}`: import {instead} instead")
            .expect("writing to a String cannot fail");
        write_sites(report, sites);
    }
    report.push('\n');
}

/// Imports from a module of a higher floor, grouped by the pair of top-level modules.
fn write_upward(report: &mut String, graph: &Graph) {
    let root = graph.root();
    let mut by_pair: BTreeMap<(&str, &str), BTreeSet<&Site>> = BTreeMap::new();
    for edge in graph
        .edges
        .iter()
        .filter(|e| e.from != root && e.to != root)
    {
        let from = graph.modules[edge.from][0].as_str();
        let to = graph.modules[edge.to][0].as_str();
        if from == to {
            continue; // inside one top-level module: the cycle test judges those
        }
        if let (Some(low), Some(high)) = (floor(from), floor(to))
            && low < high
        {
            by_pair.entry((from, to)).or_default().insert(&edge.site);
        }
    }
    if by_pair.is_empty() {
        return;
    }
    let sites: usize = by_pair.values().map(BTreeSet::len).sum();
    writeln!(
        report,
        "upward imports: {sites} sites in {} pairs of modules import from a higher floor \
         (see `FLOORS`); move what they use down, or the code that uses it up:",
        by_pair.len()
    )
    .expect("writing to a String cannot fail");
    let mut pairs: Vec<_> = by_pair.into_iter().collect();
    pairs.sort_by_key(|((from, to), _)| (std::cmp::Reverse(floor(to)), floor(from), *from, *to));
    for ((from, to), sites) in pairs {
        let (low, high) = (floor(from).unwrap_or(0), floor(to).unwrap_or(0));
        writeln!(report, "  {from} ({low}) → {to} ({high}):")
            .expect("writing to a String cannot fail");
        write_sites(report, sites);
    }
}
