//! Small cards for the drill tests, built in code so each test shows what it depends on.

use crate::content::card::{LangBody, Origin};
use crate::content::{Bilingual, Card, FollowUp, KeyPoint};

pub fn point(term: &str) -> KeyPoint {
    KeyPoint {
        point: term.to_owned(),
        terms: vec![term.to_owned()],
    }
}

pub fn card(id: &str, tags: &[&str], follow_ups: &[&str]) -> Card {
    let body = LangBody {
        follow_ups: follow_ups
            .iter()
            .map(|f| FollowUp {
                question: format!("{f}?"),
                id: (*f).to_owned(),
                line: 1,
                probes: vec![],
            })
            .collect(),
        ..LangBody::default()
    };
    Card {
        id: id.to_owned(),
        number: None,
        difficulty: crate::content::Difficulty::Core,
        tags: tags.iter().map(|t| (*t).to_owned()).collect(),
        title: Bilingual {
            zh: id.to_owned(),
            en: id.to_owned(),
        },
        key_points: Bilingual {
            zh: vec![point("带宽")],
            en: vec![point("900 GB/s"), point("NVSwitch")],
        },
        calc: vec![],
        figures: vec![],
        numbers: vec![],
        sources: vec![],
        body: Bilingual {
            zh: body.clone(),
            en: body,
        },
        origin: Origin {
            path: format!("{id}.md"),
            id_line: 1,
            number_line: 0,
            calc_lines: vec![],
            figure_lines: vec![],
            number_lines: vec![],
        },
    }
}
