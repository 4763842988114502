//! The console examples of README.md, run and compared with the output shown there.

#[test]
fn readme_examples() {
    trycmd::TestCases::new().case("README.md");
}
