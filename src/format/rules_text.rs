//! A puzzle's rules as its setter wrote them, read sentence by sentence against what its elements state: each sentence is the standard rules, decoration, a description of rules the puzzle's elements state, or unread.
//!
//! Setters publish the rules in words; the elements (cages, lines, dots …) are drawings
//! whose meaning the words give. A sentence is read when it names only rules the puzzle
//! states (its families and global rules), with no word that changes them ("except",
//! "may repeat", colours that carry meaning …): the words and the elements then agree. A
//! sentence that names a rule nothing states (anti-knight in words alone), a rule-like
//! sentence that names none satdoku knows, or one with such a twist is unread: a verdict
//! reached without it may be wrong, and says so. A sentence without a word of rules
//! (thanks, a greeting, a link) is decoration.

use std::sync::LazyLock;

use crate::constraint::VariantConstraint;
use crate::rules::{GlobalRule, RulesSpec};

/// What a sentence of the rules was read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The standard rules ("Normal sudoku rules apply", "place 1-9 once in each row …").
    Standard,
    /// No rule in it: thanks, a greeting, a credit.
    Decoration,
    /// It describes these rules, each of which the puzzle states.
    States(Vec<&'static str>),
    /// Not read, and why.
    Unread(String),
}

/// A sentence of the rules' text and what it was read as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    /// The sentence as written (white space folded).
    pub text: String,
    /// What it was read as.
    pub reading: Reading,
}

/// What rules text talks about: a family or a rule, and the words that name it. A word
/// ending in `*` matches any word it starts (`thermo*`: thermometer, thermos); others
/// match themselves and their plurals; several words match in a row.
#[derive(Clone, Copy)]
struct Topic {
    /// The rule's name, as [`present`] finds it in a puzzle.
    name: &'static str,
    /// The phrases that name it.
    words: &'static [&'static str],
    /// Whether digits may repeat on it unless another rule forbids it (arrows, little
    /// killers): "digits may repeat" then restates the rule rather than changing it.
    repeats: bool,
}

/// Rules whose words contain another rule's (a slow thermometer is a thermometer in
/// words): where the first is named, the second is not named by the same sentence.
const NARROWER: &[(&str, &str)] = &[
    ("slow thermometer", "thermometer"),
    ("double arrow", "arrow"),
    ("difference arrow", "arrow"),
    ("index line", "indexer"),
    // "A given cell 'sees' a digit if the digit lies in the direction of an arrow on the
    // cell": the arrows are the cell's.
    ("parity-vision cell", "little killer"),
    // "Digits on an arrow have the DIFFERENCE …": the arrow word names difference arrows.
    ("difference arrow", "little killer"),
    // "The same difference within each box": the boxes cut the line.
    ("region-difference line", "boxes"),
    ("region-difference line", "jigsaw regions"),
    ("little killer", "killer cage"),
    ("little killer", "arrow"),
    ("parity line", "parity cell"),
    ("region-sum line", "sum line"),
    ("diagonal non-consecutive", "diagonal"),
    ("diagonal non-consecutive", "non-consecutive"),
    // "Less than its unshaded neighbours (as indicated by the inequality symbols)": the
    // symbols draw the minimum cells.
    ("minimum or maximum cell", "inequality sign"),
    // "Every indicated diagonal has the same product": arrows indicate the diagonals.
    ("equal products", "little killer"),
    // "An indicated diagonal is read as a 'Look and Say' clue": arrows indicate the
    // diagonals of look-and-say clues.
    ("digit count", "little killer"),
    // "Any digit along an 'arrow diagonal' indicates exactly how many arrow diagonals
    // contain that digit": the arrows indicate the counted diagonals.
    ("counting groups", "little killer"),
    ("counting groups", "diagonal"),
    ("digit count", "diagonal"),
    ("equal products", "diagonal"),
    ("weighted sum", "killer cage"),
    ("equal sums", "little killer"),
    ("equal sums", "diagonal"),
    ("equal sums", "region-sum line"),
    // "Digits an equal distance from the center of a Zipper Line sum to the same total".
    ("zipper line", "region-sum line"),
    // "The center of a zipper line, which is marked with a dot": the dot marks the centre.
    ("zipper line", "kropki dot"),
    // "Digits along a lockout line must not be between the values of the endpoints, which
    // have a difference of at least 4": the ends' difference, not whispers.
    ("lockout line", "whispers line"),
    // "Not all possible dots are given": no negative constraint.
    ("no negative", "negative"),
];

