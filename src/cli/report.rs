//! `satdoku report`: one self-contained HTML page for a batch of puzzles: a summary table, then per puzzle its picture, verdict, rating, hardest technique and folded logical path.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use satdoku::check::Verdict;
use satdoku::logic::{End, Step, explain};
use satdoku::rate::{Rating, rate_path};
use satdoku::render::{Escaped, Overlays, svg_panels, verdict_panels};
use satdoku::truth::{SolutionCounts, capped_solution_counts, true_candidates};
use satdoku::{AutoSolver, Candidates, Layout, Puzzle, Solver};

use super::args::{InputArgs, ThreadArgs};
use super::input::{self, Item};
use super::output::{Status, Tally};
use super::render::shares_caption;
use super::step::step_line;

/// Arguments of `satdoku report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub threads: ThreadArgs,
    /// The page's title (default: "satdoku report" and the inputs' names).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// For a puzzle with several solutions, its true candidates are drawn shaded by their
    /// share of the solutions, each digit of each cell counted up to K solutions (at least
    /// 1).
    #[arg(long, value_name = "K", default_value_t = super::render::DEFAULT_CAP, value_parser = super::args::at_least_one)]
    pub cap: u64,
}

/// What the work on one puzzle found.
struct Reported {
    verdict: Verdict,
    /// The logical path and rating of a puzzle with one solution.
    logic: Option<(Vec<Step>, End, Rating)>,
    /// The true candidates of a puzzle with several solutions, with their solution counts.
    shares: Option<(Candidates, SolutionCounts)>,
}

/// The page's style: no fonts, scripts or anything from the network.
const STYLE: &str = "body{font-family:sans-serif;margin:2em;color:#111;max-width:72em}\
table{border-collapse:collapse;margin:1em 0}\
th,td{border:1px solid #bbb;padding:.25em .6em;text-align:left}\
th{background:#eee}td.n{text-align:right}\
section{border-top:2px solid #444;margin-top:2em;padding-top:.5em}\
.picture svg{max-width:100%;height:auto}\
dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}\
dt{font-weight:bold}dd{margin:0}\
.unique{color:#176b2c}.multiple,.no_solution,.invalid{color:#a01818}\
details{margin:1em 0}summary{cursor:pointer}ol{font-family:monospace;font-size:.9em}";

/// Writes the report of every puzzle of the input to standard output.
pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    args.input.unanswered(super::args::LOGIC_FINDS_NO_REGIONS);
    super::sink::open().context("writing the output")?;
    let pool = args.threads.pool()?;
    let mut tally = Tally::default();
    let mut summary = String::new();
    let mut sections = String::new();
    // Puzzles are numbered through the whole page (an input's own numbering restarts per
    // file).
    let mut number = 0usize;
    let work = |solver: &mut AutoSolver, puzzle: &Puzzle| {
        let verdict = solver.check(puzzle);
        let logic = matches!(verdict, Verdict::Unique { .. }).then(|| {
            let layout = Layout::new(puzzle.rules());
            let path = explain(&layout, puzzle.grid(), true);
            let rating = rate_path(puzzle, &path);
            (path.steps, path.end, rating)
        });
        let shares = matches!(verdict, Verdict::Multiple { .. })
            .then(|| true_candidates(puzzle))
            .flatten()
            .map(|candidates| (candidates, capped_solution_counts(puzzle, args.cap)));
        Reported {
            verdict,
            logic,
            shares,
        }
    };
    let errors = input::for_each_parallel(
        &args.input,
        &pool,
        AutoSolver::default,
        work,
        |item: Item, reported| {
            number += 1;
            let anchor = format!("puzzle-{number}");
            let source = format!("{}, puzzle {}, line {}", item.file, item.index, item.line);
            let (Ok(puzzle), Some(reported)) = (&item.puzzle, reported) else {
                let error = item.error().unwrap_or_default();
                tally.record(Status::Invalid, false);
                let _ = writeln!(
                    summary,
                    r##"<tr><td class="n"><a href="#{anchor}">{number}</a></td><td>{}</td><td class="invalid">invalid</td><td colspan="4">{}</td></tr>"##,
                    Escaped(&source),
                    Escaped(&error)
                );
                let _ = writeln!(
                    sections,
                    r#"<section id="{anchor}"><h2>Puzzle {number}</h2><p>{}</p><p class="invalid">invalid: {}</p></section>"#,
                    Escaped(&source),
                    Escaped(&error)
                );
                return Ok(());
            };
            let status = Status::of(&reported.verdict);
            tally.record(status, true);
            let page = Page {
                summary: &mut summary,
                sections: &mut sections,
                number,
            };
            section(page, &item, puzzle, &reported, status);
            Ok(())
        },
    )?;
    tally.add_errors(errors.saturating_sub(tally.count(Status::Invalid)));
    if number == 0 {
        // No puzzle, not even an invalid one: the errors said why, and a page would look
        // like an answer.
        return Ok(tally.exit_code());
    }
    let names: Vec<String> = if args.input.files.is_empty() {
        vec!["standard input".to_string()]
    } else {
        args.input
            .files
            .iter()
            .map(|f| f.display().to_string())
            .collect()
    };
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| format!("satdoku report: {}", names.join(", ")));
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n<p>{}</p>\n",
        Escaped(&title),
        Escaped(&title),
        Escaped(&tally.summary())
    );
    page.push_str("<table class=\"summary\">\n<tr><th>#</th><th>source</th><th>verdict</th><th>difficulty</th><th>hardest technique</th><th>SE</th><th>steps</th></tr>\n");
    page.push_str(&summary);
    page.push_str("</table>\n");
    page.push_str(&sections);
    page.push_str("</body>\n</html>\n");
    let mut out = std::io::stdout().lock();
    out.write_all(page.as_bytes())
        .and_then(|()| out.flush())
        .context("writing the output")?;
    Ok(tally.exit_code())
}

