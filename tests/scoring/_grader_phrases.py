"""The words and phrases of the grader-output generator (tests/scoring/graders.py), as data.

Written from how grader models answer promptfoo's legacy prompts ("...Verdict: Yes.",
"Final verdict for each statement in order: Yes. No.") and RAGAS's (``{"statements":
[...]}`` and ``{"statements": [{"statement", "reason", "verdict"}]}``), and from the
variants seen in real runs (issue 23): never from how compat/scoring reads them.

Every phrase here is read by a careful person without doubt: annotations and
explanations hold no bare verdict word that could stand for a verdict, lead-ins announce
and never judge, refusals give no verdict.
"""

from __future__ import annotations

# ----------------------------------------------------------------- statements (call 1)

# What answers assert. Some begin with "Yes," or "No," (an answer that opened with a
# yes/no), some contain "no", "not", "true", "supported", "correct" or "verdict": echoed in a
# final block they stand beside a verdict, and a person still tells them from it.
STATEMENTS: tuple[str, ...] = (
    "John is majoring in Computer Science.",
    "John is taking a course on Artificial Intelligence.",
    "John is a dedicated student.",
    "John has a part-time job.",
    "Albert Einstein was born in Germany.",
    "Albert Einstein was born on 14 March 1879.",
    "The Eiffel Tower was completed in 1889.",
    "The Eiffel Tower is 330 metres tall.",
    "Photosynthesis takes place in the chloroplasts.",
    "Photosynthesis releases oxygen as a by-product.",
    "The first Super Bowl was held on January 15, 1967.",
    "The first Super Bowl was played in Los Angeles.",
    "Python 3.12 was released in October 2023.",
    "Python 3.12 removed the distutils package.",
    "Ibuprofen is a nonsteroidal anti-inflammatory drug.",
    "Ibuprofen should be taken with food.",
    "The adjuster approved a payment of $12,500 for the claim.",
    "The claim was filed on 3 March 2023.",
    "The store opens at 9 am on weekdays.",
    "Standard shipping takes three to five business days.",
    "Yes, the museum is open on Mondays.",
    "Yes, the warranty covers accidental damage.",
    "No, the bridge was not completed in 1935.",
    "No refunds are given after 30 days.",
    "There is no entrance fee for children under 12.",
    "The study found no link between coffee and heart disease.",
    "The vaccine is not approved for children under five.",
    "The hotel does not allow pets.",
    "It is true that water boils at 100 degrees Celsius at sea level.",
    "The theory of plate tectonics is supported by seismic data.",
    "The verdict in the trial was not guilty.",
    "The jury reached a verdict after two days.",
    "The correct dosage for adults is 200 mg.",
    "The Amazon is the largest rainforest in the world.",
    "Mount Everest is 8,849 metres high.",
    "The company was founded in 1998 in Seattle.",
    "The policy covers flood damage.",
    "Customers can cancel their subscription at any time.",
    "The report was published by the World Health Organization.",
    "Marie Curie won two Nobel Prizes.",
)

CALL1_LEAD_INS: tuple[str, ...] = (
    "Here are the statements:",
    "Statements:",
    "Sure! Here are the statements:",
    "Here are the statements extracted from the answer:",
    "The answer makes the following statements:",
)

CALL1_REFUSALS: tuple[str, ...] = (
    "I'm sorry, but I can't help with breaking down this answer.",
    "I apologize, but I cannot create statements from this answer.",
    "I'm unable to break this answer into statements because the answer is empty.",
    "Sorry, I can't help with that request.",
    "As an AI language model, I cannot extract statements from this text.",
)

CALL1_JSON_LEAD_INS: tuple[str, ...] = ("Here is the JSON:", "Sure, here are the statements in JSON:")

# ----------------------------------------------------------------- verdict words (call 2)

# (name, the supported word, the words for not supported), in sentence case.
VOCABULARIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "yes_no": ("Yes", ("No",)),
    "entailed": ("Entailed", ("Not entailed",)),
    "supported": ("Supported", ("Not supported", "Unsupported", "Contradicted")),
    "pass_fail": ("Pass", ("Fail",)),
    "correct": ("Correct", ("Incorrect",)),
    "true_false": ("True", ("False",)),
    "numeric": ("1", ("0",)),
}

# Items a grader leaves without a verdict: a person reads "no verdict for this statement".
UNKNOWN_WORDS: tuple[str, ...] = (
    "N/A",
    "Not sure",
    "Maybe",
    "Cannot determine",
    "Unclear",
    "Unknown",
    "Cannot be determined",
    "Uncertain",
    "Insufficient information",
    "Not enough information",
    "Undetermined",
    "Can't tell",
)

# (supported, not supported, unknown)
EMOJI: dict[str, tuple[str, str, str]] = {
    "check_cross": ("✅", "❌", "❓"),
    "heavy_check": ("✔️", "❌", "❓"),
    "check_ballot": ("✔", "✘", "❓"),
    "tick": ("✓", "✗", "❓"),
}

# Short asides after a verdict, by what the verdict was: no verdict word in them.
ANNOTATIONS_YES: tuple[str, ...] = (
    "explicitly stated",
    "stated in the context",
    "the context says so",
    "directly stated",
    "confirmed by the context",
)
ANNOTATIONS_NO: tuple[str, ...] = (
    "not mentioned in the context",
    "not in the context",
    "the context says otherwise",
    "the context gives a different figure",
    "the context is silent on this",
)
ANNOTATIONS_UNKNOWN: tuple[str, ...] = (
    "the context is ambiguous",
    "the context only hints at this",
    "too little detail in the context",
)

