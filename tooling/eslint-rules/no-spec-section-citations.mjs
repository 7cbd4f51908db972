// The product spec lives outside the repository, so a comment that cites it by section number sends a reader to a
// document they may not have, and goes stale silently when the spec is renumbered. A comment cites a decision
// record (docs/decisions/NNN) or a file in the repository, or says its why in words ("the spec's lead form: phone is
// required"); a decision record may name a spec section by its title.

/** The section sign followed by a number, as in a citation of section 5 or 5.3. */
const SECTION_CITATION = /\u00a7\s*\d/;

/** @type {import('eslint').Rule.RuleModule} */
export const noSpecSectionCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments do not cite sections of the external spec by number.' },
    schema: [],
    messages: {
      sectionCitation:
        'This comment cites a section of a document outside the repository by number: cite a decision (docs/decisions/NNN) or a repo file, or say why in words.',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (SECTION_CITATION.test(comment.value)) context.report({ loc: comment.loc, messageId: 'sectionCitation' });
        }
      },
    };
  },
};
