//! Pictures: every bundled puzzle renders to SVG that a real XML parser reads, with every given, region border and constraint in it (checked against independent readers), PNG of the SVG's size, and the overlays (solution, two solutions, clash, candidates, a step).
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::{fpuzzles, parse_file, puzzle_path, read_regions, satdoku, stderr_of};
use satdoku::constraint::VariantConstraint;
use satdoku::render::class_name;

/// The default symbols, digit d the d-th.
const SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A picture read by roxmltree: the givens by cell, the constraints' classes by index, the
/// region borders' segments, and more, as the tests ask.
struct Picture {
    text: String,
}

impl Picture {
    fn read(path: &Path) -> Picture {
        let text = std::fs::read_to_string(path).unwrap();
        Picture { text }
    }

    fn doc(&self) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(&self.text).unwrap_or_else(|e| panic!("XML: {e}"))
    }

    /// The elements whose class list holds every one of `classes`.
    fn count(&self, classes: &[&str]) -> usize {
        self.doc()
            .descendants()
            .filter(|n| has_classes(n, classes))
            .count()
    }

    /// `data-cell` → `data-digit` of the groups of class `class`, per panel.
    fn digits(&self, class: &str) -> Vec<BTreeMap<String, String>> {
        let doc = self.doc();
        let panels: Vec<roxmltree::Node<'_, '_>> = doc
            .descendants()
            .filter(|n| has_classes(n, &["panel"]))
            .collect();
        panels
            .iter()
            .map(|panel| {
                panel
                    .descendants()
                    .filter(|n| has_classes(n, &[class]))
                    .map(|n| {
                        (
                            n.attribute("data-cell").unwrap().to_string(),
                            n.attribute("data-digit").unwrap().to_string(),
                        )
                    })
                    .collect()
            })
            .collect()
    }

    /// The segments of the thick region borders (one `M` each).
    fn border_segments(&self) -> usize {
        let doc = self.doc();
        let path = doc
            .descendants()
            .find(|n| has_classes(n, &["region-borders"]))
            .expect("region borders drawn");
        path.attribute("d").unwrap().matches('M').count()
    }

    /// The constraints drawn, by `data-index`: the classes of their groups.
    fn constraints(&self) -> BTreeMap<usize, BTreeSet<String>> {
        let mut found: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
        for n in self.doc().descendants() {
            if has_classes(&n, &["constraint"]) {
                let i: usize = n.attribute("data-index").unwrap().parse().unwrap();
                let classes = n.attribute("class").unwrap().split(' ');
                found
                    .entry(i)
                    .or_default()
                    .extend(classes.map(str::to_string));
            }
        }
        found
    }

    /// The classes anywhere in the picture.
    fn classes(&self) -> BTreeSet<String> {
        self.doc()
            .descendants()
            .filter_map(|n| n.attribute("class"))
            .flat_map(|c| c.split(' ').map(str::to_string).collect::<Vec<_>>())
            .collect()
    }

    /// The size the root element gives, in pixels.
    fn size(&self) -> (u32, u32) {
        let doc = self.doc();
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let number = |name: &str| root.attribute(name).unwrap().parse::<u32>().unwrap();
        (number("width"), number("height"))
    }

    /// Whether there is a caption below the grid.
    fn has_caption(&self) -> bool {
        self.count(&["caption"]) > 0
    }

    /// The text of the captions (their `aria-label`s), joined by spaces.
    fn caption(&self) -> String {
        self.doc()
            .descendants()
            .filter(|n| has_classes(n, &["caption"]))
            .map(|n| n.attribute("aria-label").unwrap().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn has_classes(node: &roxmltree::Node<'_, '_>, classes: &[&str]) -> bool {
    node.attribute("class").is_some_and(|c| {
        let have: Vec<&str> = c.split(' ').collect();
        classes.iter().all(|want| have.contains(want))
    })
}

/// Renders `files` (with `args`) into a fresh directory: the directory, and the pictures
/// by file name.
fn render(files: &[PathBuf], args: &[&str]) -> (tempfile::TempDir, BTreeMap<String, Picture>) {
    let dir = tempfile::tempdir().unwrap();
    let out = satdoku()
        .arg("render")
        .args(files)
        .args(args)
        .arg("--output")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let mut pictures = BTreeMap::new();
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".svg") {
            pictures.insert(name, Picture::read(&path));
        }
    }
    (dir, pictures)
}

/// Every bundled file of puzzles with constraints, a jigsaw one, and chaos constructions
/// (whose border-count circles, region-run and region-count clues and same-region cells
/// read regions to be found).
fn constraint_files() -> Vec<PathBuf> {
    let mut files = common::constraint_files();
    files.push(puzzle_path("variants/jigsaw-anti-king.toml"));
    files.push(puzzle_path("variants/chaos-construction-4x4.toml"));
    files.push(puzzle_path("variants/region-run-6x6.toml"));
    files.push(puzzle_path("variants/region-count-6x6.toml"));
    files.push(puzzle_path("variants/same-region-9x9.toml"));
    files.push(puzzle_path("variants/distinct-regions-9x9.toml"));
    files.push(puzzle_path("variants/doppelganger.toml"));
    files
}