/// The topics of the families' rules text (the rules over the whole grid name theirs in
/// their table: see [`topics`]).
const FAMILY_TOPICS: &[Topic] = &[
    Topic {
        name: "killer cage",
        words: &["cage", "killer*"],
        repeats: false,
    },
    Topic {
        name: "little killer",
        words: &["little killer*", "diagonal*", "arrow"],
        repeats: true,
    },
    Topic {
        name: "sandwich",
        words: &["sandwich*"],
        repeats: true,
    },
    Topic {
        name: "slow thermometer",
        words: &[
            "slow thermo*",
            "increase or stay the same",
            "stay the same or increase",
            "never decrease",
            "may not decrease",
            "cannot decrease",
        ],
        repeats: true,
    },
    Topic {
        name: "thermometer",
        words: &["thermo*", "bulb"],
        repeats: false,
    },
    Topic {
        name: "double arrow",
        words: &["double arrow"],
        repeats: true,
    },
    Topic {
        name: "difference arrow",
        words: &["difference arrow*", "difference-arrow*"],
        repeats: true,
    },
    Topic {
        name: "arrow",
        words: &["arrow"],
        repeats: true,
    },
    Topic {
        name: "palindrome",
        words: &["palindrom*"],
        repeats: true,
    },
    Topic {
        name: "between line",
        words: &["between line", "betweener*"],
        repeats: true,
    },
    Topic {
        name: "renban line",
        words: &["renban*", "any order", "some order", "set of consecutive"],
        repeats: false,
    },
    Topic {
        name: "whispers line",
        words: &[
            "whisper*",
            "differ by at least",
            "difference of at least",
            "differ by 5 or more",
            "difference of 5 or more",
            "at least 5 apart",
        ],
        repeats: true,
    },
    Topic {
        name: "entropic line",
        words: &["entropic*", "entropy"],
        repeats: true,
    },
    Topic {
        name: "modular line",
        words: &["modular*"],
        repeats: true,
    },
    Topic {
        name: "nabner line",
        words: &["nabner*"],
        repeats: false,
    },
    Topic {
        name: "kropki dot",
        words: &["kropki", "dot", "white dot", "black dot"],
        repeats: false,
    },
    Topic {
        name: "XV sum",
        // "The green dots are either X or V": dots drawn for XV markers, no kropki dots.
        words: &[
            "xv",
            "an x",
            "a v",
            "an v",
            "x or v",
            "x v",
            "x and v",
            "xs",
            "xes",
            "vs",
            "x's",
            "v's",
            "dot* are either x or v",
        ],
        repeats: false,
    },
    Topic {
        name: "parity cell",
        words: &["odd", "even"],
        repeats: false,
    },
    Topic {
        name: "pencil-marked cell",
        words: &[
            "pencil mark*",
            "pencilmark*",
            "centre mark*",
            "center mark*",
        ],
        repeats: false,
    },
    Topic {
        name: "minimum or maximum cell",
        // Fortress cells ("shaded cells are greater than their unshaded neighbours") are
        // maximum cells, and the reverse minimum cells.
        words: &[
            "minimum",
            "maximum",
            "minima",
            "maxima",
            "unshaded",
            "fortress*",
        ],
        repeats: false,
    },
    Topic {
        name: "quadruple",
        words: &["quad*"],
        repeats: false,
    },
    Topic {
        name: "clone",
        words: &["clone*"],
        repeats: true,
    },
    Topic {
        name: "rellik cage",
        words: &["rellik*"],
        repeats: false,
    },
    Topic {
        name: "parity-vision cell",
        words: &[
            "parity vision*",
            "parity-vision*",
            "sees a digit",
            "digits it sees",
        ],
        repeats: false,
    },
    Topic {
        name: "index line",
        words: &["index line*", "index-line*"],
        repeats: false,
    },
    Topic {
        name: "indexer",
        words: &[
            "index*",
            "159",
            "column position*",
            "row position*",
            "tell you what column",
            "tell you what row",
        ],
        repeats: true,
    },
    Topic {
        name: "region-sum line",
        words: &[
            "region sum",
            "region-sum",
            "same sum",
            "sum to the same value",
            "equal sum",
            "same total",
            "box borders divide",
            "box borders separate",
            "region borders divide",
            "region borders separate",
        ],
        repeats: true,
    },
    Topic {
        name: "zipper line",
        words: &[
            "zipper*",
            // "For odd-length lines, the total is the digit in the line's (circled) center."
            "line's center",
            "line's centre",
            "line's circled center",
            "line's circled centre",
        ],
        repeats: true,
    },
    Topic {
        name: "parity line",
        words: &[
            "parity line",
            "one even digit and one odd",
            "one odd digit and one even",
            "one even and one odd",
            "one odd and one even",
            "alternate between odd and even",
            "alternate between even and odd",
            "alternate in parity",
        ],
        repeats: true,
    },
    Topic {
        name: "lockout line",
        words: &["lockout*"],
        repeats: true,
    },
    Topic {
        name: "any-of rule",
        words: &["any-of rule*"],
        repeats: false,
    },
    Topic {
        name: "region-difference line",
        words: &[
            "region-difference*",
            "region difference*",
            "same difference within each box*",
            "same difference in each box*",
            "same difference within every box*",
            "same difference in every box*",
            "same difference within each region*",
            "same difference in each region*",
        ],
        repeats: true,
    },
    Topic {
        name: "same-difference line",
        // Not "the same difference" alone: region-difference lines have "the same
        // difference within each box".
        words: &[
            "same difference line*",
            "same-difference line*",
            "sequence line*",
            "arithmetic sequence*",
            "arithmetic progression*",
        ],
        repeats: true,
    },
    Topic {
        name: "sum line",
        words: &[
            "sum line",
            "segments that each sum",
            "segments which each sum",
            "segments that sum",
            "segments each summing",
        ],
        repeats: true,
    },
    Topic {
        name: "X-sum",
        words: &["x-sum*"],
        repeats: true,
    },
    Topic {
        name: "skyscraper",
        words: &["skyscraper*"],
        repeats: false,
    },
    Topic {
        name: "numbered room",
        words: &["numbered room"],
        repeats: false,
    },
    Topic {
        name: "lunchbox",
        words: &["lunchbox*"],
        repeats: false,
    },
    Topic {
        name: "counting circles",
        words: &["counting circle*", "how many circles", "counts the circles"],
        repeats: false,
    },
    Topic {
        name: "border-count circle",
        words: &[
            "border-count circle*",
            "number of borders",
            "borders between regions",
            "region borders",
            "edge of the grid does not count",
        ],
        repeats: false,
    },
    Topic {
        name: "counting groups",
        words: &[
            "counting group*",
            "how many arrow diagonal*",
            "how many diagonal*",
            "how many indicated diagonal*",
        ],
        repeats: true,
    },
    Topic {
        name: "digit count",
        words: &[
            "look-and-say",
            "look and say",
            "contains at least",
            "contains exactly",
        ],
        repeats: true,
    },
    Topic {
        name: "equal sums",
        // "Both indicated diagonals have the same sum": arrows indicate the diagonals.
        words: &["equal sums", "magic square*", "diagonal* ha* the same sum"],
        repeats: true,
    },
    Topic {
        name: "equal-halves line",
        // "In each line of four cells the sum of the first two digits equals the sum of the
        // last two digits" (Sudoku-Bench's "Four Triangles").
        words: &[
            "equal-halves line*",
            "equal halves line*",
            "sum of the first two digits equals the sum of the last two",
            "first two digits * the same * as the last two",
            "first half * the same sum as the second half",
            "both halves * the same sum",
        ],
        repeats: true,
    },
    Topic {
        name: "weighted sum",
        words: &[
            "roman numeral*",
            "roman-numeral*",
            "weighted sum*",
            "their weights",
        ],
        repeats: true,
    },
    Topic {
        name: "equal products",
        words: &["same product", "equal product*"],
        repeats: true,
    },
    Topic {
        name: "equality cage",
        words: &["equality cage*"],
        repeats: false,
    },
    Topic {
        name: "count-distinct clue",
        words: &["count distinct", "count-distinct"],
        repeats: true,
    },
    Topic {
        name: "region-subset line",
        words: &["region-subset*", "region subset*"],
        repeats: true,
    },
    Topic {
        name: "difference-count line",
        words: &[
            "difference count*",
            "difference-count*",
            "differences count*",
            "how many pairs of adjacent digits",
        ],
        repeats: true,
    },
    Topic {
        name: "inequality sign",
        words: &["inequality sign*", "inequality symbol*", "inequalities"],
        repeats: false,
    },
];

