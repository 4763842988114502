//! Reading variant constraints from files: the fields of f-puzzles cells, grids without boxes, odd geometry, bad constraints named, TOML puzzle files, commands that refuse constraints, and proofs of share links.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use std::path::PathBuf;

use common::fpuzzles;
use common::{Plain, satdoku};

/// Writes `json` to a file and runs `satdoku count` on it: exit code, stdout, stderr; the
/// file's path (in `dir`) for independent readers.
fn count_json(dir: &tempfile::TempDir, json: &str) -> (Option<i32>, String, String, PathBuf) {
    let file = dir.path().join("puzzle.json");
    std::fs::write(&file, json).unwrap();
    let out = satdoku()
        .args(["count", file.to_str().unwrap()])
        .output()
        .unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        out.status.code(),
        text(&out.stdout),
        text(&out.stderr),
        file,
    )
}

/// The fields of a grid's cells: a parity mark is a rule, a solver's own entry is no given
/// (and said so), pencil marks and colours only draw, anything else is refused by name.
#[test]
fn f_puzzles_cell_fields_are_read_or_refused() {
    let with_first_cell = |first: &str| {
        let row = |r: usize| {
            let cells: Vec<&str> = (0..4)
                .map(|c| if r + c == 0 { first } else { "{}" })
                .collect();
            format!("[{}]", cells.join(","))
        };
        let rows: Vec<String> = (0..4).map(row).collect();
        format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","))
    };
    let run = |first: &str| {
        let (code, stdout, stderr, _) =
            count_json(&tempfile::tempdir().unwrap(), &with_first_cell(first));
        (code, stdout, stderr)
    };
    // 288 grids in all, 144 with an odd digit in r1c1, 72 with a 3 there.
    assert_eq!(run("{}").1, "288\n");
    assert_eq!(run("{\"parity\":\"Odd\"}").1, "144\n");
    assert_eq!(
        run("{\"parity\":\"Even\",\"highlight\":\"#ff0000\"}").1,
        "144\n"
    );
    let (code, _, stderr) = run("{\"parity\":\"Prime\"}");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("r1c1: parity \"Prime\" is not"), "{stderr}");
    let (code, out, stderr) = run("{\"value\":3}");
    assert_eq!((code, out.as_str()), (Some(0), "288\n"));
    assert!(
        stderr.contains("warning: 1 cell holds a value that is not a given (a solver's entry, such as r1c1=3): read as blank"),
        "{stderr}"
    );
    assert_eq!(run("{\"value\":3,\"given\":true}").1, "72\n");
    // A given written as a string of a whole number is that number; any other value is
    // refused by cell, never read as a blank.
    assert_eq!(run("{\"value\":\"3\",\"given\":true}").1, "72\n");
    for value in ["3.0", "true", "[3]", "-3", "\"x\"", "{}"] {
        let (code, out, stderr) = run(&format!("{{\"value\":{value},\"given\":true}}"));
        assert_eq!((code, out.as_str()), (Some(2), ""), "{value}: {stderr}");
        assert!(
            stderr.contains(&format!("r1c1: value {value} is not a digit from 1 to 4")),
            "{value}: {stderr}"
        );
    }
    let (code, _, stderr) = run("{\"value\":3,\"given\":\"true\"}");
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("r1c1: \"given\" is \"true\", not true or false"),
        "{stderr}"
    );
    let (code, _, stderr) = run("{\"cornerPencilMarks\":[1,2],\"fog\":true}");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("cell field \"fog\" (r1c1)"), "{stderr}");
}

