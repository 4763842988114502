//! `satdoku completions` and `satdoku man`: a script for every shell, man pages in roff.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use common::satdoku;

fn stdout(args: &[&str]) -> String {
    let output = satdoku().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Each shell gets its own script, which completes the commands and their flags.
#[test]
fn completions_for_every_shell() {
    let mut scripts = Vec::new();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout(&["completions", shell]);
        assert!(script.len() > 1000, "{shell}: {script}");
        for word in ["satdoku", "solve", "generate", "diagonal"] {
            assert!(script.contains(word), "{shell} script lacks {word}");
        }
        scripts.push(script);
    }
    // Five different languages, not one script five times.
    for (i, script) in scripts.iter().enumerate() {
        assert!(!scripts[..i].contains(script));
    }
    assert!(scripts[0].contains("complete -F"), "bash");
    assert!(scripts[1].starts_with("#compdef satdoku"), "zsh");
    assert!(scripts[2].contains("complete -c satdoku"), "fish");
    assert!(
        scripts[3].contains("Register-ArgumentCompleter"),
        "powershell"
    );
    assert!(
        scripts[4].contains("edit:completion:arg-completer"),
        "elvish"
    );
}

#[test]
fn an_unknown_shell_is_refused() {
    satdoku()
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("invalid value 'tcsh'"));
}

/// The main page has the usual sections and lists every command; each command has a page
/// of its own with its options.
#[test]
fn man_pages_cover_every_command() {
    let main = stdout(&["man"]);
    assert!(main.starts_with(".ie \\n(.g .ds Aq"), "{main}");
    assert!(main.contains(".TH satdoku 1"), "{main}");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(main.contains(section), "{section}: {main}");
    }
    assert!(main.contains("satdoku \\- Sudoku of every size"), "{main}");
    let commands = [
        "solve",
        "check",
        "count",
        "cnf",
        "compare",
        "generate",
        "rate",
        "explain",
        "hint",
        "candidates",
        "canon",
        "transform",
        "suggest",
        "render",
        "report",
        "rules",
        "export",
        "completions",
        "man",
    ];
    for command in commands {
        assert!(
            main.contains(&format!("satdoku\\-{command}(1)")),
            "{command}: {main}"
        );
    }
    let solve = stdout(&["man", "solve"]);
    let title = format!(
        ".TH satdoku-solve 1  \"satdoku {}\"",
        env!("CARGO_PKG_VERSION")
    );
    assert!(solve.contains(&title), "{solve}");
    assert!(solve.contains(".SH NAME\nsatdoku\\-solve \\- Solve every puzzle"));
    assert!(solve.contains("\\fB\\-\\-all\\fR"), "{solve}");

    let dir = tempfile::tempdir().unwrap();
    let listed = stdout(&["man", "--dir", dir.path().to_str().unwrap()]);
    assert_eq!(listed.lines().count(), commands.len() + 1, "{listed}");
    for name in std::iter::once("satdoku".to_string())
        .chain(commands.iter().map(|c| format!("satdoku-{c}")))
    {
        let page = std::fs::read_to_string(dir.path().join(format!("{name}.1"))).unwrap();
        assert!(page.contains(&format!(".TH {name} 1")), "{name}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("satdoku-solve.1")).unwrap(),
        solve
    );
}

#[test]
fn man_names_its_commands_when_asked_for_another() {
    satdoku()
        .args(["man", "solv"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "no command solv (one of solve, check, count",
        ));
}