/// The topics after the rules over the whole grid: the words that deny a negative
/// constraint, and the regions.
const LATE_TOPICS: &[Topic] = &[
    // "Not all possible dots are given": no negative constraint, as the puzzle has none.
    Topic {
        name: "no negative",
        words: &["not all possible", "not all"],
        repeats: false,
    },
    Topic {
        name: "jigsaw regions",
        words: &["irregular", "jigsaw"],
        repeats: false,
    },
    Topic {
        name: "boxes",
        words: &[
            "box*", "region*", "3x3", "2x2", "2x3", "3x2", "nonet*", "block*",
        ],
        repeats: false,
    },
];

/// Every topic of rules text: the families', then one for each topic of the rules over
/// the whole grid (rules that share one, the negative constraints, are named together),
/// then [`LATE_TOPICS`].
fn topics() -> &'static [Topic] {
    static TOPICS: LazyLock<Vec<Topic>> = LazyLock::new(|| {
        let mut topics = FAMILY_TOPICS.to_vec();
        for rule in GlobalRule::ALL {
            let row = rule.row();
            if !topics.iter().any(|t| t.name == row.topic) {
                topics.push(Topic {
                    name: row.topic,
                    words: row.words,
                    repeats: false,
                });
            }
        }
        topics.extend_from_slice(LATE_TOPICS);
        topics
    });
    &TOPICS
}

/// Words that make a sentence one about rules (else it is decoration).
const RULE_WORDS: &[&str] = &[
    "digit*",
    "number*",
    "sum*",
    "total*",
    "must",
    "cannot",
    "can't",
    "may",
    "equal*",
    "differ*",
    "contain*",
    "appear*",
    "repeat*",
    "increas*",
    "decreas*",
    "consecutive",
    "odd",
    "even",
    "adjacent",
    "line*",
    "cage*",
    "circle*",
    "arrow*",
    "dot*",
    "box*",
    "row*",
    "column*",
    "region*",
    "cell*",
    "place",
    "once",
    "greater",
    "less",
    "between",
];

/// Words that change a rule, or give something a meaning of its own (a colour, a snake, a
/// lie): a sentence with one is unread even when it names rules the puzzle states.
const TWISTS: &[&str] = &[
    "except*",
    "unless",
    "instead",
    "however",
    "rather",
    "need not",
    "not necessarily",
    "not apply",
    "no longer",
    "colour*",
    "color*",
    "snake",
    "shade*",
    "fog*",
    "hidden",
    "mistake*",
    "error*",
    "lie*",
    "lying",
    "wrong",
    "false",
    "misprint*",
    "modified",
    "doubler*",
    "negator*",
    "killed",
    "missing",
    "removed",
    "fillomino*",
    "path",
    "portal*",
    "teleport*",
    "galax*",
    "star",
    "tetromino*",
    "pentomino*",
    "draw",
];

/// How a sentence starts that says the rule of the sentence before again, of other
/// places ("The same is true of column 5 and the digit 5").
const CONTINUES: &[&str] = &[
    "the same is true",
    "the same applies",
    "the same goes",
    "likewise",
    "similarly",
];

/// Phrases that only say a rule leaves something open ("different lines may have
/// different sums"): such a sentence adds no rule.
const LEAVES_OPEN: &[&str] = &[
    "may have different",
    "can have different",
    "may be different",
    "can be different",
    "need not be the same",
    "not necessarily the same",
    "may differ",
    "can differ",
];

/// Rules whose clue is a sum (or houses, whose digits are all different): a sentence that
/// names one and speaks of a difference or a product, and of no sum, changes it ("digits on
/// an arrow have the DIFFERENCE of the digit in the attached circle").
const SUMS: &[&str] = &[
    "killer cage",
    "little killer",
    "sandwich",
    "double arrow",
    "arrow",
    "region-sum line",
    "zipper line",
    "sum line",
    "X-sum",
    "lunchbox",
    "equal sums",
    "weighted sum",
    "boxes",
    "jigsaw regions",
];

/// The words of another arithmetic than a sum (see [`SUMS`]).
const NOT_SUMS: &[&str] = &["difference*", "product*", "ratio*", "multipl*", "divide*"];

/// The words of a sum.
const SUM_WORDS: &[&str] = &["sum*", "add*", "total*", "plus"];

/// Sum rules with a difference form satdoku states: a sentence that names the first and
/// speaks of a difference, and of no sum, names the second ("digits on an arrow have the
/// DIFFERENCE of the digit in the attached circle": difference arrows).
const DIFFERENCE_FORMS: &[(&str, &str)] = &[("arrow", "difference arrow")];

/// Whether `words` give the sum rule `sum` a difference: they speak of no sum, and a
/// difference follows one of the rule's words within five words ("digits on an arrow have
/// the DIFFERENCE of …"; not "arrow rules apply, and neighbours on green lines have a
/// difference of at least 5"). See [`DIFFERENCE_FORMS`].
fn of_a_difference(words: &[String], sum: &str) -> bool {
    if SUM_WORDS.iter().any(|w| has(words, w)) {
        return false;
    }
    let sum_words = (topics().iter().find(|t| t.name == sum)).map_or(&[][..], |t| t.words);
    let named: Vec<usize> = sum_words.iter().flat_map(|w| places(words, w)).collect();
    let differences = places(words, "difference*");
    named
        .iter()
        .any(|&i| differences.iter().any(|&d| d > i && d - i <= 5))
}

/// Words that let digits repeat: a twist, unless every rule the sentence names lets them
/// repeat anyway (see [`Topic::repeats`]).
const REPEATS: &[&str] = &[
    "may repeat",
    "can repeat",
    "allowed to repeat",
    "may be repeated",
];