/// A grid without boxes (5×5, 7×7 …) in an f-puzzles file has what f-puzzles gives it when
/// its cells name no region: rows and columns only (a Latin square).
#[test]
fn f_puzzles_grids_without_boxes_are_latin_squares() {
    let first = "[{\"value\":1,\"given\":true},{\"value\":2,\"given\":true},{\"value\":3,\"given\":true},{\"value\":4,\"given\":true},{\"value\":5,\"given\":true}]";
    let rest = (0..4)
        .map(|_| "[{},{},{},{},{}]")
        .collect::<Vec<_>>()
        .join(",");
    let dir = tempfile::tempdir().unwrap();
    // 161,280 Latin squares of order 5, 1,344 of them with a given first row.
    let (_, stdout, _, file) =
        count_json(&dir, &format!("{{\"size\":5,\"grid\":[{first},{rest}]}}"));
    assert_eq!(stdout, "1344\n");
    let independent = fpuzzles::read(&file);
    assert_eq!(independent.brute_force_count(2000), 1344);
}

/// Geometry no setter's tool draws is read as written, with a warning naming it.
#[test]
fn odd_geometry_is_read_with_a_warning() {
    let grid = (0..4)
        .map(|_| "[{},{},{},{}]")
        .collect::<Vec<_>>()
        .join(",");
    let fields = [
        (
            "\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C3\"]]}]",
            "thermometer r1c1-r1c3: r1c1 and r1c3 follow each other on the line but do not touch",
        ),
        (
            "\"difference\":[{\"cells\":[\"R1C1\",\"R2C2\"]}]",
            "white dot r1c1-r2c2 (difference 1): r1c1 and r2c2 are not orthogonal neighbours",
        ),
        (
            "\"arrow\":[{\"cells\":[\"R1C1\"],\"lines\":[[\"R1C1\",\"R3C1\",\"R4C1\"]]}]",
            "arrow r1c1 <- r3c1-r4c1: its shaft starts at r3c1, which does not touch its circle",
        ),
        // Colours and widths only draw.
        (
            "\"renban\":[{\"lines\":[[\"R1C1\",\"R2C2\"]],\"outlineC\":\"#F067F0\",\"width\":0.4}]",
            "",
        ),
    ];
    for (field, warning) in fields {
        let json = format!("{{\"size\":4,\"grid\":[{grid}],{field}}}");
        let (code, _, stderr, _) = count_json(&tempfile::tempdir().unwrap(), &json);
        assert_eq!(code, Some(0), "{field}: {stderr}");
        if warning.is_empty() {
            assert!(!stderr.contains("warning"), "{field}: {stderr}");
        } else {
            assert!(
                stderr.contains(&format!("warning: {warning}")),
                "{field}: {stderr}"
            );
        }
    }
}