/// The summary row and the section of one puzzle.
fn section(page: Page<'_>, item: &Item, puzzle: &Puzzle, reported: &Reported, status: Status) {
    let Page {
        summary,
        sections,
        number,
    } = page;
    let notation = &item.notation;
    let anchor = format!("puzzle-{number}");
    let source = format!("{}, puzzle {}, line {}", item.file, item.index, item.line);
    let title = format!("{} puzzle {}", item.file, item.index);
    let base = Overlays {
        title,
        unread: item.unread().to_vec(),
        ..Overlays::default()
    };
    let picture = svg_panels(
        puzzle,
        notation,
        &verdict_panels(puzzle, &reported.verdict, notation, &base),
    );
    // Pictures share one page: their glyph definitions get ids of their own.
    let own_ids = |picture: String, prefix: &str| {
        picture
            .replace("id=\"glyph-", &format!("id=\"{prefix}glyph-"))
            .replace("href=\"#glyph-", &format!("href=\"#{prefix}glyph-"))
    };
    let mut picture = own_ids(picture, &format!("p{number}-"));
    if let Some((candidates, counts)) = &reported.shares {
        let shaded = Overlays {
            candidates: Some(candidates),
            shares: Some(counts),
            caption: vec![shares_caption(counts)],
            ..base.clone()
        };
        picture.push_str(&own_ids(
            svg_panels(puzzle, notation, &[shaded]),
            &format!("p{number}s-"),
        ));
    }
    let (difficulty, hardest, se, steps) = match &reported.logic {
        Some((steps, _, rating)) => (
            rating.difficulty.name().to_string(),
            rating.hardest.name().to_string(),
            format!("{:.1}", rating.se()),
            steps.len().to_string(),
        ),
        None => Default::default(),
    };
    let _ = writeln!(
        summary,
        r##"<tr><td class="n"><a href="#{anchor}">{number}</a></td><td>{}</td><td class="{}">{}</td><td>{difficulty}</td><td>{hardest}</td><td class="n">{se}</td><td class="n">{steps}</td></tr>"##,
        Escaped(&source),
        status.name(),
        status.words()
    );
    let _ = writeln!(
        sections,
        "<section id=\"{anchor}\">\n<h2>Puzzle {number}</h2>\n<div class=\"picture\">\n{picture}</div>\n<dl>\n<dt>source</dt><dd>{}</dd>\n<dt>rules</dt><dd>{}</dd>\n<dt>verdict</dt><dd class=\"{}\">{}</dd>",
        Escaped(&source),
        Escaped(&puzzle.rules().to_string()),
        status.name(),
        Escaped(&verdict_text(&reported.verdict, notation))
    );
    if let Some((steps, end, rating)) = &reported.logic {
        let se = format!(" (SE {:.1})", rating.se());
        let _ = writeln!(
            sections,
            "<dt>rating</dt><dd>{}{se}</dd>\n<dt>hardest technique</dt><dd>{}</dd>\n</dl>",
            rating.difficulty.name(),
            rating.hardest.name()
        );
        let ending = match end {
            End::Solved => "logic solves it",
            End::Stuck => "logic stops: no technique applies",
            End::Contradiction => "logic reaches a contradiction",
        };
        let _ = writeln!(
            sections,
            "<details>\n<summary>logical path: {} steps; {ending}</summary>\n<ol>",
            steps.len()
        );
        for step in steps {
            let _ = writeln!(sections, "<li>{}</li>", Escaped(&step_line(step, notation)));
        }
        sections.push_str("</ol>\n</details>\n");
    } else {
        sections.push_str("</dl>\n");
    }
    sections.push_str("</section>\n");
}

/// Where a puzzle's report goes: the summary's rows, the sections, and its number on the
/// page.
struct Page<'a> {
    summary: &'a mut String,
    sections: &'a mut String,
    number: usize,
}

/// The verdict in words: unique; several solutions and where two differ; the clash.
fn verdict_text(verdict: &Verdict, notation: &satdoku::format::Notation) -> String {
    match verdict {
        Verdict::Unique { .. } => "unique: exactly one solution".to_string(),
        Verdict::Multiple { .. } => {
            let differ: Vec<String> = verdict
                .differences()
                .iter()
                .map(|d| notation.show(d).to_string())
                .collect();
            let regions: Vec<String> = (verdict.region_differences().iter())
                .map(ToString::to_string)
                .collect();
            let regions = if regions.is_empty() {
                String::new()
            } else {
                format!("; their regions differ at {}", regions.join(", "))
            };
            format!(
                "several solutions: two of them, side by side, differ at {}{regions}",
                differ.join(", ")
            )
        }
        Verdict::NoSolution { .. } => format!("no solution: {}", verdict.clash(notation)),
    }
}
