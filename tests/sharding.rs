//! satdoku as a streaming filter sharded by GNU parallel (README's recipe): blocks in input order give the rows one run gives, whatever the block size; skipped when parallel is not installed.
#![cfg(feature = "cli")] // runs the `satdoku` command

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{puzzle_path, satdoku};

#[test]
fn parallel_shards_give_the_rows_of_one_run_in_order() {
    let Some(parallel) = common::on_path(&["parallel"]) else {
        common::skipped(
            "parallel_shards_give_the_rows_of_one_run_in_order",
            "GNU parallel is not installed",
        );
        return;
    };
    // The bundled 9×9 examples and 4×4s, one puzzle a line, comments dropped.
    let mut lines = String::new();
    for name in ["examples.txt", "4x4.txt", "variants/6x6.txt"] {
        let text = std::fs::read_to_string(puzzle_path(name)).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            lines.push_str(line);
            lines.push('\n');
        }
    }
    let one = satdoku()
        .args(["check", "--threads", "1"])
        .write_stdin(lines.clone())
        .output()
        .unwrap();
    assert_eq!(one.status.code(), Some(0));
    let expected = String::from_utf8(one.stdout).unwrap();
    assert!(expected.lines().count() >= 10);
    for block in ["1", "3", "100"] {
        let mut child = Command::new(&parallel)
            .args(["--will-cite", "--pipe", "--keep-order", "-N", block])
            .arg(env!("CARGO_BIN_EXE_satdoku"))
            .args(["check", "--threads", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(lines.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "-N {block}");
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            expected,
            "-N {block}"
        );
    }
}