/// The rules `spec` states, as [`topics`] names them: its families, negative rules,
/// global rules and jigsaw regions.
fn present(spec: &RulesSpec) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    // Rules combined with "or" state each of their rules too.
    for constraint in spec
        .constraints
        .iter()
        .flat_map(VariantConstraint::with_parts)
    {
        let name = match GlobalRule::of_constraint(constraint) {
            Some(rule) => rule.row().topic,
            None => constraint.kind(),
        };
        if let Some(topic) = topics().iter().find(|t| t.name == name) {
            names.push(topic.name);
        }
        // Equal sums over a line's two halves state an equal-halves line too.
        if let VariantConstraint::EqualSums(sums) = constraint
            && sums.halves_of_a_line()
        {
            names.push("equal-halves line");
        }
    }
    names.extend(spec.globals.iter().map(|rule| rule.row().topic));
    // No regions (a Latin square's): rows and columns only, no boxes; regions to be found
    // are regions all the same.
    if !spec.no_regions || spec.globals.contains(GlobalRule::ChaosConstruction) {
        names.push("boxes");
        if spec.jigsaw.is_some() {
            names.push("jigsaw regions");
        }
    }
    if !names.contains(&"negative") && !names.contains(&"non-consecutive") {
        names.push("no negative");
    }
    names
}

/// The words of a sentence, lower case: runs of letters, digits, `-` and `'` (quotes
/// around a word dropped: `'renban'` is `renban`).
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\'' || c == '’'))
        .map(|w| w.replace('’', "'").trim_matches(['\'', '-']).to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `word` is what a phrase's `pattern` word stands for: itself, its plural, or,
/// for a pattern ending in `*`, any word it starts.
fn matches(pattern: &str, word: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(stem) => word.starts_with(stem),
        None => {
            word == pattern
                || word.strip_suffix('s') == Some(pattern)
                || word.strip_suffix("es") == Some(pattern)
                || word.strip_suffix("'s") == Some(pattern)
        }
    }
}

/// Where the phrase (words separated by spaces) stands in `words`: the index of each word
/// it covers, wherever it stands in a row.
fn places(words: &[String], phrase: &str) -> Vec<usize> {
    let pattern: Vec<&str> = phrase.split(' ').collect();
    words
        .windows(pattern.len())
        .enumerate()
        .filter(|(_, window)| window.iter().zip(&pattern).all(|(w, p)| matches(p, w)))
        .flat_map(|(i, _)| i..i + pattern.len())
        .collect()
}

/// Whether the phrase stands in `words`.
fn has(words: &[String], phrase: &str) -> bool {
    !places(words, phrase).is_empty()
}

/// The words of `words` that name `topic`. In a sentence of a difference, a sum rule's
/// words name its difference form instead (see [`DIFFERENCE_FORMS`]).
fn naming(words: &[String], topic: &Topic) -> Vec<usize> {
    let own = || topic.words.iter().flat_map(|w| places(words, w));
    let Some(&(sum, form)) =
        (DIFFERENCE_FORMS.iter()).find(|&&(sum, form)| topic.name == sum || topic.name == form)
    else {
        return own().collect();
    };
    if !of_a_difference(words, sum) {
        return own().collect();
    }
    if topic.name == form {
        let sum_words = (topics().iter().find(|t| t.name == sum)).map_or(&[][..], |t| t.words);
        own()
            .chain(sum_words.iter().flat_map(|w| places(words, w)))
            .collect()
    } else {
        Vec::new()
    }
}

/// Phrases that say the grid has no boxes nor regions: rows and columns only.
const NO_BOXES: &[&str] = &[
    "no boxes",
    "no box",
    "no regions",
    "no 3x3 boxes",
    "no nonets",
    "without boxes",
    "latin square",
    "boxes do not apply",
];

/// Whether a sentence states the standard rules: sudoku rules, or digits once in rows,
/// columns and boxes.
fn standard(words: &[String]) -> bool {
    (has(words, "sudoku") && (has(words, "rule") || has(words, "apply")))
        || (has(words, "place") && has(words, "digit*"))
        || (has(words, "row")
            && has(words, "column")
            && [
                "box*", "region*", "3x3", "nonet*", "block*", "2x2", "2x3", "3x2",
            ]
            .iter()
            .any(|w| has(words, w)))
}

/// The sentences of `text`: split at line breaks and at `.`, `!` or `?` before a space,
/// list marks and white space trimmed.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Line breaks written as `\n` in text that was escaped twice are line breaks.
    let text = text.replace("\\n", "\n");
    for line in text.lines() {
        let mut current = String::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            current.push(c);
            // A stop before a space and a capital (or the end) ends a sentence: not
            // "e.g. one" or "i.e. two".
            let rest: String = chars.clone().take(3).collect();
            let next = rest.trim_start().chars().next();
            if matches!(c, '.' | '!' | '?')
                && rest.chars().next().is_none_or(char::is_whitespace)
                && next.is_none_or(|n| !n.is_lowercase())
            {
                out.push(std::mem::take(&mut current));
            }
        }
        out.push(current);
    }
    out.into_iter()
        .map(|s| {
            s.trim()
                .trim_start_matches(['-', '*', '•', '·'])
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|s| s.chars().any(char::is_alphanumeric))
        .collect()
}

