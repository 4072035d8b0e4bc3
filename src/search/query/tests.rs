use super::*;

fn parse(query: &str) -> Query {
    Query::parse(query, Glossary::bundled())
}

/// The first spelling of each concept, as text.
fn heads(query: &Query) -> Vec<String> {
    query
        .concepts
        .iter()
        .map(|c| {
            c.alts[0]
                .terms
                .iter()
                .map(|t| match t {
                    Term::Word(w) => w.clone(),
                    Term::Gram(k) => {
                        let (a, b) = text::gram_chars(*k);
                        std::iter::once(a).chain(b).collect()
                    }
                })
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect()
}

#[test]
fn particles_and_question_words_split_a_chinese_question() {
    let query = parse("训练卡住了怎么排查");
    // 卡住 and 排查 are glossary terms; 训练 is left as a bigram.
    assert_eq!(heads(&query), ["训练", "卡住", "排查"]);
    let hang = &query.concepts[1];
    assert!(
        hang.alts
            .iter()
            .any(|a| a.terms == [Term::Word("hang".into())])
    );
}

#[test]
fn glossary_terms_bring_their_other_spellings() {
    let query = parse("检查点 写入时间");
    assert_eq!(query.concepts.len(), 2);
    assert!(
        query.concepts[0]
            .alts
            .iter()
            .any(|a| a.terms == [Term::Word("checkpoint".into())])
    );
    let tp = parse("TP");
    assert!(tp.concepts[0].alts.iter().any(|a| a.terms.len() == 3));
}

#[test]
fn multi_word_glossary_terms_and_compounds_are_one_concept() {
    let query = parse("tensor parallelism all-reduce");
    assert_eq!(query.concepts.len(), 2);
    let all_reduce = &query.concepts[1];
    assert_eq!(all_reduce.alts[0].terms, [Term::Word("allreduce".into())]);
}

#[test]
fn stop_words_alone_make_an_empty_query() {
    assert!(parse("  ").is_empty());
    assert!(parse("what is the").is_empty());
    assert!(parse("什么是？").is_empty());
    assert!(!parse("nvl").is_empty());
}

#[test]
fn a_lone_character_searches_only_when_nothing_else_does() {
    let alone = parse("卡");
    assert_eq!(alone.concepts[0].expand, Expand::Char('卡'));
    let with_words = parse("张量 切");
    assert_eq!(heads(&with_words), ["张量"]);
}

#[test]
fn a_repeated_term_counts_once() {
    assert_eq!(parse("IB InfiniBand").concepts.len(), 1);
    let once = parse("calculation checkpointing 检查点");
    let pasted = parse(&"calculation checkpointing 检查点 ".repeat(3000));
    assert_eq!(heads(&pasted), heads(&once));
}

#[test]
fn a_very_long_word_matches_only_as_written() {
    let long = "a".repeat(100_000);
    let query = parse(&long);
    assert_eq!(query.concepts.len(), 1);
    assert_eq!(query.concepts[0].expand, Expand::None);
    let word = "x".repeat(MAX_EXPANDED_CHARS);
    assert_eq!(parse(&word).concepts[0].expand, Expand::Latin(word));
}

#[test]
fn a_pasted_page_keeps_its_first_concepts() {
    let words: Vec<String> = (0..5000).map(|i| format!("word{i}x")).collect();
    let query = parse(&words.join(" "));
    assert_eq!(query.concepts.len(), MAX_CONCEPTS);
    assert_eq!(heads(&query)[..2], ["word0x", "word1x"]);
    let chinese: String = (0..5000)
        .map(|i| char::from_u32(0x4E00 + i).unwrap_or('中'))
        .collect();
    assert_eq!(parse(&chinese).concepts.len(), MAX_CONCEPTS);
}

#[test]
fn the_phrase_is_kept_for_multi_word_queries_only() {
    assert_eq!(parse("write time").phrase, "writetime");
    assert_eq!(parse("nccl").phrase, "");
    assert_eq!(parse("检查点要写多久").phrase, "检查点要写多久");
}
