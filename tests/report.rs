//! `satdoku report`: one self-contained HTML page (no scripts, links or fonts from outside), a section and a summary row per puzzle, pictures that parse, the logical path as `explain` prints it; and, where Chromium is installed, the page loads in a real headless browser without console messages and its screenshot shows the grids.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::{puzzle_path, satdoku, stderr_of};

/// The bundled inputs of the report: classic puzzles, a killer, two solutions and a clash.
fn inputs() -> Vec<PathBuf> {
    [
        "examples.txt",
        "variants/killer.toml",
        "variants/thermometer-draft.json",
        "variants/killer-clash.json",
    ]
    .iter()
    .map(|name| puzzle_path(name))
    .collect()
}

/// The report of `inputs()`.
fn report() -> String {
    let out = (satdoku().args(["report", "--cap", "100"]).args(inputs()))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_report_is_one_self_contained_page_with_every_puzzle() {
    let page = report();
    assert!(page.starts_with("<!DOCTYPE html>"));
    for outside in ["<script", "<link", "src=", "url(", "@import", "https:"] {
        assert!(!page.contains(outside), "the page holds {outside}");
    }
    // http: only as the SVG namespace, which nothing fetches.
    assert_eq!(
        page.matches("http:").count(),
        page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
    );
    // 7 classic puzzles, a killer, one with two solutions, one without: 10 sections, 10
    // summary rows, each section's picture a well-formed SVG, ids unique on the page.
    assert_eq!(page.matches("<section id=\"puzzle-").count(), 10);
    assert_eq!(page.matches("<tr><td class=\"n\">").count(), 10);
    let mut ids = BTreeSet::new();
    let mut rest = page.as_str();
    let mut pictures = 0;
    while let Some(start) = rest.find("<svg ") {
        let end = rest[start..].find("</svg>").unwrap() + start + "</svg>".len();
        let doc = roxmltree::Document::parse(&rest[start..end]).unwrap();
        for id in doc.descendants().filter_map(|n| n.attribute("id")) {
            assert!(ids.insert(id.to_string()), "id {id} twice on the page");
        }
        pictures += 1;
        rest = &rest[end..];
    }
    // The puzzle with several solutions has a second picture: its true candidates shaded by
    // their share of the solutions.
    assert_eq!(pictures, 11);
    let section = &page[page.find("id=\"puzzle-9\"").unwrap()..];
    let section = &section[..section.find("</section>").unwrap()];
    assert_eq!(section.matches("<svg ").count(), 2, "{section}");
    assert!(section.contains("class=\"share\""));
    assert!(section.contains("counted up to 100 (the"), "{section}");
    assert!(page.contains("class=\"multiple\""));
    assert!(page.contains("no solution: clash"));
    // The folded path of the killer is explain's, step for step.
    let out = satdoku()
        .arg("explain")
        .arg(puzzle_path("variants/killer.toml"))
        .output()
        .unwrap();
    let explained: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once(". ").unwrap().1.to_string())
        .collect();
    let section = &page[page.find("id=\"puzzle-8\"").unwrap()..];
    let section = &section[..section.find("</section>").unwrap()];
    let steps: Vec<String> = section
        .split("<li>")
        .skip(1)
        .map(|li| {
            li[..li.find("</li>").unwrap()]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .collect();
    assert_eq!(steps, explained);
    assert!(section.contains(&format!("logical path: {} steps", explained.len())));
}

/// Chromium, when this machine has it (`SATDOKU_CHROMIUM` names another binary).
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("SATDOKU_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    common::on_path(&["chromium", "chromium-browser"])
}

#[test]
fn the_report_opens_in_a_headless_browser() {
    let Some(browser) = chromium() else {
        common::skipped(
            "the_report_opens_in_a_headless_browser",
            "chromium is not installed",
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("report.html");
    std::fs::write(&page, report()).unwrap();
    let shot = dir.path().join("shot.png");
    let out = std::process::Command::new(&browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=1200,1600",
        ])
        .arg(format!(
            "--user-data-dir={}",
            dir.path().join("profile").display()
        ))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    let log = stderr_of(&out);
    assert!(out.status.success(), "{log}");
    // Whatever the page says to the console (a resource that failed, a parse error) is
    // logged as CONSOLE: nothing may be.
    let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "{console:?}");
    // The screenshot shows the summary and the first grid: dark lines and digits on white.
    let pixmap = resvg::tiny_skia::Pixmap::load_png(&shot).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (1200, 1600));
    let pixels = pixmap.pixels();
    let dark = pixels
        .iter()
        .filter(|p| p.red() < 80 && p.green() < 80 && p.blue() < 80)
        .count();
    let white = pixels
        .iter()
        .filter(|p| p.red() > 240 && p.green() > 240 && p.blue() > 240)
        .count();
    let blue = pixels
        .iter()
        .filter(|p| p.blue() > 150 && p.red() < 90 && p.green() < 130)
        .count();
    let total = pixels.len();
    assert!(white > total / 2, "mostly white: {white} of {total}");
    assert!(dark > total / 100, "grid lines and text: {dark} of {total}");
    // The first puzzle's solution, in blue, is on screen.
    assert!(blue > 1000, "the solution's blue digits: {blue}");
}