# One-sentence explanations (promptfoo's legacy prompt asks for one before each verdict).
EXPLANATIONS_YES: tuple[str, ...] = (
    "The context states this explicitly.",
    "This is stated directly in the context.",
    "The context confirms this.",
    "The context says exactly this.",
)
EXPLANATIONS_NO: tuple[str, ...] = (
    "The context does not mention this.",
    "The context says something different.",
    "There is no mention of this in the context.",
    "Nothing in the context backs this up.",
    "The context contradicts this.",
)
EXPLANATIONS_UNKNOWN: tuple[str, ...] = (
    "The context is ambiguous on this point.",
    "The context neither confirms nor denies this.",
    "The context only partly covers this.",
)

# ----------------------------------------------------------------- framing

HEADERS: tuple[str, ...] = (
    "Final verdict for each statement in order:",
    "Final verdict for each statement in the given order:",
    "Final verdict per statement, in order:",
    "Final answer:",
    "Final verdicts:",
    "Verdicts:",
    "Final Verdict for Each Statement in Order:",
    "Final verdicts (in order):",
    "**Final verdict for each statement in order:**",
    "### Final verdicts",
)
MARKDOWN_HEADERS = frozenset({"**Final verdict for each statement in order:**", "### Final verdicts"})

# Announce the verdicts, never judge. Ending in "," they run on into the verdicts.
LEAD_INS: tuple[str, ...] = (
    "in summary,",
    "after reviewing the context,",
    "based on the analysis above:",
    "in conclusion:",
    "here are my verdicts:",
    "after careful consideration,",
    "taking each statement in turn:",
    "to summarize:",
)

# (label before the verdict, label used before an arrow)
ENUMERATIONS: dict[str, tuple[str, str]] = {
    "dot": ("{k}.", "{k}"),
    "paren": ("{k})", "{k})"),
    "parens": ("({k})", "({k})"),
    "statement": ("Statement {k}:", "Statement {k}"),
    "s_dash": ("S{k} -", "S{k}"),
    "s_colon": ("S{k}:", "S{k}"),
    "hash": ("#{k}", "#{k}"),
    "bullet": ("-", "-"),
}
NUMERIC_ENUMERATIONS = frozenset({"dot", "paren", "parens", "hash"})

SEPARATORS: dict[str, str] = {
    "dot": ". ",
    "comma": ", ",
    "semicolon": "; ",
    "dot_operator": " ⋅ ",
    "middle_dot": " · ",
    "pipe": " | ",
    "space": " ",
}

MARKERS: dict[str, str] = {
    "verdict": "Verdict: {v}",
    "verdict_bold": "**Verdict:** {v}",
    "verdict_dash": "Verdict - {v}",
    "verdict_arrow": "Verdict → {v}",
    "conclusion": "Conclusion: {v}",
    "answer": "Answer: {v}",
    "judgement": "Judgement: {v}",
    "judgment": "Judgment: {v}",
    "supported_q": "Supported? {v}",
    "the_verdict_is": "The verdict is {v}",
}

OVERALL_LINES: tuple[str, ...] = ("Overall verdict: {v}", "Overall: {v}")

ORDINALS: tuple[str, ...] = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")

# (supported, not supported, unknown) sentences about statement {k} / the {o} statement / "{s}".
PROSE: dict[str, tuple[str, str, str]] = {
    "is_supported": (
        "Statement {k} is supported by the context.",
        "Statement {k} is not supported by the context.",
        "Statement {k} cannot be verified either way from the context.",
    ),
    "answer_is": (
        "For statement {k}, the answer is yes.",
        "For statement {k}, the answer is no.",
        "For statement {k}, the answer is unclear.",
    ),
    "ordinal": (
        "The {o} statement is supported by the context.",
        "The {o} statement is not supported by the context.",
        "Whether the {o} statement holds is unclear from the context.",
    ),
    "entails": (
        "The context entails statement {k}.",
        "The context does not entail statement {k}.",
        "It is unclear whether the context entails statement {k}.",
    ),
    "quoted": (
        '"{s}" is supported by the context.',
        '"{s}" is not supported by the context.',
        'Whether "{s}" holds is unclear from the context.',
    ),
}

REFUSALS: tuple[str, ...] = (
    "I'm sorry, but I can't evaluate these statements.",
    "I'm sorry, but I can't help with that.",
    "I apologize, but I cannot assess these statements without the context.",
    "Unfortunately, I cannot provide verdicts because the context is empty.",
    "As an AI language model, I am not able to judge these statements without the source text.",
    "I'm unable to evaluate these statements because no context was provided.",
    "Sorry, I can't judge these statements without the retrieved passages.",
    "I cannot complete this task: the context section is empty.",
    "**I'm unable to evaluate these statements.**\n\nThe context you provided is about a different topic, "
    "so I cannot check anything against it.",
)
REFUSALS_AFTER_HEADER: tuple[str, ...] = (
    "no context was provided, so I cannot judge.",
    "I'm sorry, but I cannot determine this without the context.",
    "unable to evaluate; the context is empty.",
    "I cannot give verdicts because the context is missing.",
)
REFUSALS_NON_ENGLISH: tuple[str, ...] = (
    "Lo siento, pero no puedo evaluar estas afirmaciones.",
    "Je suis désolé, mais je ne peux pas évaluer ces affirmations.",
    "Es tut mir leid, aber ich kann diese Aussagen nicht bewerten.",
    "申し訳ありませんが、これらの文を評価することはできません。",
)

JSON_LEAD_INS: tuple[str, ...] = ("Here is the JSON output:", "Here is my assessment:", "Sure! Here are the verdicts:")
JSON_TRAILERS: tuple[str, ...] = (
    "Each statement was checked against the context.",
    "Let me know if you need anything else.",
)
OVERALL_REASONS: tuple[str, str] = (
    "Every statement is backed by the context.",
    "At least one statement is not backed by the context.",
)