/// The segments between cells of different regions, from each cell's region.
fn borders(region: &[Vec<usize>]) -> usize {
    let n = region.len();
    let mut count = 0;
    for r in 0..n {
        for c in 0..n {
            count += usize::from(c + 1 < n && region[r][c] != region[r][c + 1]);
            count += usize::from(r + 1 < n && region[r][c] != region[r + 1][c]);
        }
    }
    count
}

/// Each cell's box, boxes of `br` rows by `bc` columns.
fn boxes(n: usize, br: usize, bc: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|r| (0..n).map(|c| (r / br) * (n / bc) + c / bc).collect())
        .collect()
}

/// The givens as the picture should write them: `r1c1` → symbol.
fn expected_givens(givens: &[Vec<u32>]) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for (r, row) in givens.iter().enumerate() {
        for (c, &d) in row.iter().enumerate() {
            if d != 0 {
                let symbol = SYMBOLS.chars().nth(d as usize - 1).unwrap();
                map.insert(format!("r{}c{}", r + 1, c + 1), symbol.to_string());
            }
        }
    }
    map
}

/// The f-puzzles fields a bundled file uses, by the class their constraints draw with (the
/// test's own table, from f-puzzles' field names).
fn fpuzzles_classes(path: &Path) -> BTreeSet<&'static str> {
    const FIELDS: &[(&str, &str)] = &[
        ("killercage", "killer-cage"),
        ("littlekillersum", "little-killer"),
        ("sandwichsum", "sandwich"),
        ("thermometer", "thermometer"),
        ("slowthermometer", "slow-thermometer"),
        ("arrow", "arrow"),
        ("palindrome", "palindrome"),
        ("betweenline", "between-line"),
        ("renban", "renban-line"),
        ("whispers", "whispers-line"),
        ("entropicline", "entropic-line"),
        ("modularline", "modular-line"),
        ("nabner", "nabner-line"),
        ("difference", "kropki-dot"),
        ("ratio", "kropki-dot"),
        ("xv", "xv-sum"),
        ("odd", "parity-cell"),
        ("even", "parity-cell"),
        ("minimum", "minimum-or-maximum-cell"),
        ("maximum", "minimum-or-maximum-cell"),
        ("quadruple", "quadruple"),
        ("clone", "clone"),
        ("rowindexer", "indexer"),
        ("columnindexer", "indexer"),
        ("boxindexer", "indexer"),
        ("regionsumline", "region-sum-line"),
        ("zipperline", "zipper-line"),
        ("parityline", "parity-line"),
        ("lockout", "lockout-line"),
        ("sumline", "sum-line"),
        ("xsum", "x-sum"),
        ("skyscraper", "skyscraper"),
        ("numberedroom", "numbered-room"),
        ("doublearrow", "double-arrow"),
    ];
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut classes = BTreeSet::new();
    for &(field, class) in FIELDS {
        let Some(entries) = json.get(field).and_then(|v| v.as_array()) else {
            continue;
        };
        // A clue without a value says nothing, as f-puzzles draws it.
        let says = entries.iter().any(|e| match e.get("value") {
            None => true,
            Some(v) => !v.is_null() && v.as_str() != Some(""),
        });
        if says {
            classes.insert(class);
        }
    }
    // A cosmetic cage is a rule only when its value names a digital root (`DR7`).
    let rooted = json
        .get("cage")
        .and_then(|v| v.as_array())
        .is_some_and(|cages| {
            cages.iter().any(|c| {
                c.get("value")
                    .and_then(|v| v.as_str())
                    .is_some_and(|v| v.contains("DR"))
            })
        });
    if rooted {
        classes.insert("killer-cage");
    }
    if json.get("nonconsecutive").and_then(|v| v.as_bool()) == Some(true) {
        // Named in the legend as a rule over the whole grid.
        classes.insert("non-consecutive");
    }
    classes
}

