//! The sources stand in layers, and no two files import each other: every source file parsed (syn), every `use` and path in its code and its macro calls read, outside `#[cfg(test)]` items only.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// The library's top-level modules, lowest first: each imports only those below it.
const LAYERS: &[&str] = &[
    "grid",
    "named",
    "constraint",
    "rules",
    "canon",
    "format",
    "logic",
    "check",
    "encode",
    "solvers",
    "truth",
    "estimate",
    "suggest",
    "rate",
    "generate",
    "render",
];

/// A module path inside one crate: `["rules", "puzzle"]`; the crate root is empty.
type ModPath = Vec<String>;

/// One source file: its crate (`lib` or `bin`), its module path and what it names.
struct Source {
    file: PathBuf,
    krate: &'static str,
    module: ModPath,
    /// The paths it names, made absolute (from its crate's root) where they start with
    /// `crate`, `super` or `self`.
    named: Vec<ModPath>,
    /// The names it re-exports (`pub use a::B`, `pub(crate) use …`), each with its path.
    reexports: BTreeMap<String, ModPath>,
}

/// Whether `attrs` hold `#[cfg(test)]` (or a `cfg` that needs `test`).
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr.meta.require_list().is_ok_and(|list| {
                list.tokens
                    .clone()
                    .into_iter()
                    .any(|t| t.to_string() == "test")
            })
    })
}

/// Collects the paths of one file's code.
struct Collector<'a> {
    /// The module the code is in (the file's, then inline modules inside it).
    module: ModPath,
    named: &'a mut Vec<ModPath>,
    reexports: &'a mut BTreeMap<String, ModPath>,
}

impl Collector<'_> {
    /// `segments` made absolute from the crate root, when they start at the crate, a parent
    /// or this module; `None` for paths of other crates, of std, or of names in scope.
    fn absolute(&self, segments: &[String]) -> Option<ModPath> {
        let mut base = self.module.clone();
        let mut rest = segments;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            _ => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// Records a path of two segments or more (`self` alone is a value; `crate` alone, a
    /// visibility).
    fn name(&mut self, segments: &[String]) {
        if segments.len() < 2 {
            return;
        }
        if let Some(path) = self.absolute(segments) {
            self.named.push(path);
        }
    }

    /// Every full path of a use tree, with the names it binds.
    fn use_tree(
        &mut self,
        prefix: &mut Vec<String>,
        tree: &syn::UseTree,
        out: &mut Vec<(String, Vec<String>)>,
    ) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut path = prefix.clone();
                if n.ident != "self" {
                    path.push(n.ident.to_string());
                }
                let bound = path.last().cloned().unwrap_or_default();
                out.push((bound, path));
            }
            syn::UseTree::Rename(r) => {
                let mut path = prefix.clone();
                path.push(r.ident.to_string());
                out.push((r.rename.to_string(), path));
            }
            syn::UseTree::Glob(_) => out.push(("*".into(), prefix.clone())),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree, out);
                }
            }
        }
    }

    /// The paths in macro tokens: `crate::a::b`, `super::c`, `$crate::named::X`. In a
    /// macro's `definition`, only paths from the crate: `super` and `self` there mean the
    /// module each expansion is in.
    fn tokens(&mut self, tokens: TokenStream, definition: bool) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(group) => self.tokens(group.stream(), definition),
                TokenTree::Ident(ident)
                    if ["crate", "super", "self"].contains(&ident.to_string().as_str()) =>
                {
                    let mut segments = vec![ident.to_string()];
                    let mut j = i + 1;
                    // `::` is two `:` puncts, then an ident.
                    while let (
                        Some(TokenTree::Punct(a)),
                        Some(TokenTree::Punct(b)),
                        Some(TokenTree::Ident(next)),
                    ) = (trees.get(j), trees.get(j + 1), trees.get(j + 2))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        segments.push(next.to_string());
                        j += 3;
                    }
                    if !definition || segments[0] == "crate" {
                        self.name(&segments);
                    }
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => &[],
        };
        if !is_test(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.module.push(item.ident.to_string());
        syn::visit::visit_item_mod(self, item);
        self.module.pop();
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut paths = Vec::new();
        self.use_tree(&mut Vec::new(), &item.tree, &mut paths);
        let public = !matches!(item.vis, syn::Visibility::Inherited);
        for (bound, path) in paths {
            if let Some(absolute) = self.absolute(&path) {
                if public {
                    self.reexports.insert(bound, absolute.clone());
                }
                self.named.push(absolute);
            } else if public && path.len() > 1 {
                // `pub use child::Name`: a path from this module.
                let mut absolute = self.module.clone();
                absolute.extend(path.iter().cloned());
                self.reexports.insert(bound, absolute);
            }
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.name(&segments);
        syn::visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let definition = mac.path.is_ident("macro_rules");
        self.tokens(mac.tokens.clone(), definition);
        syn::visit::visit_macro(self, mac);
    }
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every source file of `src`, read.
fn sources(src: &Path) -> Vec<Source> {
    let mut paths = Vec::new();
    files(src, &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(src).unwrap();
            let mut module: ModPath = relative
                .iter()
                .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            let krate =
                if module.first().is_some_and(|m| m == "cli") || relative == Path::new("main.rs") {
                    "bin"
                } else {
                    "lib"
                };
            let text = std::fs::read_to_string(&file).unwrap();
            let parsed =
                syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let (mut named, mut reexports) = (Vec::new(), BTreeMap::new());
            let mut collector = Collector {
                module: module.clone(),
                named: &mut named,
                reexports: &mut reexports,
            };
            collector.visit_file(&parsed);
            Source {
                file: relative.to_path_buf(),
                krate,
                module,
                named,
                reexports,
            }
        })
        .collect()
}