/// Reads the rules' `text` of a puzzle whose elements state `spec`: each sentence and
/// what it was read as.
///
/// ```
/// use satdoku::format::rules_text::{Reading, read};
/// use satdoku::rules::{GlobalRule, RulesSpec};
/// let spec = RulesSpec::default();
/// let text = "Normal sudoku rules apply. Cells a knight's move apart differ. Enjoy!";
/// let sentences = read(text, &spec);
/// assert_eq!(sentences[0].reading, Reading::Standard);
/// assert!(matches!(&sentences[1].reading, Reading::Unread(why) if why.contains("anti-knight")));
/// assert_eq!(sentences[2].reading, Reading::Decoration);
/// let spec = RulesSpec { globals: GlobalRule::AntiKnight.into(), ..RulesSpec::default() };
/// assert_eq!(read(text, &spec)[1].reading, Reading::States(vec!["anti-knight"]));
/// ```
pub fn read(text: &str, spec: &RulesSpec) -> Vec<Sentence> {
    let present = present(spec);
    // The rules a heading names ("German whispers" on a line of its own), which the
    // sentence after it describes.
    let mut heading: Vec<&'static str> = Vec::new();
    // The rules the last sentence naming any named, which "the same is true of …"
    // carries on.
    let mut before: Vec<&'static str> = Vec::new();
    sentences(text)
        .into_iter()
        .map(|text| {
            let words = words(&text);
            // A word that names a rule the puzzle states names that one: "diagonal" in a
            // sentence about little killers the puzzle has is no diagonal rule.
            let stated: Vec<usize> = topics()
                .iter()
                .filter(|t| present.contains(&t.name))
                .flat_map(|t| naming(&words, t))
                .collect();
            let named: Vec<&'static str> = topics()
                .iter()
                .filter(|t| {
                    let places = naming(&words, t);
                    !places.is_empty()
                        && (present.contains(&t.name) || places.iter().any(|i| !stated.contains(i)))
                })
                .map(|t| t.name)
                .collect();
            let named: Vec<&'static str> = named
                .iter()
                .copied()
                .filter(|t| {
                    !NARROWER
                        .iter()
                        .any(|(narrow, wide)| wide == t && named.contains(narrow))
                })
                .collect();
            let rule_like = RULE_WORDS.iter().any(|w| has(&words, w));
            let goes_on = CONTINUES
                .iter()
                .any(|start| words.join(" ").starts_with(start));
            let named = if named.is_empty() && goes_on {
                before.clone()
            } else if named.is_empty() && rule_like {
                std::mem::take(&mut heading)
            } else {
                heading = if rule_like || words.len() > 6 {
                    Vec::new()
                } else {
                    named.clone()
                };
                named
            };
            if !named.is_empty() {
                before = named.clone();
            }
            let repeats_anyway = !named.is_empty()
                && named
                    .iter()
                    .all(|name| topics().iter().any(|t| t.name == *name && t.repeats));
            // "…consecutive digits, however those digits can appear in any order" says the
            // renban rule, not a twist of it.
            let any_order = has(&words, "any order");
            // "On a coloured line" names every line with a colour, and gives colour no
            // meaning of its own.
            let any_colour = any_coloured_line(&words);
            let twist = TWISTS
                .iter()
                .chain(REPEATS.iter().filter(|_| !repeats_anyway))
                .filter(|w| !(any_order && **w == "however"))
                .filter(|w| !(any_colour && (**w == "colour*" || **w == "color*")))
                // Shaded cells compared with unshaded ones are the rule, not a twist.
                .filter(|w| !(has(&words, "unshaded") && **w == "shade*"))
                // "The digit lies in the direction of an arrow" places it: no lying clue.
                .filter(|w| !(**w == "lie*" && lies_somewhere(&words)))
                .find(|w| has(&words, w));
            let lower = text.to_lowercase();
            let example = [
                "for example",
                "as an example",
                "example",
                "e.g.",
                "eg:",
                "eg ",
                "ex:",
                "ex.",
            ]
            .iter()
            .any(|start| lower.starts_with(start));
            let boxes_only = named
                .iter()
                .all(|t| *t == "boxes" || *t == "jigsaw regions");
            let leaves_open = LEAVES_OPEN.iter().any(|phrase| has(&words, phrase));
            let no_boxes = NO_BOXES.iter().any(|phrase| has(&words, phrase));
            // A sum's rule in other arithmetic: the word that changes it.
            let other_arithmetic = (!named.is_empty()
                && named.iter().all(|t| SUMS.contains(t))
                && !SUM_WORDS.iter().any(|w| has(&words, w)))
            .then(|| NOT_SUMS.iter().find(|w| has(&words, w)))
            .flatten();
            let reading = if let Some(word) = other_arithmetic {
                Reading::Unread(format!(
                    "speaks of a {}, which no rule it names states ({})",
                    word.trim_end_matches('*'),
                    named.join(", ")
                ))
            } else if boxes_only && twist.is_none() && no_boxes {
                if present.contains(&"boxes") {
                    Reading::Unread("says there are no boxes, and the puzzle has them".into())
                } else {
                    Reading::Standard
                }
            } else if sentence_digits(&text)
                .is_some_and(|(first, _)| first > 1 || (first == 0 && !spec.from_zero))
            {
                Reading::Unread(
                    "digits that start neither at 1 nor (as read) at 0: satdoku's run from 0 or 1"
                        .into(),
                )
            } else if boxes_only
                && spec.digits.is_some()
                && ["sum*", "add*", "total*"].iter().any(|w| has(&words, w))
            {
                // Houses of a grid taking more digits than they have cells hold different
                // digits, so a sum over them is a rule of its own, not the classic one.
                Reading::Unread(
                    "a sum over rows, columns or boxes whose digits differ from house to \
                     house (the grid takes more digits than a row has cells)"
                        .into(),
                )
            } else if boxes_only && twist.is_none() && standard(&words) {
                if named.iter().all(|t| present.contains(t)) {
                    Reading::Standard
                } else {
                    Reading::Unread(
                        "names boxes or regions, and the puzzle draws none: rows and columns \
                         only"
                            .into(),
                    )
                }
            } else if example
                || (leaves_open && twist.is_none() && named.iter().all(|t| present.contains(t)))
            {
                // An example shows a rule stated elsewhere, and "may have different sums"
                // leaves one open: neither adds a rule.
                Reading::Decoration
            } else if !rule_like && named.is_empty() && twist.is_none() {
                Reading::Decoration
            } else {
                let absent: Vec<&str> = named
                    .iter()
                    .copied()
                    .filter(|name| !present.contains(name))
                    .collect();
                if !absent.is_empty() {
                    Reading::Unread(format!(
                        "names {}, which nothing else in the puzzle states",
                        absent.join(" and ")
                    ))
                } else if let Some(twist) = twist {
                    Reading::Unread(format!(
                        "\"{}\" may change a rule or give a drawing a meaning of its own",
                        twist.trim_end_matches('*')
                    ))
                } else if named.is_empty() {
                    Reading::Unread("names no rule satdoku knows".into())
                } else {
                    Reading::States(named)
                }
            };
            Sentence { text, reading }
        })
        .collect()
}

/// What one sentence of the rules names: rules (as `topics` names them, whether or not
/// a puzzle states them) and colours, for the readers of drawings to match a drawing's
/// colour and kind with the words that give its meaning.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mention {
    /// The rules the sentence names.
    pub topics: Vec<&'static str>,
    /// The colours it names, as [`colour_name`] spells them (`grey`, `pink` …).
    pub colours: Vec<&'static str>,
    /// Its words, lower case.
    pub words: Vec<String>,
}