#[test]
fn every_bundled_constraint_puzzle_draws_its_givens_borders_and_every_constraint() {
    let files = constraint_files();
    let (_dir, pictures) = render(&files, &[]);
    let mut families: BTreeSet<String> = BTreeSet::new();
    for file in &files {
        let stem = file.file_stem().unwrap().to_string_lossy();
        let picture = &pictures[&format!("{stem}-0001.svg")];
        let (w, h) = picture.size();
        assert!(w > 100 && h > 100, "{stem}: {w}x{h}");
        // Rasterised, the picture keeps its size.
        let png = satdoku::render::png(&picture.text).unwrap();
        let be = |i: usize| u32::from_be_bytes(png[i..i + 4].try_into().unwrap());
        assert_eq!(
            (&png[12..16], be(16), be(20)),
            (&b"IHDR"[..], w, h),
            "{stem}"
        );
        let puzzle = common::library_puzzle(file);
        // Every constraint the engine reads is drawn, with its family's class.
        let drawn = picture.constraints();
        for (i, constraint) in puzzle.rules().constraints().iter().enumerate() {
            let class = class_name(constraint.kind());
            let found = drawn.get(&(i + 1));
            // A rule over the whole grid (non-consecutive, knightmare …) is named in the
            // legend, by its name.
            let legend = match satdoku::rules::GlobalRule::of_constraint(constraint) {
                Some(rule) => picture.count(&["legend", "rule", rule.name()]) > 0,
                None => picture.count(&["legend", &class]) > 0,
            };
            assert!(
                found.is_some_and(|c| c.contains(&class)) || legend,
                "{stem}: {constraint} ({class}) not drawn"
            );
            families.insert(class);
        }
        assert!(
            drawn
                .keys()
                .all(|&i| i <= puzzle.rules().constraints().len()),
            "{stem}: a drawn constraint the puzzle lacks"
        );
        if file.extension().is_some_and(|e| e == "json") {
            // Givens, regions and families against the independent f-puzzles reader.
            let fp = fpuzzles::read(file);
            assert_eq!(
                picture.digits("given")[0],
                expected_givens(&fp.givens),
                "{stem}: givens"
            );
            let n = fp.size;
            let mut region = vec![vec![0; n]; n];
            for k in 0..n {
                for &(r, c) in &fp.houses[3 * k + 2] {
                    region[r][c] = k;
                }
            }
            assert_eq!(
                picture.border_segments(),
                borders(&region),
                "{stem}: borders"
            );
            let classes = picture.classes();
            for class in fpuzzles_classes(file) {
                assert!(classes.contains(class), "{stem}: no {class} drawn");
            }
        }
    }
    // Every family of the table draws, on some bundled puzzle.
    for kind in VariantConstraint::kinds() {
        assert!(
            families.contains(&class_name(kind)),
            "no bundled puzzle draws a {kind}: every family must draw"
        );
    }
}

#[test]
fn every_bundled_grid_file_renders_with_its_givens_and_boxes_or_regions() {
    // (file, flags, boxes or region file)
    type Case<'a> = (&'a str, &'a [&'a str], Result<(usize, usize), &'a str>);
    let cases: &[Case<'_>] = &[
        ("4x4.txt", &[], Ok((2, 2))),
        ("examples.txt", &[], Ok((3, 3))),
        ("variants/6x6.txt", &[], Ok((2, 3))),
        ("variants/12x12.txt", &[], Ok((3, 4))),
        ("variants/windoku.txt", &["--windoku"], Ok((3, 3))),
        ("variants/anti-king.txt", &["--anti-king"], Ok((3, 3))),
        (
            "variants/disjoint-groups.txt",
            &["--disjoint-groups"],
            Ok((3, 3)),
        ),
        (
            "variants/jigsaw-9x9.txt",
            &["--regions"],
            Err("variants/jigsaw-9x9.regions"),
        ),
        (
            "variants/jigsaw-6x6.txt",
            &["--regions"],
            Err("variants/jigsaw-6x6.regions"),
        ),
    ];
    for &(name, flags, regions) in cases {
        let mut args: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
        if let Err(file) = regions {
            args.push(puzzle_path(file).display().to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_dir, pictures) = render(&[puzzle_path(name)], &args);
        let puzzles = parse_file(name);
        assert_eq!(
            pictures.len(),
            puzzles.len(),
            "{name}: a picture per puzzle"
        );
        for (picture, givens) in pictures.values().zip(&puzzles) {
            let n = givens.len();
            assert_eq!(
                picture.digits("given")[0],
                expected_givens(givens),
                "{name}"
            );
            let region = match regions {
                Ok((br, bc)) => boxes(n, br, bc),
                Err(file) => read_regions(file),
            };
            assert_eq!(picture.border_segments(), borders(&region), "{name}");
            let classes = picture.classes();
            for (flag, class) in [
                ("--windoku", "windoku"),
                ("--anti-king", "anti-king"),
                ("--disjoint-groups", "disjoint-groups"),
            ] {
                assert_eq!(flags.contains(&flag), classes.contains(class), "{name}");
            }
        }
    }
    // Diagonals draw as two lines.
    let dir = tempfile::tempdir().unwrap();
    let blank = dir.path().join("blank.txt");
    std::fs::write(&blank, "................\n").unwrap();
    let (_dir, pictures) = render(&[blank], &["--diagonal"]);
    let picture = pictures.values().next().unwrap();
    assert_eq!(picture.count(&["rule", "diagonal"]), 2);
}

