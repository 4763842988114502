//! The library's modules stand in layers: each imports only the modules below it (`grid/`
//! nothing but itself), so no two import each other. Read from the source text, counting
//! `use` lines and inline `crate::` paths outside comments and test modules.

use std::collections::BTreeMap;
use std::path::Path;

/// The library's top-level modules, lowest first.
const LAYERS: &[&str] = &[
    "grid",
    "named",
    "constraint",
    "rules",
    "format",
    "logic",
    "check",
    "encode",
    "solvers",
    "truth",
    "rate",
    "generate",
    "render",
];

/// The code of a source file without comments and without its test module (which comes
/// last in every file, and may use anything).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]") {
        Some(start) => &text[..start],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(start) => &line[..start],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names `lib.rs` re-exports at the crate root, with the module each comes from.
fn root_names(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let code = code(lib);
    let mut rest = &code[..];
    while let Some(start) = rest.find("pub use ") {
        rest = &rest[start + "pub use ".len()..];
        let end = rest.find(';').expect("a use ends with ;");
        let path = rest[..end].replace([' ', '\n'], "");
        let (module, items) = path.split_once("::").unwrap_or((&path, ""));
        let items = items.trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',').filter(|i| !i.is_empty()) {
            let last = item.rsplit("::").next().unwrap_or(item);
            names.insert(last.to_string(), module.to_string());
        }
        rest = &rest[end..];
    }
    names
}

/// The top-level modules a piece of code names through `crate::`.
fn named_modules(code: &str, roots: &BTreeMap<String, String>) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(start) = rest.find("crate::") {
        rest = &rest[start + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            // `use crate::{a, b}`: every name in the braces.
            let end = rest.find('}').unwrap_or(rest.len());
            for item in rest[..end].trim_start_matches('{').split(',') {
                let item = item.trim().split("::").next().unwrap_or("").to_string();
                if !item.is_empty() {
                    found.push(roots.get(&item).cloned().unwrap_or(item));
                }
            }
            continue;
        }
        found.push(roots.get(&name).cloned().unwrap_or(name));
    }
    found
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_module_imports_only_modules_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let roots = root_names(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    assert!(roots.contains_key("Puzzle"), "lib.rs re-exports were read");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    let mut seen = 0;
    for file in files {
        let relative = file.strip_prefix(&src).unwrap();
        let top = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy()
            .trim_end_matches(".rs")
            .to_string();
        if ["lib", "main", "cli"].contains(&top.as_str()) {
            continue;
        }
        let Some(layer) = LAYERS.iter().position(|&l| l == top) else {
            wrong.push(format!(
                "{}: module {top} is not in LAYERS",
                relative.display()
            ));
            continue;
        };
        seen += 1;
        let text = std::fs::read_to_string(&file).unwrap();
        for module in named_modules(&code(&text), &roots) {
            if module == top {
                continue;
            }
            match LAYERS.iter().position(|&l| l == module) {
                Some(below) if below < layer => {}
                Some(_) => wrong.push(format!(
                    "{}: {top} imports {module}, which is not below it",
                    relative.display()
                )),
                None => wrong.push(format!(
                    "{}: {top} names crate::{module}, not a layered module",
                    relative.display()
                )),
            }
        }
    }
    assert!(seen > 50, "the sources were read ({seen} files)");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_reader_of_imports_sees_every_kind_of_path() {
    let roots = BTreeMap::from([("Puzzle".to_string(), "rules".to_string())]);
    let code = code(
        "use crate::grid::Cell;\n// crate::rate in a comment\nuse crate::{format, Puzzle};\n\
         fn f() { crate::logic::x() }\n#[cfg(test)]\nmod tests { use crate::cli; }",
    );
    assert_eq!(
        named_modules(&code, &roots),
        ["grid", "format", "rules", "logic"]
    );
}
