//! The ranker: BM25F over a tool's fields, each weighted for what it says about the tool's
//! purpose, with matches through folding and synonyms scored below exact ones, a steer
//! toward the namespace a task names, and a lean to read-only tools for questions.
//!
//! Deterministic: the same catalog and query give the same ranking in every process (sums
//! run in a fixed order, ties keep registration order), so prompt caches hold.

use std::collections::{HashMap, HashSet};

use rmcp::model::Tool;
use serde_json::Value;

use super::{
    synonyms,
    terms::{self, fold, identifier_words, is_content, words},
};

/// What the index reads of one tool.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<'a> {
    pub(crate) tool: &'a Tool,
    /// Words the tool's author gives for it (`#[tool(keywords(…))]`), scored as strongly as
    /// its name.
    pub(crate) keywords: &'a [&'a str],
}

/// The fields of a tool, and how much a match in each says about its purpose.
#[derive(Clone, Copy)]
enum Field {
    /// The name and the title.
    Name,
    /// Words the author gave for search.
    Keywords,
    /// The description's first sentence: what the tool does.
    Summary,
    /// The rest of the description: when to use it, caveats, formats.
    Rest,
    /// Parameter names, docs (without their example values) and enum values: what the
    /// tool takes, which says little about what it is for.
    Params,
}

const FIELDS: [Field; 5] = [
    Field::Name,
    Field::Keywords,
    Field::Summary,
    Field::Rest,
    Field::Params,
];

impl Field {
    const fn weight(self) -> f64 {
        match self {
            Field::Name | Field::Keywords => 3.0,
            Field::Summary => 2.5,
            Field::Rest => 0.8,
            Field::Params => 0.3,
        }
    }

    /// BM25's length normalisation, kept low: a long description that is good should not
    /// lose to a terse one.
    const fn length_normalisation(self) -> f64 {
        match self {
            Field::Params => 0.5,
            _ => 0.3,
        }
    }
}

/// BM25's term-frequency saturation.
const K1: f64 = 1.2;
/// A match of a word's folded form ("branches" for "branch") against an exact one.
const FOLDED: f64 = 0.7;
/// A match through the synonym table against an exact one.
const EQUIVALENT: f64 = 0.7;
/// How far naming a tool's namespace lifts its score, times how distinctive the name is.
const NAMESPACE_STEER: f64 = 0.6;
/// A match of a word inside a value (`acme/api`, `PROJ-12`) against one of prose.
const IN_VALUE: f64 = 0.3;
/// How far a tool is lifted when the task names all it does: the share of its name's words
/// after the namespace (`get_issue`, `create_payment_link`) the task holds, times this. A
/// request that says all of a name ("get issue PROJ-12") means that tool more than one that
/// shares a word with a longer name (`issue_dependency_read`).
const NAME_COVERAGE: f64 = 0.4;
/// How far a question lifts read-only tools.
const QUESTION_LEAN: f64 = 0.5;

/// The tools that hold one term, with its inverse document frequency.
#[derive(Debug, Default)]
struct Postings {
    idf: f64,
    /// Each tool that holds the term, in registration order, with the term's frequency
    /// weighted by field and normalised by field length.
    tools: Vec<(usize, f64)>,
}

/// A namespace and the tools in it.
#[derive(Debug)]
struct Namespace {
    tools: Vec<usize>,
    /// The share of the tools that use the word that are this namespace's: 1 for a product
    /// name, low for an ordinary word ("time", "memory") that other tools use too.
    distinctiveness: f64,
}

/// The search index over a catalog.
#[derive(Debug, Default)]
pub(crate) struct Index {
    exact: HashMap<String, Postings>,
    folded: HashMap<String, Postings>,
    namespaces: HashMap<String, Namespace>,
    read_only: Vec<bool>,
    /// Each tool's name words after its namespace, folded: what it does to what.
    names: Vec<Vec<String>>,
}

/// One word of a query, a phrase or a quoted value, and the terms that can stand for it.
struct Slot {
    word: Option<String>,
    equivalents: Vec<&'static str>,
    /// How much the slot counts: less for a word inside a value.
    weight: f64,
}

