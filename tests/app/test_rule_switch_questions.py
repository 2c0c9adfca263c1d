"""A question whose answer depends on a rule switch says the switch's state, in the learner's language.

Hand-worked: Endless's "Is this a mordienne?" for nine tricks where East loses tricks 1-3 (West, a spoiled
trick, North) and wins 4-9 with the rule switched off: the right reading is "no mordienne, 1 point", which
the learner can only give if the question says the rule is off. A question that does not depend on the rule
(who wins the point) says nothing of it.
"""

from __future__ import annotations

import pytest

from tutor.app import predict
from tutor.content.scenario import Scenario, scenario_from_document
from tutor.content.solve import solve
from tutor.content.yamlsafe import parse_document

RUN = "[W, spoiled, N, E, E, E, E, E, E]"


def scenario(rule: str) -> Scenario:
    text = (
        "id: run\ntitle: Is this a mordienne?\nkind: deal\ntopic: mordienne\ndifficulty: 2\n"
        f"{rule}setup: {{tricks: {RUN}}}\nask: [mordienne, points, point_winner]\n"
    )
    return scenario_from_document(parse_document(text.encode("utf-8"), "<test>"))


@pytest.mark.parametrize(
    ("lang", "rule", "said"),
    [
        ("en", "rules: {mordienne: false}\n", "mordienne rule is off"),
        ("en", "", "mordienne rule is off"),  # off unless turned on (rules.md section 8)
        ("en", "rules: {mordienne: true}\n", "mordienne rule is on"),
        ("fr", "rules: {mordienne: false}\n", "est désactivée"),
        ("fr", "rules: {mordienne: true}\n", "est activée"),
    ],
)
def test_the_mordienne_question_states_the_rule(lang: str, rule: str, said: str) -> None:
    s = scenario(rule)
    result = solve(s)
    questions = {q.key: q for q in predict.plan(s, result, lang=lang)}
    assert said in questions["mordienne"].text
    assert said in questions["points"].text  # 2 with the rule on, 1 with it off
    assert "mordienne" not in questions["point_winner"].text.lower()  # East either way: nothing to say
    assert result.outcome()["points"] == (2 if "true" in rule else 1)


def test_every_language_states_the_rule_in_its_own_words() -> None:
    s = scenario("rules: {mordienne: false}\n")
    result = solve(s)
    english = predict.question(s, result, "mordienne", "en").text
    for lang in ("fr", "cs", "sq", "mk", "ms", "gu"):
        text = predict.question(s, result, "mordienne", lang).text
        assert text != english and "rule is off" not in text, lang