#[test]
fn png_pictures_are_the_svg_rasterised_at_its_size() {
    for name in [
        "4x4.txt",
        "variants/constraints/little-killer-1.json",
        "variants/12x12.txt",
    ] {
        let file = puzzle_path(name);
        let (_dir, svgs) = render(std::slice::from_ref(&file), &[]);
        let (w, h) = svgs.values().next().unwrap().size();
        let dir = tempfile::tempdir().unwrap();
        satdoku()
            .args(["render", "--format", "png", "--output"])
            .arg(dir.path())
            .arg(&file)
            .assert()
            .success();
        let png = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "png"))
            .unwrap();
        let bytes = std::fs::read(png).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{name}");
        assert_eq!(&bytes[12..16], b"IHDR");
        let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
        assert_eq!((be(16), be(20)), (w, h), "{name}");
        // Not a blank image: black grid lines and white cells both.
        assert!(bytes.len() > 2000, "{name}: {} bytes", bytes.len());
    }
}

#[test]
fn a_solution_two_solutions_and_a_clash_are_drawn_as_found() {
    // Unique: the solved digits and the givens make a grid the independent checker accepts.
    let file = puzzle_path("variants/constraints/killer-1.json");
    let (_dir, pictures) = render(std::slice::from_ref(&file), &["--solution"]);
    let picture = pictures.values().next().unwrap();
    let fp = fpuzzles::read(&file);
    let grid = |digits: &BTreeMap<String, String>| {
        let mut g = fp.givens.clone();
        for (cell, digit) in digits {
            let (r, c) = cell[1..].split_once('c').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            g[r - 1][c - 1] = SYMBOLS.find(digit.as_str()).unwrap() as u32 + 1;
        }
        g
    };
    let solved = &picture.digits("solved")[0];
    assert_eq!(solved.len() + picture.digits("given")[0].len(), 81);
    assert_eq!(fp.violation(&grid(solved)), None);

    // Several solutions: two panels, each a solution, the cells where they differ marked.
    let file = puzzle_path("variants/thermometer-draft.json");
    let (_dir, pictures) = render(std::slice::from_ref(&file), &["--solution"]);
    let picture = pictures.values().next().unwrap();
    let fp = fpuzzles::read(&file);
    let panels = picture.digits("solved");
    assert_eq!(panels.len(), 2);
    let (a, b) = (grid(&panels[0]), grid(&panels[1]));
    assert_eq!(fp.violation(&a), None);
    assert_eq!(fp.violation(&b), None);
    let differ: usize = (0..9)
        .flat_map(|r| (0..9).map(move |c| (r, c)))
        .filter(|&(r, c)| a[r][c] != b[r][c])
        .count();
    assert!(differ >= 4);
    assert_eq!(picture.count(&["marked"]), 2 * differ);
    assert!(picture.has_caption());

    // No solution: the clash's givens and constraints shaded, its constraints marked.
    let file = puzzle_path("variants/killer-clash.json");
    let (_dir, pictures) = render(std::slice::from_ref(&file), &["--solution"]);
    let picture = pictures.values().next().unwrap();
    assert!(picture.count(&["clash"]) >= 2);
    assert!(picture.count(&["constraint", "clash"]) >= 1);
    assert!(
        picture.caption().starts_with("no solution: clash"),
        "{}",
        picture.caption()
    );
}