impl Index {
    /// Indexes each tool's name, title, description, parameters and keywords.
    pub(crate) fn build(entries: &[Entry<'_>]) -> Self {
        let fields: Vec<[Vec<String>; FIELDS.len()]> = entries.iter().map(fields_of).collect();
        let count = entries.len().max(1) as f64;
        let mut average = [0.0; FIELDS.len()];
        for tool in &fields {
            for (sum, words) in average.iter_mut().zip(tool) {
                *sum += words.len() as f64 / count;
            }
        }
        let vocabulary: HashSet<&str> = fields
            .iter()
            .flatten()
            .flatten()
            .map(String::as_str)
            .collect();
        let mut index = Index {
            read_only: entries
                .iter()
                .map(|e| e.tool.annotations.as_ref().and_then(|a| a.read_only_hint) == Some(true))
                .collect(),
            ..Index::default()
        };
        for (i, tool) in fields.iter().enumerate() {
            // Field-weighted, length-normalised frequencies, summed in field order.
            let mut exact: HashMap<&str, f64> = HashMap::new();
            let mut folded: HashMap<String, f64> = HashMap::new();
            for ((field, words), average) in FIELDS.iter().zip(tool).zip(average) {
                let b = field.length_normalisation();
                let weight = field.weight()
                    / (1.0 - b + b * words.len() as f64 / average.max(f64::MIN_POSITIVE));
                for word in words {
                    *exact.entry(word).or_default() += weight;
                    *folded
                        .entry(fold(word, |w| vocabulary.contains(w)))
                        .or_default() += weight;
                }
            }
            for (word, frequency) in exact {
                index
                    .exact
                    .entry(word.to_owned())
                    .or_default()
                    .tools
                    .push((i, frequency));
            }
            for (word, frequency) in folded {
                index
                    .folded
                    .entry(word)
                    .or_default()
                    .tools
                    .push((i, frequency));
            }
        }
        for postings in index.exact.values_mut().chain(index.folded.values_mut()) {
            postings.tools.sort_unstable_by_key(|(i, _)| *i);
            let holders = postings.tools.len() as f64;
            postings.idf = ((count - holders + 0.5) / (holders + 0.5) + 1.0).ln();
        }
        index.namespaces = namespaces(entries, &index.exact);
        index.names = entries
            .iter()
            .map(|entry| {
                let mut words = identifier_words(&entry.tool.name);
                if namespace_of(&entry.tool.name).is_some() {
                    words.remove(0);
                }
                words
                    .iter()
                    .filter(|w| is_content(w))
                    .map(|w| fold(w, |w| vocabulary.contains(w)))
                    .collect()
            })
            .collect();
        index
    }

    /// The indexes of the best matches for `query`, best first, at most `limit`.
    pub(crate) fn search(&self, query: &str, limit: usize) -> Vec<usize> {
        let tools = self.read_only.len();
        let mut total = vec![0.0; tools];
        let mut best = vec![0.0; tools];
        let slots = self.slots(query);
        let asked = self.asked(&slots);
        for slot in slots {
            best.fill(0.0);
            if let Some(word) = &slot.word {
                self.match_word(word, slot.weight, &mut best);
            }
            for equivalent in &slot.equivalents {
                self.match_word(equivalent, EQUIVALENT * slot.weight, &mut best);
            }
            for (sum, score) in total.iter_mut().zip(&best) {
                *sum += score;
            }
        }
        let mut steer = vec![0.0_f64; tools];
        let mut seen = HashSet::new();
        for word in words(query).filter(|w| is_content(w)) {
            if let Some(namespace) = self.namespaces.get(&word)
                && seen.insert(word)
            {
                for &i in &namespace.tools {
                    steer[i] = steer[i].max(namespace.distinctiveness);
                }
            }
        }
        let question = terms::is_question(query);
        let mut scored: Vec<(f64, usize)> = total
            .iter()
            .zip(&steer)
            .enumerate()
            .map(|(i, (&content, &steer))| {
                // A namespace alone is a weak match: its tools, after any that match a word.
                let mut score = if content > 0.0 {
                    content * (1.0 + NAMESPACE_STEER * steer)
                } else {
                    1e-3 * steer
                };
                if content > 0.0 {
                    score *= 1.0 + NAME_COVERAGE * self.coverage(i, &asked);
                }
                if question && self.read_only[i] {
                    score *= 1.0 + QUESTION_LEAN;
                }
                (score, i)
            })
            .filter(|(score, _)| *score > 0.0)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().take(limit).map(|(_, i)| i).collect()
    }

    /// The terms the task's prose asks for, and what stands for them, folded and not: what
    /// a tool's name is checked against. Words inside values are left out.
    fn asked(&self, slots: &[Slot]) -> HashSet<String> {
        let known = |w: &str| self.exact.contains_key(w);
        slots
            .iter()
            .filter(|slot| slot.weight >= 1.0)
            .flat_map(|slot| {
                let word = slot.word.as_deref().into_iter();
                word.chain(slot.equivalents.iter().copied())
            })
            .flat_map(|w| [w.to_owned(), fold(w, known)])
            .collect()
    }

    /// The share of tool `i`'s name words, after its namespace, that the task asks for.
    fn coverage(&self, i: usize, asked: &HashSet<String>) -> f64 {
        let name = &self.names[i];
        if name.is_empty() {
            return 0.0;
        }
        name.iter().filter(|w| asked.contains(*w)).count() as f64 / name.len() as f64
    }

    /// Raises `best[i]` to the score of `word` for each tool `i` that holds it, exactly or
    /// folded, times `weight`.
    fn match_word(&self, word: &str, weight: f64, best: &mut [f64]) {
        let folded = fold(word, |w| self.exact.contains_key(w));
        for (postings, weight) in [
            (self.exact.get(word), weight),
            (self.folded.get(&folded), weight * FOLDED),
        ] {
            let Some(postings) = postings else { continue };
            for &(i, frequency) in &postings.tools {
                let score = weight * postings.idf * frequency * (K1 + 1.0) / (frequency + K1);
                best[i] = best[i].max(score);
            }
        }
    }

    /// The query's words, phrases and quoted values, each with what can stand for it.
    fn slots(&self, query: &str) -> Vec<Slot> {
        let all: Vec<String> = words(query).collect();
        let mut slots: Vec<Slot> = query
            .split_whitespace()
            .flat_map(|token| {
                let weight = if terms::is_value(token) {
                    IN_VALUE
                } else {
                    1.0
                };
                words(token).map(move |word| (word, weight))
            })
            .filter(|(word, _)| is_content(word))
            .map(|(word, weight)| {
                let folded = fold(&word, |w| self.exact.contains_key(w));
                let mut equivalents = synonyms::equivalents(&word).to_vec();
                for other in synonyms::equivalents(&folded) {
                    if !equivalents.contains(other) {
                        equivalents.push(other);
                    }
                }
                Slot {
                    word: Some(word),
                    equivalents,
                    weight,
                }
            })
            .collect();
        let meanings = query
            .split_whitespace()
            .filter_map(synonyms::value_kind)
            .chain(synonyms::phrases(&all));
        slots.extend(meanings.map(|means| Slot {
            word: None,
            equivalents: means.to_vec(),
            weight: 1.0,
        }));
        slots
    }
}

/// A tool's words, field by field, in the order of [`FIELDS`].
fn fields_of(entry: &Entry<'_>) -> [Vec<String>; FIELDS.len()] {
    let tool = entry.tool;
    let content = |words: Vec<String>| -> Vec<String> {
        words.into_iter().filter(|w| is_content(w)).collect()
    };
    // The namespace stays in the name: in a catalog written as this crate asks, it is the
    // object the tool acts on (`shipment_cancel`), as telling as the action.
    let mut name = identifier_words(&tool.name);
    name.extend(words(tool.title.as_deref().unwrap_or_default()));
    let description = tool.description.as_deref().unwrap_or_default();
    let (summary, rest) = split_summary(description);
    let keywords = entry.keywords.iter().flat_map(|k| words(k)).collect();
    let mut params = Vec::new();
    if let Some(properties) = tool
        .input_schema
        .get("properties")
        .and_then(Value::as_object)
    {
        for (property, schema) in properties {
            params.extend(identifier_words(property));
            let doc = schema
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default();
            params.extend(words(&without_examples(doc)));
            for value in schema
                .get("enum")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                params.extend(value.as_str().map(identifier_words).unwrap_or_default());
            }
        }
    }
    [
        content(name),
        content(keywords),
        content(words(summary).collect()),
        content(words(rest).collect()),
        content(params),
    ]
}