/// The file a path names, in `krate`: its longest prefix that is a file's module,
/// followed through that module's re-exports.
fn file_of<'a>(
    sources: &'a [Source],
    krate: &str,
    path: &ModPath,
    depth: usize,
) -> Option<&'a Source> {
    let module = (0..=path.len()).rev().find_map(|n| {
        sources
            .iter()
            .find(|s| s.krate == krate && s.module[..] == path[..n])
    })?;
    let rest = &path[module.module.len()..];
    if depth < 8
        && let Some(target) = rest.first().and_then(|name| module.reexports.get(name))
    {
        let mut target = target.clone();
        target.extend(rest[1..].iter().cloned());
        if &target != path {
            return file_of(sources, krate, &target, depth + 1).or(Some(module));
        }
    }
    Some(module)
}

/// Each file with the files it imports (itself and its own submodules left out: a module
/// declares and re-exports its children).
fn imports(sources: &[Source]) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut edges = BTreeMap::new();
    for source in sources {
        let mut to = BTreeSet::new();
        for path in &source.named {
            let Some(target) = file_of(sources, source.krate, path, 0) else {
                continue;
            };
            let descendant = target.module.len() >= source.module.len()
                && target.module[..source.module.len()] == source.module[..];
            if !descendant {
                to.insert(target.file.clone());
            }
        }
        edges.insert(source.file.clone(), to);
    }
    edges
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_module_imports_only_modules_below_it() {
    let sources = sources(&src());
    assert!(
        sources.len() > 100,
        "the sources were read ({})",
        sources.len()
    );
    let edges = imports(&sources);
    let top = |file: &Path| {
        file.iter()
            .next()
            .unwrap()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string()
    };
    let mut wrong = Vec::new();
    for source in sources
        .iter()
        .filter(|s| s.krate == "lib" && !s.module.is_empty())
    {
        let from = top(&source.file);
        let Some(layer) = LAYERS.iter().position(|&l| l == from) else {
            wrong.push(format!(
                "{}: module {from} is not in LAYERS",
                source.file.display()
            ));
            continue;
        };
        for target in &edges[&source.file] {
            let to = top(target);
            if to == from {
                continue;
            }
            match LAYERS.iter().position(|&l| l == to) {
                Some(below) if below < layer => {}
                _ => wrong.push(format!(
                    "{}: {from} imports {} ({to}), which is not below it",
                    source.file.display(),
                    target.display()
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_two_files_import_each_other() {
    let edges = imports(&sources(&src()));
    let mut pairs = Vec::new();
    for (a, targets) in &edges {
        for b in targets {
            if a < b && edges.get(b).is_some_and(|back| back.contains(a)) {
                pairs.push(format!("{} <-> {}", a.display(), b.display()));
            }
        }
    }
    assert!(
        pairs.is_empty(),
        "files that import each other:\n{}",
        pairs.join("\n")
    );
}

#[test]
fn the_reader_sees_every_kind_of_path_and_skips_test_items() {
    let text = "use crate::grid::Cell;\n// crate::rate in a comment\nuse super::{format, Puzzle};\n\
                fn f() { crate::logic::x(); m!(crate::encode::y) }\n\
                #[cfg(test)]\nmod tests { use crate::cli; }\n\
                fn after_the_tests() { crate::solvers::z() }\n";
    let parsed = syn::parse_file(text).unwrap();
    let (mut named, mut reexports) = (Vec::new(), BTreeMap::new());
    let mut collector = Collector {
        module: vec!["rules".into(), "puzzle".into()],
        named: &mut named,
        reexports: &mut reexports,
    };
    collector.visit_file(&parsed);
    let firsts: BTreeSet<String> = named.iter().filter_map(|p| p.first().cloned()).collect();
    let expected: BTreeSet<String> = ["grid", "rules", "logic", "encode", "solvers"]
        .map(String::from)
        .into();
    assert_eq!(firsts, expected, "{named:?}");
    assert!(named.contains(&vec!["rules".to_string(), "Puzzle".to_string()]));
}