#[test]
fn candidates_and_steps_are_drawn_as_pencil_marks() {
    // A puzzle with several solutions: the true candidates of each blank cell, in it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("loose.txt");
    std::fs::write(&file, "1...............\n").unwrap();
    let (_out, pictures) = render(std::slice::from_ref(&file), &["--candidates"]);
    let picture = pictures.values().next().unwrap();
    let doc = picture.doc();
    let mut by_cell: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for n in doc.descendants().filter(|n| has_classes(n, &["candidate"])) {
        by_cell
            .entry(n.attribute("data-cell").unwrap().to_string())
            .or_default()
            .insert(n.attribute("data-digit").unwrap().to_string());
    }
    // Independently: in a 4×4 with 1 in r1c1, the rest of its row, column and box lose 1;
    // every other cell keeps all four digits.
    assert_eq!(by_cell.len(), 15);
    for (cell, digits) in &by_cell {
        let (r, c) = cell[1..].split_once('c').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        let sees = r == 1 || c == 1 || (r <= 2 && c <= 2);
        assert_eq!(digits.len(), if sees { 3 } else { 4 }, "{cell}");
        assert_eq!(digits.contains("1"), !sees, "{cell}");
    }

    // Shares: each pencil mark shaded by its share of the solutions. In a 4×4 with 1 in
    // r1c1 and 2 in r2c3 (independently: 1 of a cell's digits may be forced by the 2 …),
    // every shade is the count of solutions brute force finds, over all of them.
    let file = dir.path().join("loose.txt");
    std::fs::write(&file, "1.....2.........\n").unwrap();
    let (_out, pictures) = render(std::slice::from_ref(&file), &["--candidates", "shares"]);
    let picture = pictures.values().next().unwrap();
    let mut solutions = Vec::new();
    let givens: common::Plain = vec![vec![1, 0, 0, 0], vec![0, 0, 2, 0], vec![0; 4], vec![0; 4]];
    common::brute_force_solutions_under(
        &givens,
        &common::PlainRules::classic(false),
        1000,
        &mut |s| solutions.push(s.clone()),
    );
    let doc = picture.doc();
    let shades: Vec<_> = doc
        .descendants()
        .filter(|n| has_classes(n, &["share"]))
        .collect();
    assert_eq!(
        shades.len(),
        doc.descendants()
            .filter(|n| has_classes(n, &["candidate"]))
            .count()
    );
    assert!(!shades.is_empty());
    for shade in shades {
        let cell = shade.attribute("data-cell").unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        let digit: u32 = shade.attribute("data-digit").unwrap().parse().unwrap();
        let share = solutions
            .iter()
            .filter(|s| s[r - 1][c - 1] == digit)
            .count() as f32
            / solutions.len() as f32;
        let opacity: f32 = shade.attribute("fill-opacity").unwrap().parse().unwrap();
        assert!(
            (opacity - (0.08 + 0.8 * share)).abs() < 0.01,
            "{cell} {digit}: {opacity} vs share {share}"
        );
    }
    let total = solutions.len();
    assert!(
        picture
            .caption()
            .contains(&format!("share of the {total} solutions")),
        "{}",
        picture.caption()
    );
    // Past the cap, the caption says so; a cap without shares is refused.
    let (_out, pictures) = render(
        &[puzzle_path("empty-9x9.txt")],
        &["--candidates", "shares", "--cap", "3"],
    );
    let caption = pictures.values().next().unwrap().caption();
    assert!(
        caption.contains("counted up to 3 (the darkest: 3 or more)"),
        "{caption}"
    );
    let out = satdoku()
        .args(["render", "--candidates", "--cap", "3"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("--cap counts solutions for --candidates shares"));

    // A step: its removed candidates struck in red, its cells marked, its text below.
    let file = puzzle_path("examples.txt");
    let dir = tempfile::tempdir().unwrap();
    satdoku()
        .args(["render", "--step", "20", "--output"])
        .arg(dir.path())
        .arg(&file)
        .assert()
        .success();
    let third = Picture::read(&dir.path().join("examples-0003.svg"));
    assert!(third.count(&["candidate", "removed"]) + third.count(&["candidate", "placed"]) > 0);
    assert!(third.count(&["marked"]) > 0 && third.has_caption());

    // A step past the path's end is an error naming it; the other puzzles still draw.
    let out = satdoku()
        .args(["render", "--step", "70", "--output"])
        .arg(dir.path())
        .arg(puzzle_path("4x4.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_of(&out).contains("--step 70 is past the logical path"));

    // A puzzle that is not unique says so rather than only counting no steps.
    for (puzzle, says) in [
        ("12....3.........", "has no solution"),
        ("1...............", "several solutions"),
    ] {
        let out = satdoku()
            .args(["render", "--step", "40"])
            .write_stdin(format!("{puzzle}\n"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = stderr_of(&out);
        assert!(
            err.contains("past the logical path") && err.contains(says),
            "{err}"
        );
    }
}

#[test]
fn one_picture_goes_to_standard_output_and_more_need_a_directory() {
    let out = satdoku()
        .args(["render"])
        .write_stdin("1...............\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    roxmltree::Document::parse(&text).unwrap();

    let out = satdoku()
        .args(["render"])
        .write_stdin("1...............\n2...............\n")
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(
        stderr_of(&out).contains("give --output DIR"),
        "{}",
        stderr_of(&out)
    );

    // Two inputs with one stem: each picture a file of its own, none overwritten.
    let dir = tempfile::tempdir().unwrap();
    for sub in ["a", "b"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
        std::fs::write(dir.path().join(sub).join("x.txt"), "1...............\n").unwrap();
    }
    let out_dir = dir.path().join("out");
    satdoku()
        .args(["render", "--output"])
        .arg(&out_dir)
        .arg(dir.path().join("a/x.txt"))
        .arg(dir.path().join("b/x.txt"))
        .assert()
        .success();
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["x-0001.svg", "x-2-0001.svg"]);

    // Grids given on the command line, each its own hint picture.
    let hints = dir.path().join("hints");
    satdoku()
        .args(["hint", "--render"])
        .arg(&hints)
        .args(["14........1.3...", "1......2..3...4."])
        .output()
        .unwrap();
    assert_eq!(std::fs::read_dir(&hints).unwrap().count(), 2);
    // An output that is a file is named as such.
    let out = satdoku()
        .args(["render", "--output"])
        .arg(dir.path().join("a/x.txt"))
        .write_stdin("1...............\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("is not a directory"),
        "{}",
        stderr_of(&out)
    );

    // A directory that cannot be made is an error, not silence.
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, "").unwrap();
    let out = satdoku()
        .args(["render", "--output"])
        .arg(blocker.join("sub"))
        .write_stdin("1...............\n")
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr_of(&out).contains("making"), "{}", stderr_of(&out));
}

/// The pictures README.md shows: one per family (its first bundled puzzle), jigsaw and
/// windoku rules, a clash and two solutions; by file name in `docs/pictures`, the input and
/// the flags.
fn gallery() -> Vec<(String, PathBuf, Vec<&'static str>)> {
    let mut pictures = Vec::new();
    let mut seen = BTreeSet::new();
    // A family's picture is of its own bundled puzzle (`xv-1.json` for XV) where one
    // exists: files named after a family come first.
    let mut files = common::constraint_files();
    let stem = |f: &PathBuf| f.file_stem().unwrap().to_string_lossy().to_string();
    let own = |f: &PathBuf| {
        let puzzle = common::library_puzzle(f);
        let first = puzzle
            .rules()
            .constraints()
            .first()
            .map(|c| class_name(c.kind()));
        first.is_some_and(|class| {
            class
                .split('-')
                .next()
                .is_some_and(|w| stem(f).starts_with(w))
        })
    };
    files.sort_by_key(|f| !own(f));
    for file in files {
        let puzzle = common::library_puzzle(&file);
        for constraint in puzzle.rules().constraints() {
            let class = class_name(constraint.kind());
            if seen.insert(class.clone()) {
                pictures.push((format!("{class}.svg"), file.clone(), Vec::new()));
            }
        }
    }
    pictures.push((
        "jigsaw-anti-king.svg".into(),
        puzzle_path("variants/jigsaw-anti-king.toml"),
        vec![],
    ));
    // Regions to be found, with the regions a solution finds drawn.
    for (picture, file) in [
        (
            "chaos-construction.svg",
            "variants/chaos-construction-4x4.toml",
        ),
        ("region-run-clue.svg", "variants/region-run-6x6.toml"),
        ("region-count-clue.svg", "variants/region-count-6x6.toml"),
        ("same-region-cells.svg", "variants/same-region-9x9.toml"),
    ] {
        pictures.push((picture.into(), puzzle_path(file), vec!["--solution"]));
    }
    pictures.push((
        "distinct-regions-clue.svg".into(),
        puzzle_path("variants/distinct-regions-9x9.toml"),
        vec![],
    ));
    pictures.push((
        "windoku.svg".into(),
        puzzle_path("variants/windoku.txt"),
        vec!["--windoku"],
    ));
    pictures.push((
        "clash.svg".into(),
        puzzle_path("variants/killer-clash.json"),
        vec!["--solution"],
    ));
    pictures.push((
        "two-solutions.svg".into(),
        puzzle_path("variants/thermometer-draft.json"),
        vec!["--solution"],
    ));
    pictures
}

/// README.md's pictures are satdoku's own and current: each is what `render` draws now
/// (`SATDOKU_BLESS=1 cargo test --test tests render::` writes them anew), and README.md shows each.
#[test]
fn the_readme_gallery_is_what_render_draws_now() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder = root.join("docs/pictures");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let bless = std::env::var_os("SATDOKU_BLESS").is_some();
    let (mut stale, mut unshown) = (Vec::new(), Vec::new());
    for (name, file, flags) in gallery() {
        let dir = tempfile::tempdir().unwrap();
        let out = satdoku()
            .arg("render")
            .arg(&file)
            .args(&flags)
            .arg("--output")
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr_of(&out));
        let stem = file.file_stem().unwrap().to_string_lossy();
        let first = dir.path().join(format!("{stem}-0001.svg"));
        // The title names the file as given: keep it free of this machine's paths.
        let drawn = std::fs::read_to_string(first)
            .unwrap()
            .replace(&format!("{}/", root.display()), "");
        let path = folder.join(&name);
        if bless {
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(&path, &drawn).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(drawn.as_str()) {
            stale.push(name.clone());
        }
        if !readme.contains(&format!("docs/pictures/{name}")) {
            unshown.push(name);
        }
    }
    assert!(unshown.is_empty(), "README.md does not show {unshown:?}");
    assert!(
        stale.is_empty(),
        "pictures out of date (SATDOKU_BLESS=1 cargo test --test tests render:: writes them): {stale:?}"
    );
}

/// `explain --render` draws the path a person can follow: a picture per step, each with
/// its number and sentence below and what it changes marked, and one of the end.
#[test]
fn explain_draws_its_path_a_picture_per_step() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_path("variants/killer.toml");
    let out = satdoku()
        .args(["explain", "--render"])
        .arg(dir.path())
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(lines.len() > 10);
    for (k, line) in lines.iter().enumerate() {
        let picture = Picture::read(
            &dir.path()
                .join(format!("killer-0001-step-{:03}.svg", k + 1)),
        );
        // The caption is the step's line as explain prints it.
        assert_eq!(picture.caption(), *line, "step {}", k + 1);
        let changed =
            picture.count(&["candidate", "removed"]) + picture.count(&["candidate", "placed"]);
        assert!(changed > 0, "step {}: nothing marked", k + 1);
        // A constraint's own step shows that constraint in focus, and only then.
        let focus = picture.count(&["constraint", "focus"]);
        let own = line.split_once(". ").unwrap().1.starts_with("constraint:");
        assert_eq!(focus > 0, own, "step {}", k + 1);
    }
    let end = Picture::read(&dir.path().join("killer-0001-end.svg"));
    assert!(end.caption().starts_with("logic solves it in"));
    // The end shows the solved grid: every cell a given or a solved digit.
    assert_eq!(
        end.digits("given")[0].len() + end.digits("solved")[0].len(),
        36
    );
    let files = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(files, lines.len() + 1);
}

/// `hint --render` draws the hint: the step's removals struck out on the candidates before
/// it, its cells marked, its sentence (as `hint` prints it) below; a wrong entry shaded.
#[test]
fn hint_draws_its_step_or_the_wrong_entry() {
    let dir = tempfile::tempdir().unwrap();
    let out = satdoku()
        .args(["hint", "--render"])
        .arg(dir.path())
        .arg("1.3...........2.")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let line = String::from_utf8(out.stdout).unwrap();
    let picture = Picture::read(&dir.path().join("argument-0001-hint.svg"));
    assert_eq!(picture.caption(), line.trim_end());
    let changed =
        picture.count(&["candidate", "removed"]) + picture.count(&["candidate", "placed"]);
    assert!(changed > 0 && picture.count(&["marked"]) > 0);

    // No solution with all three entries, one with any two: they are shaded.
    let out = satdoku()
        .args(["hint", "--render"])
        .arg(dir.path())
        .arg("12....3...4.....")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("wrong: one of r1c1=1, r1c2=2, r2c3=3"),
        "{text}"
    );
    let picture = Picture::read(&dir.path().join("argument-0001-hint.svg"));
    assert_eq!(picture.count(&["clash"]), 3);
    assert_eq!(picture.caption(), text.trim_end());
}

