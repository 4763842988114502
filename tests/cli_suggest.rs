//! `satdoku suggest --palette` end to end: every single constraint it proposes, added to the draft as its TOML table says, makes `check` find the draft unique; bad palettes are refused.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::{json_rows, run};

/// Runs `suggest` with `args` on `file` as JSON, and checks each proposal: the draft's file
/// with the proposal's table added is unique by `check`, and the draft without it is not.
/// Returns the proposals' texts.
fn proposals_checked(file: &str, args: &[&str]) -> Vec<String> {
    let draft = std::fs::read_to_string(common::puzzle_path(file)).unwrap();
    let (code, _, _) = run(&["check", "-"], &draft);
    assert_eq!(code, Some(1), "the draft is not unique");
    let mut all = vec!["suggest", "--format", "json"];
    all.extend(args);
    let path = format!("puzzles/{file}");
    all.push(&path);
    let (code, out, err) = run(&all, "");
    assert_eq!(code, Some(0), "{err}");
    let row = &json_rows(&out)[0];
    assert_eq!(row["status"], "multiple");
    let proposals = row["constraints"].as_array().unwrap();
    assert!(!proposals.is_empty(), "{out}");
    assert!(row["constraints_found"].as_u64().unwrap() >= proposals.len() as u64);
    assert!(
        row["constraints_tried"].as_u64().unwrap() >= row["constraints_found"].as_u64().unwrap()
    );
    let mut texts = Vec::new();
    for proposal in proposals {
        let table = proposal["toml"].as_str().unwrap();
        let (code, out, err) = run(&["check", "-"], &format!("{draft}\n{table}"));
        assert_eq!(code, Some(0), "{proposal}: {out}{err}");
        assert!(out.starts_with("unique "), "{proposal}: {out}");
        assert!(!proposal["rating"].as_str().unwrap().is_empty());
        texts.push(proposal["constraint"].as_str().unwrap().to_string());
    }
    texts
}

#[test]
fn proposed_markers_and_lines_make_the_draft_unique_by_check() {
    let texts = proposals_checked(
        "variants/sequence-draft.toml",
        &[
            "--palette",
            "white-dot,black-dot,xv,thermometer",
            "--proposals",
            "4",
        ],
    );
    assert_eq!(texts.len(), 4);
}

#[test]
fn proposed_cage_totals_make_the_killer_draft_unique_by_check() {
    let texts = proposals_checked(
        "variants/killer-draft.toml",
        &[
            "--palette",
            "cage",
            "--cage",
            "r4c2-r5c2-r4c3",
            "--cage",
            "r5c3,r6c3,r6c2",
        ],
    );
    assert!(
        texts.iter().all(|t| t.starts_with("killer cage ")),
        "{texts:?}"
    );
}

#[test]
fn a_unique_puzzle_gets_no_proposals_and_a_palette_with_none_says_so() {
    let (code, out, _) = run(
        &["suggest", "--palette", "white-dot", "puzzles/4x4.txt"],
        "",
    );
    assert_eq!(code, Some(0));
    assert!(out.lines().all(|l| l.starts_with("unique ")), "{out}");
    // Two solutions that differ only where no odd or even cell tells them apart.
    let (code, out, _) = run(&["suggest", "--palette", "odd"], ".2.4.4.221434321");
    assert_eq!(code, Some(0));
    assert!(
        out.contains("# no single constraint of odd makes it unique (4 tried on 2 solutions)"),
        "{out}"
    );
}

