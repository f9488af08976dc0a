//! What every check reads: the loaded content, the source map (for spans),
//! the resolved index, the ruleset in force, and the options.

use spacedock_schema::rules::Rules;

use crate::Options;
use crate::diagnostic::{Diagnostics, Location};
use crate::load::Content;
use crate::model::Model;
use crate::resolve::Index;
use crate::source::{FileId, SourceMap};

pub(crate) struct Context<'a> {
    pub(crate) content: &'a Content,
    pub(crate) sources: &'a SourceMap,
    pub(crate) index: Index,
    pub(crate) rules: Rules,
    pub(crate) options: &'a Options,
}

impl Context<'_> {
    /// How many of a component the players own: `per_set` in each of
    /// their sets (`--sets`), saturating rather than wrapping for absurd
    /// counts of sets.
    pub(crate) fn owned(&self, per_set: u32) -> u32 {
        per_set.saturating_mul(self.options.sets)
    }

    /// The value at a JSON pointer of a file.
    pub(crate) fn at(&self, file: FileId, pointer: &str) -> Location {
        Location {
            file,
            span: self.sources.value_span(file, pointer),
        }
    }

    /// The key at a JSON pointer of a file (array items: the item).
    pub(crate) fn key_at(&self, file: FileId, pointer: &str) -> Location {
        Location {
            file,
            span: self.sources.key_span(file, pointer),
        }
    }
}

/// Resolves and checks loaded content, then hands the context and model to
/// `then` (which emits a bundle or checks a fleet build).
pub(crate) fn analyse<R>(
    content: &Content,
    sources: &SourceMap,
    options: &Options,
    diagnostics: &mut Diagnostics,
    then: impl FnOnce(&Context<'_>, &Model, &mut Diagnostics) -> R,
) -> R {
    let index = Index::build(content, sources, diagnostics);
    let rules = content
        .rules
        .as_ref()
        .map(|loaded| loaded.item.clone())
        .unwrap_or_default();
    let context = Context {
        content,
        sources,
        index,
        rules,
        options,
    };
    let model = Model::build(&context, diagnostics);
    crate::check::run(&context, &model, diagnostics);
    then(&context, &model, diagnostics)
}