#[test]
fn regions_that_are_whole_rows_or_columns_draw_no_borders() {
    // f-puzzles' 7×7 has no boxes: without regions each row is one, and draws as no region.
    // With regions of whole columns the same; with one region of two columns' halves,
    // only that region's borders show.
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, region: &dyn Fn(usize, usize) -> Option<usize>| {
        let grid: Vec<Vec<serde_json::Value>> = (0..7)
            .map(|r| {
                (0..7)
                    .map(|c| match region(r, c) {
                        Some(k) => serde_json::json!({ "region": k }),
                        None => serde_json::json!({}),
                    })
                    .collect()
            })
            .collect();
        let path = dir.path().join(name);
        let json = serde_json::json!({ "size": 7, "grid": grid });
        std::fs::write(&path, json.to_string()).unwrap();
        path
    };
    let files = [
        write("rows.json", &|_, _| None),
        write("columns.json", &|_, c| Some(c)),
        // Columns 1 and 2 swap their lower halves: two regions that are no column.
        write("mixed.json", &|r, c| {
            Some(if r >= 4 && (c == 1 || c == 2) {
                3 - c
            } else {
                c
            })
        }),
    ];
    let (_out, pictures) = render(&files, &[]);
    assert_eq!(pictures["rows-0001.svg"].border_segments(), 0);
    assert_eq!(pictures["columns-0001.svg"].border_segments(), 0);
    // The two mixed regions against the columns beside them and each other: the vertical
    // lines left of column 1, between 1 and 2, and right of column 2, over all seven rows,
    // and the two half-cell steps where the halves meet.
    assert_eq!(pictures["mixed-0001.svg"].border_segments(), 3 * 7 + 2);
}