#[test]
fn bad_palettes_are_refused_with_what_was_wrong() {
    for (args, words) in [
        (vec!["--palette", "nonsense"], "`nonsense` is no family"),
        (
            vec!["--palette", "quadruple"],
            "`quadruple` cannot be proposed",
        ),
        (vec!["--palette", "cage"], "`cage` needs the cells"),
        (
            vec!["--palette", "xv", "--cage", "r1c1-r1c2"],
            "`cage` is not in the palette",
        ),
        (
            vec!["--palette", "cage", "--cage", "r1c1-r0c2"],
            "\"r0c2\" is not a cell",
        ),
        (vec!["--cage", "r1c1-r1c2"], "--palette"),
        (
            vec!["--palette", "thermometer", "--line-length", "1"],
            "--line-length",
        ),
    ] {
        let mut all = vec!["suggest"];
        all.extend(&args);
        let (code, out, err) = run(&all, ".2.4.4.221434321");
        assert_eq!(code, Some(2), "{args:?}: {out}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

/// `--to` writes the puzzle made with all the draft holds: the TOML (text, after the
/// suggestion made a comment) reads back as the draft's rules and constraints with the
/// givens added, unique by `check` with the solution the givens keep; JSON rows carry it
/// as `written`, and a link reads back unique too. The line format alone drops the
/// draft's lines: `check` on it finds several solutions.
#[test]
fn suggest_writes_the_puzzle_made_in_a_form_that_keeps_its_constraints() {
    let file = "puzzles/variants/sequence-draft.toml";
    let draft =
        std::fs::read_to_string(common::puzzle_path("variants/sequence-draft.toml")).unwrap();
    let tables = |text: &str| text.matches("[[sequence-line]]").count();
    let (code, toml, err) = run(&["suggest", "--to", "toml", file], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(toml.starts_with("# multiple add "), "{toml}");
    assert_eq!(tables(&toml), tables(&draft));
    assert!(tables(&draft) > 0);
    let (code, checked, err) = run(&["check", "-"], &toml);
    assert_eq!(code, Some(0), "{checked}{err}");
    assert!(checked.starts_with("unique "), "{checked}");

    let (code, out, err) = run(&["suggest", "--to", "fpuzzles", "-f", "json", file], "");
    assert_eq!(code, Some(0), "{err}");
    let row = &json_rows(&out)[0];
    let link = row["written"].as_str().unwrap();
    assert!(link.starts_with("https://www.f-puzzles.com/"), "{link}");
    let (code, again, err) = run(&["check", "-"], link);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(again, checked);
    let line = row["puzzle"].as_str().unwrap();
    let (code, _, _) = run(&["check", "-"], line);
    assert_eq!(code, Some(1), "the line alone has the grid, not the lines");

    // A form that cannot hold the draft's lines: the suggestion still, the form refused by
    // name, exit status 2.
    let (code, out, err) = run(&["suggest", "--to", "sudokupad", "-f", "json", file], "");
    assert_eq!(code, Some(2), "{out}{err}");
    let row = &json_rows(&out)[0];
    assert_eq!(row["status"], "multiple");
    assert!(row["written"].is_null());
    let error = row["error"].as_str().unwrap();
    assert!(error.contains("--to sudokupad: sequence line"), "{error}");
}

/// Of the sets of the fewest givens, the easiest is suggested: on the sequence draft nine
/// single givens each make it unique, and the one suggested leaves no harder a hardest step
/// than the first found (`--choices 1`); each is unique by `check`.
#[test]
fn the_easiest_of_the_fewest_givens_is_suggested() {
    use satdoku::logic::Technique;
    let file = "puzzles/variants/sequence-draft.toml";
    let hardest = |choices: &str| {
        let (code, out, err) = run(&["suggest", "-f", "json", "--choices", choices, file], "");
        assert_eq!(code, Some(0), "{err}");
        let row = json_rows(&out)[0].clone();
        let technique: Technique = row["hardest"].as_str().unwrap().parse().unwrap();
        (row, technique)
    };
    let (first, first_hardest) = hardest("1");
    let (easiest, easiest_hardest) = hardest("10");
    assert_eq!(first["choices"], 1);
    assert_eq!(easiest["choices"], 9);
    assert_eq!(first["givens"].as_array().unwrap().len(), 1);
    assert_eq!(easiest["givens"].as_array().unwrap().len(), 1);
    assert!(easiest_hardest.weight() <= first_hardest.weight());
    assert_ne!(
        first["givens"], easiest["givens"],
        "here the first is not the easiest"
    );
    let draft =
        std::fs::read_to_string(common::puzzle_path("variants/sequence-draft.toml")).unwrap();
    for row in [&first, &easiest] {
        let given = row["givens"][0].as_str().unwrap();
        let (cell, digit) = given.split_once('=').unwrap();
        let (r, c) = cell[1..].split_once('c').unwrap();
        let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        let line = draft
            .lines()
            .find_map(|l| l.strip_prefix("puzzle = \""))
            .unwrap()
            .trim_end_matches('"');
        let mut made: Vec<char> = line.chars().collect();
        assert_eq!(made[index], '.');
        made[index] = digit.chars().next().unwrap();
        let made: String = made.into_iter().collect();
        let text = draft.replace(line, &made);
        let (code, out, _) = run(&["check", "-"], &text);
        assert_eq!(code, Some(0), "{given}: {out}");
    }
}

/// `--palette rules` offers the families the draft uses and names those it cannot offer
/// (here a quadruple, and cages without --cage) in JSON and in text, never dropping them
/// without a word.
#[test]
fn families_the_rules_entry_cannot_offer_are_named() {
    let draft = "boxes = \"2x2\"\npuzzle = \"1...............\"\n\
                 [[quadruple]]\ncells = [\"r2c2\", \"r2c3\", \"r3c2\", \"r3c3\"]\ndigits = [2]\n\
                 [[thermometer]]\ncells = [\"r4c1\", \"r4c2\"]\n\
                 [[cage]]\ncells = [\"r1c3\", \"r1c4\"]\nsum = 7\n";
    let (code, out, err) = run(&["suggest", "--palette", "rules", "-f", "json", "-"], draft);
    assert_eq!(code, Some(0), "{err}");
    let row = &json_rows(&out)[0];
    assert_eq!(row["status"], "multiple", "{out}");
    assert_eq!(
        row["constraints_unoffered"],
        serde_json::json!(["cage", "quadruple"])
    );
    assert!(
        row["constraints_tried"].as_u64().unwrap() > 0,
        "thermometers are offered"
    );
    let (code, text, err) = run(&["suggest", "--palette", "rules", "-"], draft);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.contains("# not offered from the rules: cage, quadruple"),
        "{text}"
    );
}

/// A puzzle without solutions: `suggest` gives `check`'s clash (the same givens and
/// constraints) beside the removals that each give it solutions, exit status 1.
#[test]
fn suggest_gives_the_clash_beside_the_removals() {
    let file = "puzzles/variants/killer-clash.json";
    let (code, checked, _) = run(&["check", "-f", "json", file], "");
    assert_eq!(code, Some(1));
    let checked = &json_rows(&checked)[0];
    let (code, out, err) = run(&["suggest", "-f", "json", file], "");
    assert_eq!(code, Some(1), "{err}");
    let row = &json_rows(&out)[0];
    assert_eq!(row["status"], "no_solution");
    assert_eq!(row["conflict"], checked["conflict"]);
    let clash = row["clash"].as_str().unwrap();
    for part in (checked["conflict"].as_array().unwrap().iter())
        .chain(checked["constraints"].as_array().unwrap())
    {
        assert!(
            clash.contains(part.as_str().unwrap()),
            "{clash} lacks {part}"
        );
    }
    assert!(!row["removals"].as_array().unwrap().is_empty());
    let (_, text, _) = run(&["suggest", file], "");
    assert!(
        text.starts_with(&format!("no_solution {clash}; take out")),
        "{text}"
    );
    // CSV carries them too.
    let (_, csv, _) = run(&["suggest", "-f", "csv", file], "");
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| row[header.iter().position(|&h| h == name).unwrap()];
    assert_eq!(column("clash"), clash);
    assert_eq!(column("removals"), "r1c1=1 r3c4=4");
}
