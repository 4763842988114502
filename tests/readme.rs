//! The console examples of README.md, run and compared with the output shown there.
//!
//! README shows clean console blocks; before trycmd runs them, a copy of README.md in the
//! target directory gets trycmd's markup by three conventions:
//!
//! - `$ COMMAND  # exit status N` expects exit status N (trycmd's `? N` line); a command
//!   without that comment must succeed.
//! - `...` on a line of its own stands for any number of lines (trycmd's own elision).
//! - In the output of `satdoku compare`, whose times vary from run to run, numbers (with
//!   their `µs`, `ms` or `s`) and the padding of columns match any text; the words, their
//!   order and the commas of CSV lines are compared.
//!
//! Everything else must match to the character, so a wrong output in README fails. The copy
//! is `target/tmp/readme-examples.md`, whose line numbers (in trycmd's messages) run a line or
//! two behind README's; `TRYCMD=overwrite` rewrites only the copy, so fix README by hand.

/// The README's console blocks with trycmd markup, every other line left blank (so that
/// line numbers in trycmd's messages stay close to README's).
fn with_markup(readme: &str) -> String {
    let mut out = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    let mut compare_output = false;
    for line in readme.lines() {
        if in_console || in_other {
            if line == "```" {
                out.push(if in_console { "```" } else { "" }.to_string());
                (in_console, in_other) = (false, false);
                continue;
            }
        } else if line.starts_with("```") {
            in_console = line == "```console";
            in_other = !in_console;
            out.push(if in_console { line } else { "" }.to_string());
            continue;
        }
        if !in_console {
            out.push(String::new());
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let (command, status) = split_status(command);
            compare_output = command.starts_with("satdoku compare");
            out.push(format!("$ {command}"));
            if let Some(status) = status {
                out.push(format!("? {status}"));
            }
        } else if compare_output {
            out.push(numbers_vary(line));
        } else {
            out.push(line.to_string());
        }
    }
    out.join("\n") + "\n"
}

/// The command without a trailing `# exit status N` comment, and N.
fn split_status(command: &str) -> (&str, Option<u8>) {
    if let Some((command, status)) = command.rsplit_once("# exit status ")
        && let Ok(status) = status.parse()
    {
        return (command.trim_end(), Some(status));
    }
    (command, None)
}

/// `line` as a pattern in which numbers (and a unit after one) and the padding of columns
/// (runs of two spaces or more, or spaces next to a number) match any text.
fn numbers_vary(line: &str) -> String {
    if line.trim() == "..." {
        return line.to_string();
    }
    // Words, runs of spaces and single commas, in order.
    let mut pieces: Vec<&str> = Vec::new();
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let len = match c {
            ',' => 1,
            ' ' => rest.find(|c| c != ' ').unwrap_or(rest.len()),
            _ => rest.find([' ', ',']).unwrap_or(rest.len()),
        };
        pieces.push(&rest[..len]);
        rest = &rest[len..];
    }
    let number = |word: &str| {
        word.starts_with(|c: char| c.is_ascii_digit())
            && word.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    let mut wild = vec![false; pieces.len()];
    for (i, piece) in pieces.iter().enumerate() {
        let unit = matches!(*piece, "µs" | "ms" | "s")
            && i >= 2
            && pieces[i - 1] == " "
            && number(pieces[i - 2]);
        wild[i] = number(piece) || unit;
    }
    // Spaces next to a number, and column padding, go with it.
    for i in 0..pieces.len() {
        if pieces[i].starts_with(' ') {
            let next_to_number = (i > 0 && wild[i - 1]) || wild.get(i + 1) == Some(&true);
            if pieces[i].len() >= 2 || next_to_number {
                wild[i] = true;
            }
        }
    }
    let mut pattern = String::new();
    for (piece, wild) in pieces.iter().zip(&wild) {
        match (wild, pattern.ends_with("[..]")) {
            (true, true) => {}
            (true, false) => pattern.push_str("[..]"),
            (false, _) => pattern.push_str(piece),
        }
    }
    pattern
}

#[test]
#[cfg(feature = "cli")] // runs the `satdoku` command
fn readme_examples() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readme-examples.md");
    std::fs::write(&path, with_markup(&readme)).unwrap();
    trycmd::TestCases::new().case(&path);
}

#[test]
fn every_console_command_is_kept() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let commands = |text: &str| text.lines().filter(|l| l.starts_with("$ ")).count();
    let console = readme
        .split("```console\n")
        .skip(1)
        .map(|block| commands(block.split("\n```").next().unwrap()))
        .sum::<usize>();
    assert!(console >= 40, "{console}");
    assert_eq!(commands(&with_markup(&readme)), console);
    // Readers see no trycmd markup.
    assert!(!readme.contains("[..]"));
    assert!(!readme.lines().any(|line| line.starts_with("? ")));
}

#[test]
fn exit_status_comments_become_status_lines() {
    let readme = "text\n```console\n$ satdoku check a.txt   # exit status 1\nmultiple\n\n$ satdoku count b.txt\n288\n```\n```sh\n$ not run\n```\n";
    let expected = "\n```console\n$ satdoku check a.txt\n? 1\nmultiple\n\n$ satdoku count b.txt\n288\n```\n\n\n\n";
    assert_eq!(with_markup(readme), expected);
}

#[test]
fn compare_output_keeps_words_and_commas() {
    let readme = "```console\n$ satdoku compare --solvers sat,dlx x.txt\nsolver          solved  timeouts  puzzles/s   median      p99  effort/puzzle\nsat:propagated       8         0       2513  0.36 ms  0.52 ms           0.0 conflicts\n8 puzzles: all solvers agree\nsat:minimal,1,1,0,812.3,1.2311,1.2311,2645.70,conflicts\n\n$ satdoku count x.txt\n8 puzzles  0.5 ms\n```\n";
    let lines: Vec<String> = with_markup(readme).lines().map(String::from).collect();
    assert_eq!(
        lines[2..],
        [
            "solver[..]solved[..]timeouts[..]puzzles/s[..]median[..]p99[..]effort/puzzle",
            "sat:propagated[..]conflicts",
            "[..]puzzles: all solvers agree",
            "sat:minimal,[..],[..],[..],[..],[..],[..],[..],conflicts",
            "",
            "$ satdoku count x.txt",
            // Only compare's numbers vary.
            "8 puzzles  0.5 ms",
            "```",
        ]
    );
}

/// README.md names every table a puzzle file takes and every rule over the whole grid's
/// flag, from the library's own tables: a family or rule added is documented.
#[test]
fn the_readme_names_every_table_and_rule_flag() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut missing = Vec::new();
    for family in satdoku::constraint::families() {
        for name in family.toml {
            if !readme.contains(&format!("[[{name}]]")) {
                missing.push(format!("[[{name}]]"));
            }
        }
    }
    for rule in satdoku::rules::GlobalRule::ALL {
        if !readme.contains(&format!("--{}", rule.name())) {
            missing.push(format!("--{}", rule.name()));
        }
    }
    assert!(missing.is_empty(), "README.md does not name {missing:?}");
}