impl Mention {
    /// The rules it names, less those a narrower one it names contains in words ("region
    /// sum lines" are no sum lines), as [`read`] takes them.
    pub fn narrowed_topics(&self) -> Vec<&'static str> {
        (self.topics.iter().copied())
            .filter(|t| {
                !NARROWER
                    .iter()
                    .any(|(narrow, wide)| wide == t && self.topics.contains(narrow))
            })
            .collect()
    }

    /// Whether the sentence has the phrase (words separated by spaces; see `topics`).
    pub fn has(&self, phrase: &str) -> bool {
        has(&self.words, phrase)
    }

    /// Whether the sentence speaks of lines of any colour ("on a coloured line").
    pub fn any_colour(&self) -> bool {
        any_coloured_line(&self.words)
    }
}

/// Whether every word of `words` starting "lie" is "lies" placing something ("lies in",
/// "lies on", "lies along"): a place, not a lying clue.
fn lies_somewhere(words: &[String]) -> bool {
    words.iter().enumerate().all(|(i, w)| {
        !w.starts_with("lie")
            || (w == "lies"
                && (words.get(i + 1))
                    .is_some_and(|next| ["in", "on", "along"].contains(&next.as_str())))
    })
}

/// Whether `words` speak of lines of any colour: "coloured line(s)", "colored line(s)".
fn any_coloured_line(words: &[String]) -> bool {
    ["coloured line*", "colored line*"]
        .iter()
        .any(|phrase| has(words, phrase))
}

/// A colour word as drawings' colours are named: synonyms folded (`gray` is `grey`,
/// `cyan` and `turquoise` are `teal`, `magenta` is `pink`, `violet` and `lavender` are
/// `purple`); `None` for a word that is no colour.
pub fn colour_name(word: &str) -> Option<&'static str> {
    Some(match word {
        "red" => "red",
        "orange" => "orange",
        "yellow" | "gold" => "yellow",
        "green" | "lime" => "green",
        "teal" | "cyan" | "turquoise" | "aqua" => "teal",
        "blue" => "blue",
        "purple" | "violet" | "lavender" | "lilac" => "purple",
        "pink" | "magenta" => "pink",
        "grey" | "gray" | "silver" => "grey",
        "black" => "black",
        "white" => "white",
        "brown" => "brown",
        _ => return None,
    })
}

/// Every sentence of `text` with what it names (see [`Mention`]), a heading's rules
/// carried to the sentence after it as [`read`] carries them.
pub fn mentions(text: &str) -> Vec<Mention> {
    let mut heading: Vec<&'static str> = Vec::new();
    sentences(text)
        .into_iter()
        .map(|text| {
            let words = words(&text);
            let mut topics: Vec<&'static str> = topics()
                .iter()
                .filter(|t| !naming(&words, t).is_empty())
                .map(|t| t.name)
                .collect();
            let rule_like = RULE_WORDS.iter().any(|w| has(&words, w));
            if topics.is_empty() && rule_like {
                topics = std::mem::take(&mut heading);
            } else {
                heading = if rule_like || words.len() > 6 {
                    Vec::new()
                } else {
                    topics.clone()
                };
            }
            let mut colours: Vec<&'static str> =
                words.iter().filter_map(|w| colour_name(w)).collect();
            colours.dedup();
            Mention {
                topics,
                colours,
                words,
            }
        })
        .collect()
}

/// The rules over the whole grid `text` states in words on their own, as SudokuPad takes
/// them from a puzzle's rules when no element or flag does (its rules parser): a sentence
/// that names the knight's (king's) move and says the digits there differ, with no word
/// that changes it (anti-knight, anti-king); one that says all possible dots, or X and V,
/// are given, and not "not all" (the negative constraints: white dots, black dots or both
/// as the words say).
///
/// ```
/// use satdoku::format::rules_text::stated_in_words;
/// use satdoku::rules::GlobalRule;
/// let stated = stated_in_words("Cells a knight's move apart cannot contain the same digit. All possible black dots are given.");
/// assert_eq!(stated, [GlobalRule::AntiKnight, GlobalRule::NegativeRatio]);
/// assert!(stated_in_words("Not all possible dots are given.").is_empty());
/// ```
pub fn stated_in_words(text: &str) -> Vec<GlobalRule> {
    let mut stated = Vec::new();
    let mut state = |rule: GlobalRule| {
        if !stated.contains(&rule) {
            stated.push(rule);
        }
    };
    for sentence in sentences(text) {
        let words = words(&sentence);
        if TWISTS.iter().any(|w| has(&words, w)) || has(&words, "knightmare") {
            continue;
        }
        let differ = ["cannot", "can't", "may not", "must not", "never", "not"]
            .iter()
            .any(|w| has(&words, w))
            && ["same", "repeat*", "identical", "equal"]
                .iter()
                .any(|w| has(&words, w))
            || ["differ*", "different"].iter().any(|w| has(&words, w));
        for (rule, named) in [
            (
                GlobalRule::AntiKnight,
                has(&words, "knight") || has(&words, "antiknight"),
            ),
            (
                GlobalRule::AntiKing,
                has(&words, "king") || has(&words, "antiking"),
            ),
        ] {
            let flagged = has(&words, rule.name()) || has(&words, &rule.name().replace('-', ""));
            if named && (differ || flagged) {
                state(rule);
            }
        }
        if has(&words, "all possible") && !has(&words, "not all") && has(&words, "given") {
            let dots = has(&words, "dot*") || has(&words, "kropki");
            let (white, black) = (has(&words, "white"), has(&words, "black"));
            if dots && (white || !black) {
                state(GlobalRule::NegativeDifference);
            }
            if dots && (black || !white) {
                state(GlobalRule::NegativeRatio);
            }
            if ["xv", "x", "v", "xs", "vs", "xes"]
                .iter()
                .any(|w| has(&words, w))
            {
                state(GlobalRule::NegativeXv);
            }
        }
    }
    stated
}

/// The digits a sentence of `text` gives the grid, as the range it names ("fill the grid with
/// digits 1-9", "select six different digits from the set 1 – 9", "the digits 0 to 8"): the
/// first and last, where a sentence speaking of digits names one.
pub fn digit_range(text: &str) -> Option<(usize, usize)> {
    sentences(text)
        .iter()
        .find_map(|sentence| sentence_digits(sentence))
}