#[test]
fn bad_constraints_are_errors_that_name_them() {
    let grid = (0..9)
        .map(|_| "[{},{},{},{},{},{},{},{},{}]")
        .collect::<Vec<_>>()
        .join(",");
    for (fields, message) in [
        (
            "\"killercage\":[{\"cells\":[\"R9C9\",\"R10C9\"],\"value\":\"5\"}]",
            "r10c9 is outside a 9×9 grid",
        ),
        (
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"40\"}]",
            "killer cage r1c1-r1c2 (sum 40): no 2 different digits",
        ),
        (
            "\"thermometer\":[{\"lines\":[[\"R1C1\"]]}]",
            "thermometer r1c1: a thermometer needs at least two cells",
        ),
        (
            "\"clock\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]",
            "unsupported f-puzzles constraints: clock",
        ),
        (
            "\"xv\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"W\"}]",
            "is not X or V",
        ),
        (
            // A whole number out of every range says the range, not "not a whole number".
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"-5\"}]",
            "`value` is -5: it must be between 0 and 4294967295",
        ),
        (
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":99999999999}]",
            "`value` is 99999999999: it must be between 0 and 4294967295",
        ),
        (
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":5.5}]",
            "5.5 is not a whole number",
        ),
        (
            // A field that states a rule satdoku does not read is refused, not dropped.
            "\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"5\",\"allowRepeats\":true}]",
            "unsupported f-puzzles constraints: \"killercage\" entry 1's field \"allowRepeats\"",
        ),
        (
            // A cosmetic cage's value that names a digital root satdoku cannot read.
            "\"cage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"DR12\"}]",
            "cage value \"DR12\": a multi-sum cage's value is DR and a digital root from 1 to 9",
        ),
        (
            // Nine different digits always make 45, whose digital root is 9.
            "\"cage\":[{\"cells\":[\"R1C1\",\"R1C2\",\"R1C3\",\"R1C4\",\"R1C5\",\"R1C6\",\"R1C7\",\"R1C8\",\"R1C9\"],\"value\":\"DR1\"}]",
            "(digital root 1): no 9 different digits from 1 to 9 add up to a sum of digital root 1 (they make 45 to 45)",
        ),
    ] {
        let json = format!("{{\"size\":9,\"grid\":[{grid}],{fields}}}");
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("bad.json");
        std::fs::write(&file, &json).unwrap();
        let out = satdoku()
            .args(["check", file.to_str().unwrap()])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{fields}: {err}");
        assert!(err.contains(message), "{fields}: {err}");
    }
    let out = satdoku().args(["check", "{not json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = satdoku()
        .args(["check", "https://www.f-puzzles.com/?load=N4Ig"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("f-puzzles link"));
}

#[test]
fn toml_puzzle_files_take_the_same_constraints() {
    let toml = r#"
boxes = "2x2"
puzzle = "1..............."

[[cage]]
cells = "r1c2 r1c3"
sum = 5

[[cage]]
cells = ["r2c1", "r2c2"]
sum = 7

[[thermometer]]
cells = "r3c1 r3c2 r3c3"

[[black-dot]]
cells = "r1c1 r1c2"
"#;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.toml");
    std::fs::write(&file, toml).unwrap();
    let out = satdoku()
        .args(["check", "--format", "json", file.to_str().unwrap()])
        .output()
        .unwrap();
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        row["rules"],
        "boxes 2x2, 2 killer cages, 1 thermometer, 1 kropki dot"
    );
    assert_eq!(row["status"], "unique", "{row}");
    let solution: Plain = common::parse_line(row["solutions"][0].as_str().unwrap());
    assert_eq!(solution[0][1] + solution[0][2], 5);
    assert_eq!(solution[1][0] + solution[1][1], 7);
    assert!(solution[2][0] < solution[2][1] && solution[2][1] < solution[2][2]);
    assert!(solution[0][1] == 2 * solution[0][0] || solution[0][0] == 2 * solution[0][1]);
    // Every black dot given: no other neighbours are in a ratio of 2, which no 4×4 meets.
    std::fs::write(&file, format!("rules = [\"negative-ratio\"]\n{toml}")).unwrap();
    let out = satdoku()
        .args(["check", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "no_solution clash every black dot given (no other neighbours in such a ratio)\n"
    );
    let bad = toml.replace("sum = 7", "sum = 7\nratio = 3");
    std::fs::write(&file, bad).unwrap();
    let out = satdoku()
        .args(["check", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cage: takes no `ratio`"));
}

#[test]
fn logical_commands_reason_with_constraints_and_rate_them_on_the_se_scale() {
    for command in ["rate", "explain", "hint"] {
        let out = satdoku()
            .args([command, "puzzles/variants/killer.toml"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{command}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            command == "rate" || text.contains("killer cage r1c5-r2c5 (sum 8)"),
            "{command}: {text}"
        );
    }
    // The SE number of a variant puzzle is its path's heaviest step, constraint steps
    // weighing a tenth more for each open cell past two they judge together.
    let out = satdoku()
        .args([
            "rate",
            "--scale",
            "se",
            "-f",
            "json",
            "puzzles/variants/killer.toml",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rating = row["rating"].as_f64().unwrap();
    let out = satdoku()
        .args(["explain", "-f", "json", "puzzles/variants/killer.toml"])
        .output()
        .unwrap();
    let path: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = path["steps"].as_array().unwrap();
    let heaviest = steps
        .iter()
        .map(|s| s["rating"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(rating, heaviest);
    let constraint_weights: Vec<f64> = steps
        .iter()
        .filter(|s| s["technique"] == "constraint")
        .map(|s| s["rating"].as_f64().unwrap())
        .collect();
    assert!(constraint_weights.iter().all(|&w| (2.5..=3.5).contains(&w)));
    // The lightest constraint step comes first: a two-cell cage (2.5) before the three-cell
    // ones (2.6) that could go too.
    assert_eq!(steps[0]["technique"], "constraint");
    assert_eq!(steps[0]["rating"].as_f64(), Some(2.5));
    assert!(
        steps[0]["sentence"]
            .as_str()
            .unwrap()
            .starts_with("killer cage r1c5-r2c5 (sum 8)")
    );
    // True candidates come from SAT, which uses them: a unique puzzle's are its solution.
    let out = satdoku()
        .args([
            "candidates",
            "--format",
            "json",
            "puzzles/variants/killer.toml",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cells: Vec<&str> = row["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(cells.concat(), "215463364125632541451236523614146352");
}

#[test]
fn proofs_of_a_share_link_are_named_link() {
    let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C2","R1C3"],"value":"5"},{"cells":["R2C1","R2C2"],"value":"7"}],"thermometer":[{"lines":[["R3C1","R3C2","R3C3"]]}]}"#;
    let link = format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    );
    let dir = tempfile::tempdir().unwrap();
    let out = satdoku()
        .args(["check", "--proof", dir.path().to_str().unwrap(), &link])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "unique 1234341223414123\n"
    );
    assert!(dir.path().join("link-1.cnf").exists());
    assert!(dir.path().join("link-1.drat").exists());
}

/// A TOML puzzle file's constraint that cannot apply is named at the line it is written on
/// (not the puzzle's), and a number out of every range says the range.
#[test]
fn toml_constraint_errors_name_their_line() {
    let file = |cage: &str| {
        format!("puzzle = \"\"\"\n....\n....\n....\n....\n\"\"\"\n\n# one cage\n[[cage]]\n{cage}\n")
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cage.toml");
    for (cage, message) in [
        (
            "cells = \"r1c1 r5c1\"\nsum = 5",
            "line 9: killer cage r1c1-r5c1 (sum 5): r5c1 is outside a 4×4 grid",
        ),
        (
            "cells = \"r1c1 r2c1\"\nsum = -5",
            "line 11: cage: `sum` is -5: it must be between 0 and 4294967295",
        ),
        (
            "cells = \"r1c1 r2c1\"\nsum = 5.5",
            "line 11: cage: `sum` is not a whole number",
        ),
    ] {
        std::fs::write(&path, file(cage)).unwrap();
        let out = satdoku().arg("check").arg(&path).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{cage}: {err}");
        assert!(err.contains(message), "{cage}: {err}");
    }
}

/// What a file states and satdoku does not read as a rule (a cosmetic line, a sentence of
/// the rules naming a rule nothing states) is named beside the verdict, in text and JSON
/// and on stderr; `--strict` makes such a puzzle invalid. Pencil marks only draw.
#[test]
fn unread_parts_are_named_beside_the_verdict() {
    let rows: Vec<String> = (0..4)
        .map(|r| {
            let cells: Vec<&str> = (0..4)
                .map(|c| {
                    if r + c == 0 {
                        "{\"value\":1,\"given\":true,\"candidates\":[1]}"
                    } else {
                        "{}"
                    }
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let json = format!(
        "{{\"size\":4,\"grid\":[{}],\"ruleset\":\"Normal sudoku rules apply. Cells a knight's move apart cannot hold the same digit.\",\
         \"line\":[{{\"lines\":[[\"R1C1\",\"R1C2\"]],\"outlineC\":\"#67F067\",\"width\":0.2}}]}}",
        rows.join(",")
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("draft.json");
    std::fs::write(&file, &json).unwrap();
    let cosmetic = "green line r1c1-r1c2 (cosmetic line 1, #67f067): no rule names its colour";
    let sentence = "rules: \"Cells a knight's move apart cannot hold the same digit.\" (names anti-knight, which nothing else in the puzzle states)";
    let out = satdoku().arg("check").arg(&file).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stdout.starts_with("multiple ")
            && stdout
                .trim_end()
                .ends_with(&format!("(unread: {cosmetic}; {sentence})")),
        "{stdout}"
    );
    assert!(
        stderr.contains("warning: 2 parts not read as rules"),
        "{stderr}"
    );
    let out = satdoku()
        .args(["check", "--format", "json"])
        .arg(&file)
        .output()
        .unwrap();
    let rows = common::json_rows(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(rows[0]["unread"], serde_json::json!([cosmetic, sentence]));
    let out = satdoku()
        .args(["check", "--strict"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("invalid line 1: not checked: 2 parts not read as rules"),
        "{stdout}"
    );
}

/// Lines with branches (satdoku's `branches`, which its reading of SudokuPad drawings
/// gives f-puzzles data): counted by satdoku and by the validator's own reading alike, and
/// a branch that leaves no cell of the line refused by name.
#[test]
fn lines_with_branches_count_as_the_validator_reads_them() {
    let grid = (0..4)
        .map(|_| "[{},{},{},{}]")
        .collect::<Vec<_>>()
        .join(",");
    let line = "\"lines\":[[\"R3C1\",\"R3C2\",\"R3C3\"]]";
    // (A nabner line of four cells cannot be on a 4×4: its branches are tested in the
    // library, as every family's records are.)
    for field in ["renban", "regionsumline"] {
        let count = |branches: &str| {
            let json =
                format!("{{\"size\":4,\"grid\":[{grid}],\"{field}\":[{{{line}{branches}}}]}}");
            let dir = tempfile::tempdir().unwrap();
            let (code, stdout, stderr, file) = count_json(&dir, &json);
            assert_eq!(code, Some(0), "{field}: {stderr}");
            let count: usize = stdout.trim().parse().unwrap();
            let independent = fpuzzles::read(&file);
            assert_eq!(
                independent.brute_force_count(1000),
                count,
                "{field}{branches}"
            );
            count
        };
        let branched = count(",\"branches\":[[\"R3C1\",\"R2C1\"]]");
        assert!(branched > 0 && branched != count(""), "{field}: {branched}");
    }
    let json = format!(
        "{{\"size\":4,\"grid\":[{grid}],\"renban\":[{{{line},\"branches\":[[\"R1C4\",\"R2C4\"]]}}]}}"
    );
    let (code, _, stderr, _) = count_json(&tempfile::tempdir().unwrap(), &json);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the branch r1c4-r2c4 starts on no cell of the line"),
        "{stderr}"
    );
}

/// The same rule written twice in f-puzzles data (a typed renban and the cosmetic line drawn
/// over it, as published "The Two Headed Martian" has them) is read as one rule: counted the
/// same, and shown once.
#[test]
fn a_rule_written_twice_is_one_rule() {
    let grid = (0..4)
        .map(|_| "[{},{},{},{}]")
        .collect::<Vec<_>>()
        .join(",");
    let renban = "{\"lines\":[[\"R1C1\",\"R2C2\",\"R3C3\"]]}";
    let once = format!("{{\"size\":4,\"grid\":[{grid}],\"renban\":[{renban}]}}");
    let twice = format!("{{\"size\":4,\"grid\":[{grid}],\"renban\":[{renban},{renban}]}}");
    let dir = tempfile::tempdir().unwrap();
    let (_, counted_once, _, _) = count_json(&dir, &once);
    let (code, counted_twice, stderr, file) = count_json(&dir, &twice);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(counted_twice, counted_once);
    let rules = satdoku().arg("rules").arg(&file).output().unwrap();
    let shown = String::from_utf8_lossy(&rules.stdout);
    assert!(shown.contains("1 renban line"), "{shown}");
}