#[test]
fn a_region_in_pieces_is_shaded_and_named_in_the_legend() {
    // Regions A and D are two pieces each; B and C are one.
    let dir = tempfile::tempdir().unwrap();
    let regions = [[0, 0, 1, 1], [2, 2, 1, 1], [2, 2, 3, 3], [3, 3, 0, 0]];
    let grid: Vec<Vec<serde_json::Value>> = regions
        .iter()
        .map(|row| {
            row.iter()
                .map(|&k| serde_json::json!({ "region": k }))
                .collect()
        })
        .collect();
    let path = dir.path().join("pieces.json");
    std::fs::write(
        &path,
        serde_json::json!({ "size": 4, "grid": grid }).to_string(),
    )
    .unwrap();
    let (_out, pictures) = render(&[path], &[]);
    let picture = &pictures["pieces-0001.svg"];
    let doc = picture.doc();
    let shaded: BTreeMap<&str, usize> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "path" && has_classes(n, &["region-pieces"]))
        .map(|n| {
            let cells = n.attribute("d").unwrap().matches('M').count();
            (n.attribute("data-house").unwrap(), cells)
        })
        .collect();
    assert_eq!(shaded, BTreeMap::from([("region A", 4), ("region D", 4)]));
    assert!(picture.count(&["legend", "region-pieces"]) > 0);
}