/// The range of digits `sentence` names, if it speaks of digits ("digits 1-9", "digits
/// 1 – 9", "digits 0 to 8").
fn sentence_digits(sentence: &str) -> Option<(usize, usize)> {
    let words = words(sentence);
    if !has(&words, "digit*") {
        return None;
    }
    let number = |w: &str| w.parse::<usize>().ok();
    // A grid's digits are four or more, rising ("a 2 to 1 ratio" is none).
    let range = |(a, b): (usize, usize)| (b >= a + 3).then_some((a, b));
    (0..words.len()).find_map(|i| {
        if let Some((a, b)) = words[i].split_once('-') {
            return number(a).zip(number(b)).and_then(range);
        }
        let a = number(&words[i])?;
        match words.get(i + 1).map(String::as_str) {
            Some("to") => number(words.get(i + 2)?).map(|b| (a, b)).and_then(range),
            // "1 – 9": the dash is no word.
            Some(next) => number(next)
                .filter(|_| {
                    sentence.contains(&format!("{a} – ")) || sentence.contains(&format!("{a} - "))
                })
                .map(|b| (a, b))
                .and_then(range),
            None => None,
        }
    })
}

/// Whether a sentence of `text` names `rule` by one of its table row's phrases, with no
/// twist of it ("select six different digits from the set 1-9": same digits).
pub fn stated_rule_in_words(text: &str, rule: GlobalRule) -> bool {
    sentences(text).iter().any(|sentence| {
        let words = words(sentence);
        !TWISTS.iter().any(|w| has(&words, w))
            && rule.row().words.iter().any(|phrase| has(&words, phrase))
    })
}