/// A wire name's namespace: what comes before its first `_` (`github` of
/// `github_get_me`); none for a name without one.
fn namespace_of(name: &str) -> Option<String> {
    let (namespace, _) = name.split_once('_')?;
    (!namespace.is_empty()).then(|| namespace.to_lowercase())
}

/// Each namespace, its tools, and how distinctive its name is in this catalog.
fn namespaces(
    entries: &[Entry<'_>],
    exact: &HashMap<String, Postings>,
) -> HashMap<String, Namespace> {
    let mut namespaces: HashMap<String, Namespace> = HashMap::new();
    for (i, entry) in entries.iter().enumerate() {
        if let Some(namespace) = namespace_of(&entry.tool.name) {
            namespaces
                .entry(namespace)
                .or_insert_with(|| Namespace {
                    tools: Vec::new(),
                    distinctiveness: 0.0,
                })
                .tools
                .push(i);
        }
    }
    for (word, namespace) in &mut namespaces {
        let mut users: HashSet<usize> = namespace.tools.iter().copied().collect();
        if let Some(postings) = exact.get(word) {
            users.extend(postings.tools.iter().map(|(i, _)| *i));
        }
        namespace.distinctiveness = namespace.tools.len() as f64 / users.len() as f64;
    }
    namespaces
}

/// The description's first sentence, and the rest.
pub(super) fn split_summary(description: &str) -> (&str, &str) {
    let description = description.trim();
    let line_end = description.find('\n').unwrap_or(description.len());
    let line = &description[..line_end];
    let end = line
        .match_indices(['.', '!', '?'])
        .map(|(i, _)| i + 1)
        .find(|&end| line[end..].is_empty() || line[end..].starts_with(char::is_whitespace))
        .unwrap_or(line_end);
    (description[..end].trim(), description[end..].trim())
}

/// A parameter's doc without its example values (`'Asia/Tokyo'`, "(e.g. ci.yaml)"): they
/// show a format, and would otherwise match a task that names the same city or file.
fn without_examples(doc: &str) -> String {
    let mut kept = String::with_capacity(doc.len());
    let mut rest = doc;
    while let Some(c) = rest.chars().next() {
        let skip = if let Some(after) = rest.strip_prefix('(')
            && starts_with_example(after)
        {
            rest.find(')').map_or(rest.len(), |end| end + 1)
        } else if kept.chars().last().is_none_or(|p| !p.is_alphanumeric())
            && starts_with_example(rest)
        {
            // "e.g. …", "for example …", "such as …": to the end of the clause.
            let from = rest.find(' ').unwrap_or(rest.len());
            rest[from..]
                .find(['.', ';', '\n'])
                .map_or(rest.len(), |end| from + end)
        } else if matches!(c, '\'' | '"' | '`')
            && kept.chars().last().is_none_or(|p| !p.is_alphanumeric())
        {
            // A quoted value, not an apostrophe ("the user's"): to its closing quote.
            rest[1..].find(c).map_or(0, |end| end + 2)
        } else {
            0
        };
        if skip == 0 {
            kept.push(c);
            rest = &rest[c.len_utf8()..];
        } else {
            kept.push(' ');
            rest = &rest[skip..];
        }
    }
    kept
}

const EXAMPLE_MARKS: [&str; 4] = ["e.g.", "for example", "such as", "example:"];

fn starts_with_example(text: &str) -> bool {
    EXAMPLE_MARKS.iter().any(|mark| {
        text.get(..mark.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(mark))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_is_the_first_sentence() {
        assert_eq!(
            split_summary("Get a file. Use it for text.\nMore."),
            ("Get a file.", "Use it for text.\nMore.")
        );
        assert_eq!(
            split_summary("Notion | Retrieve a user\nErrors"),
            ("Notion | Retrieve a user", "Errors")
        );
        assert_eq!(split_summary("Read v1.2 notes"), ("Read v1.2 notes", ""));
    }

    #[test]
    fn examples_leave_parameter_docs() {
        let doc = "Target IANA timezone name (e.g., 'Asia/Tokyo', 'America/San_Francisco'). Use 'UTC' as local timezone.";
        let kept = without_examples(doc);
        assert!(!kept.contains("Tokyo") && !kept.contains("UTC"), "{kept}");
        assert!(
            kept.contains("Target IANA timezone name") && kept.contains("local timezone"),
            "{kept}"
        );
        let kept = without_examples("The page (1-based) to read, for example 3");
        assert!(kept.contains("1-based") && !kept.contains('3'), "{kept}");
    }
}