#[test]
fn a_little_killer_clue_stands_outside_the_grid_wherever_its_cells_start() {
    // A clue whose cells start in the middle of the grid, and one from the edge.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lk.toml");
    let empty = ".........\n".repeat(9);
    let text = format!(
        "puzzle = \"\"\"\n{empty}\"\"\"\n\n[[little-killer]]\ncells = \"r5c5 r6c6 r7c7\"\nsum = 6\n\n\
         [[little-killer]]\ncells = \"r1c8 r2c7\"\nsum = 3\n"
    );
    std::fs::write(&path, text).unwrap();
    let (_out, pictures) = render(&[path], &[]);
    let picture = &pictures["lk-0001.svg"];
    let doc = picture.doc();
    // Each clue's arrow: its first path starts at the clue's side, outside the 9×9 grid.
    let starts: BTreeMap<&str, (f32, f32)> = doc
        .descendants()
        .filter(|n| has_classes(n, &["little-killer"]))
        .filter_map(|g| {
            let path = g.children().find(|c| c.tag_name().name() == "path")?;
            let d = path.attribute("d")?;
            let mut numbers = d[1..].split(['L', ' ']).map(|x| x.parse::<f32>().unwrap());
            Some((
                g.attribute("data-index")?,
                (numbers.next()?, numbers.next()?),
            ))
        })
        .collect();
    assert_eq!(starts.len(), 2, "{starts:?}");
    for (index, (x, y)) in &starts {
        assert!(
            !(0.0..=9.0).contains(x) || !(0.0..=9.0).contains(y),
            "clue {index} at {x} {y}"
        );
    }
    // The edge clue one step up and right of r1c8: above the grid, over column 9.
    let (x, y) = starts["2"];
    assert!(y < 0.0 && (8.0..9.0).contains(&x), "{x} {y}");
}

#[test]
fn explain_draws_the_steps_asked_for_and_says_what_it_left_out() {
    // A path of more than 100 steps: the default draws the first 100 and says so; `all`
    // draws every one; a range draws those steps only. The end is always drawn.
    let long = std::fs::read_to_string(puzzle_path("examples.txt"))
        .unwrap()
        .lines()
        .nth(4)
        .unwrap()
        .to_string();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("long.txt");
    std::fs::write(&input, format!("{long}\n")).unwrap();
    let run = |steps: Option<&str>| {
        let pictures = tempfile::tempdir().unwrap();
        let mut command = satdoku();
        command
            .args(["explain", "--render"])
            .arg(pictures.path())
            .arg(&input);
        if let Some(steps) = steps {
            command.args(["--render-steps", steps]);
        }
        let out = command.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let text = String::from_utf8(out.stdout.clone()).unwrap();
        let total = text.lines().filter(|l| !l.starts_with('#')).count();
        let mut names: Vec<String> = std::fs::read_dir(pictures.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        (total, names, stderr_of(&out))
    };
    let (total, names, err) = run(None);
    assert!(total > 100, "{total} steps");
    assert_eq!(names.len(), 101);
    assert_eq!(names[0], "long-0001-end.svg");
    assert_eq!(names[100], "long-0001-step-100.svg");
    assert!(
        err.contains(&format!("pictures of 100 of its {total} steps")),
        "{err}"
    );
    let (_, names, err) = run(Some("all"));
    assert_eq!(names.len(), total + 1);
    assert!(!err.contains("pictures of"), "{err}");
    let (_, names, _) = run(Some("3-4"));
    assert_eq!(
        names,
        [
            "long-0001-end.svg",
            "long-0001-step-003.svg",
            "long-0001-step-004.svg"
        ]
    );
    // Refused: no step 0, a range backwards, without --render.
    for bad in [&["--render-steps", "0"][..], &["--render-steps", "5-2"]] {
        let out = satdoku()
            .args(["explain", "--render"])
            .arg(dir.path().join("pictures"))
            .args(bad)
            .arg(&input)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    let out = satdoku()
        .args(["explain", "--render-steps", "3"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn what_was_left_unread_is_listed_below_the_grid_in_red() {
    // A sentence of the rules names anti-knight, which nothing else states: unread, and
    // the picture says so; with the rule given, nothing is listed.
    let file = puzzle_path("variants/sudokupad/knight-in-words.json");
    let (_out, pictures) = render(std::slice::from_ref(&file), &[]);
    let picture = &pictures["knight-in-words-0001.svg"];
    assert!(picture.count(&["legend", "unread"]) > 0);
    let doc = picture.doc();
    let said: String = doc
        .descendants()
        .filter(|n| has_classes(n, &["legend", "unread"]))
        .filter_map(|n| n.attribute("aria-label"))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        said.contains("not read as a rule") && said.contains("knight"),
        "{said}"
    );
    let (_out, pictures) = render(&[file], &["--anti-knight"]);
    assert_eq!(
        pictures["knight-in-words-0001.svg"].count(&["legend", "unread"]),
        0
    );
}