/// The sentences of `text` that [`read`] leaves unread, each as a puzzle file names what
/// it did not read: `rules: "…" (why)`.
pub fn unread(text: &str, spec: &RulesSpec) -> Vec<String> {
    read(text, spec)
        .into_iter()
        .filter_map(|sentence| match sentence.reading {
            Reading::Unread(why) => Some(format!("rules: {:?} ({why})", sentence.text)),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraint::{Arrow, Cage, DifferenceArrow, RegionDifferenceLine};
    use crate::grid::Cell;

    fn readings(text: &str, spec: &RulesSpec) -> Vec<Reading> {
        read(text, spec).into_iter().map(|s| s.reading).collect()
    }

    fn with(constraint: crate::constraint::VariantConstraint) -> RulesSpec {
        RulesSpec {
            constraints: vec![constraint],
            ..RulesSpec::default()
        }
    }

    #[test]
    fn a_parity_line_and_a_region_sum_line_in_setters_words() {
        let cells: Vec<Cell> = (0..3).filter_map(|c| Cell::at(0, c)).collect();
        let parity = with(crate::constraint::ParityLine::new(cells.clone()).into());
        assert_eq!(
            readings(
                "Two cells adjacent along a red line must contain one even digit and one odd digit.",
                &parity
            ),
            [Reading::States(vec!["parity line"])]
        );
        let sums = with(crate::constraint::RegionSumLine::new(cells).into());
        assert_eq!(
            readings(
                "Digits on each segment of the same line sum to the same value.",
                &sums
            ),
            [Reading::States(vec!["region-sum line"])]
        );
    }

    #[test]
    fn a_sum_rule_in_words_of_a_difference_names_its_difference_form() {
        // Published "What a Twist" (sb090): its arrows give a difference, its line the same
        // difference in each box.
        let cells: Vec<Cell> = (0..3).filter_map(|c| Cell::at(0, c)).collect();
        let arrows = with(Arrow::new(cells[..1].to_vec(), cells[1..].to_vec()).into());
        let arrow_text =
            "Digits on an arrow have the DIFFERENCE of the digit in the attached circle.";
        let line_text = "Digits along the blue line must have the same DIFFERENCE within each box \
                         it passes through.";
        // A puzzle of sum arrows: both name rules it does not state, and are unread.
        for (text, names) in [
            (arrow_text, "names difference arrow,"),
            (line_text, "names region-difference line,"),
        ] {
            assert!(
                matches!(&readings(text, &arrows)[0], Reading::Unread(why) if why.contains(names)),
                "{text}: {:?}",
                readings(text, &arrows)
            );
        }
        // A puzzle of difference arrows and a region-difference line states them.
        let shaft = cells[1..].to_vec();
        let differences = with(DifferenceArrow::new(cells[..1].to_vec(), shaft).into());
        assert_eq!(
            readings(arrow_text, &differences),
            [Reading::States(vec!["difference arrow"])]
        );
        let line = with(RegionDifferenceLine::new(cells.clone()).into());
        assert_eq!(
            readings(line_text, &line),
            [Reading::States(vec!["region-difference line"])]
        );
        // The sum itself is read, difference or not in other words.
        assert_eq!(
            readings(
                "Digits along an arrow sum to the digit in its circle.",
                &arrows
            ),
            [Reading::States(vec!["arrow"])]
        );
        // A difference of other digits in a sentence naming arrows leaves the arrows sums.
        assert_eq!(
            readings(
                "Normal arrow rules apply, and adjacent digits on green lines have a \
                 difference of at least 5.",
                &arrows
            )[0],
            Reading::Unread("names whispers line, which nothing else in the puzzle states".into())
        );
        // Other arithmetic than a difference stays a twist of the sum.
        assert!(matches!(
            &readings("Digits on an arrow multiply to the digit in the circle.", &arrows)[0],
            Reading::Unread(why) if why.contains("speaks of a multipl")
        ));
    }

    #[test]
    fn a_zipper_lines_words_of_equal_totals_centres_and_dots_state_the_zipper() {
        // Published "Aad-van-ced Zippers" (gdc) and "Zip Zag" (Sujoyku & Egubachu).
        let cells: Vec<Cell> = (0..3).filter_map(|c| Cell::at(0, c)).collect();
        let spec = with(crate::constraint::Zipper::new(cells).into());
        assert_eq!(
            readings(
                "Digits an equal distance from the center of a lavender Zipper Line sum to \
                 the same total. For odd-length lines, the total is the digit placed in the \
                 line's (circled) center. Cells on a zipper line at an equal distance to the \
                 center, which is marked with a dot, sum to the digit at the center.",
                &spec
            ),
            [
                Reading::States(vec!["zipper line"]),
                Reading::States(vec!["zipper line"]),
                Reading::States(vec!["zipper line"])
            ]
        );
    }

    #[test]
    fn a_sentence_saying_the_same_again_and_a_harmless_however_are_read() {
        let cells: Vec<Cell> = (0..3).filter_map(|c| Cell::at(0, c)).collect();
        let spec = with(crate::constraint::Renban::new(cells).into());
        assert_eq!(
            readings(
                "Renban: digits form a run of consecutive digits, however those digits can \
                 appear in any order. The same is true of the grey lines.",
                &spec
            ),
            [
                Reading::States(vec!["renban line"]),
                Reading::States(vec!["renban line"])
            ]
        );
        // A "however" that changes the rule is still a twist.
        assert!(matches!(
            &readings("Renban lines hold consecutive digits; however, repeats are allowed.", &spec)[0],
            Reading::Unread(why) if why.contains("however")
        ));
        // "The same is true" with nothing named before says nothing known.
        assert!(matches!(
            &readings("The same is true of column 5.", &spec)[0],
            Reading::Unread(_) | Reading::Decoration
        ));
    }

    #[test]
    fn no_boxes_is_read_on_a_grid_without_them_and_not_on_one_with_them() {
        let text = "Place the digits 1 to 7 once in each row and column: there are no boxes.";
        let latin = RulesSpec {
            no_regions: true,
            ..RulesSpec::default()
        };
        assert_eq!(readings(text, &latin), [Reading::Standard]);
        assert!(matches!(
            &readings(text, &RulesSpec::default())[0],
            Reading::Unread(why) if why.contains("no boxes")
        ));
        // Rules naming boxes, on a grid without them, are not read either.
        let normal = readings("Each row, column and box holds 1 to 7 once.", &latin);
        assert!(
            matches!(&normal[0], Reading::Unread(why) if why.contains("draws none")),
            "{normal:?}"
        );
    }

    #[test]
    fn sentences_split_at_stops_and_line_breaks_and_lose_list_marks() {
        assert_eq!(
            sentences("Normal rules. Digits 1.5 apart?\n- Thermos: grey\n\n  Enjoy!"),
            [
                "Normal rules.",
                "Digits 1.5 apart?",
                "Thermos: grey",
                "Enjoy!"
            ]
        );
    }

    #[test]
    fn a_rule_the_puzzle_states_is_read_and_one_it_lacks_is_not() {
        let cell = |r, c| Cell::at(r, c).unwrap();
        let cages = with(Cage::new(vec![cell(0, 0), cell(0, 1)], Some(3)).into());
        let text = "Digits in cages sum to the clue and cannot repeat.";
        assert_eq!(
            readings(text, &cages),
            [Reading::States(vec!["killer cage"])]
        );
        assert!(matches!(
            &readings(text, &RulesSpec::default())[0],
            Reading::Unread(why) if why.contains("killer cage")
        ));
        // A twist is never taken as read: cages whose digits may repeat.
        assert!(matches!(
            &readings("Digits may repeat in cages.", &cages)[0],
            Reading::Unread(why) if why.contains("may repeat")
        ));
        // On an arrow, digits may repeat anyway: the sentence restates the rule.
        let arrows = with(Arrow::new(vec![cell(0, 0)], vec![cell(0, 1), cell(0, 2)]).into());
        assert_eq!(
            readings("Digits may repeat along an arrow.", &arrows),
            [Reading::States(vec!["arrow"])]
        );
    }

    #[test]
    fn a_heading_names_the_rule_of_the_sentence_after_it() {
        let spec = RulesSpec::default();
        let read = readings(
            "German whispers\nAdjacent digits differ by 5 or more.",
            &spec,
        );
        assert!(
            read.iter()
                .all(|r| matches!(r, Reading::Unread(w) if w.contains("whispers")))
        );
    }

    #[test]
    fn not_all_possible_dots_is_no_negative_rule() {
        let spec = RulesSpec::default();
        assert_eq!(
            readings("Not all possible Vs and Xes are given.", &spec)[0],
            Reading::Unread("names XV sum, which nothing else in the puzzle states".into())
        );
        assert!(matches!(
            readings("All possible dots are given.", &spec)[0],
            Reading::Unread(ref w) if w.contains("negative")
        ));
    }

    #[test]
    fn digit_ranges_are_read_from_the_words() {
        assert_eq!(digit_range("Fill the grid with digits 1-9."), Some((1, 9)));
        assert_eq!(
            digit_range("Place the same 4-digit subset from the digits 1 – 9 in each row."),
            Some((1, 9))
        );
        assert_eq!(
            digit_range("Place the digits 0 to 8 once in each row."),
            Some((0, 8))
        );
        // A ratio, a sum and a difference are no digits of the grid.
        assert_eq!(
            digit_range("Digits separated by the black dot have a 2 to 1 ratio."),
            None
        );
        assert_eq!(digit_range("Digits on a line sum to 10."), None);
        let same = |text| stated_rule_in_words(text, GlobalRule::SameDigits);
        assert!(same("Select six different digits from the set 1-9."));
        assert!(!same("Clones hold the same digits in the same places."));
        assert!(stated_rule_in_words(
            "Any 5 in the grid must have a 1 directly above it or a 9 directly below it.",
            GlobalRule::DutchFlatmates
        ));
        // Digits from 0 are read where the puzzle was read so, else named unread; from 2, never.
        let spec = RulesSpec::default();
        let zero = "Place the digits 0-8 once in every row, column and box.";
        assert!(matches!(
            readings(zero, &spec)[0],
            Reading::Unread(ref w) if w.contains("start neither at 1 nor")
        ));
        let from_zero = RulesSpec {
            from_zero: true,
            ..RulesSpec::default()
        };
        assert!(!matches!(readings(zero, &from_zero)[0], Reading::Unread(_)));
        assert!(matches!(
            readings("Place the digits 2-10 once in every row.", &from_zero)[0],
            Reading::Unread(ref w) if w.contains("start neither at 1 nor")
        ));
        let wider = RulesSpec {
            digits: Some(9),
            ..RulesSpec::default()
        };
        assert!(matches!(
            readings("The digits in every row, column and box sum to x.", &wider)[0],
            Reading::Unread(ref w) if w.contains("sum over rows")
        ));
    }
}
