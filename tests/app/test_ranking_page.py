"""The ranking trainer page: drills answered right and wrong, the score, progress records, the chart."""

from __future__ import annotations

from html import escape

from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.content import drills
from tutor.i18n.sentences import render, render_all


def ranking_page(tab: str | None = None) -> AppTest:
    return open_page("screens/ranking.py", session={"ranking.tab": tab} if tab else None)


def shown_text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_renders_with_a_which_wins_drill() -> None:
    at = ranking_page()
    assert at.title[0].value == "Ranking trainer"
    drill = at.session_state["ranking.beats.question"]
    assert isinstance(drill, drills.BeatsDrill)
    assert "<svg" in shown_text(at)
    assert len([b for b in at.button if b.key.startswith("ranking.beats.drill.0.pick.")]) == len(drill.choices)


def test_a_right_answer_shows_a_tick_and_the_engines_explanation() -> None:
    at = ranking_page()
    drill = at.session_state["ranking.beats.question"]
    at.button(key=f"ranking.beats.drill.0.pick.{drill.choices.index(drill.answer)}").click().run()
    assert not at.exception
    assert at.success and at.success[0].value.startswith("✓")
    assert not at.error
    assert render_all(drill.explanation)[-1].split(":")[0] in shown_text(at)
    history = at.session_state["progress"].history
    assert [(a.item, a.all_correct) for a in history] == [(drill.id, True)]
    assert "**Score:** 1 / 1" in shown_text(at)


def test_a_wrong_answer_shows_a_cross_then_next_gives_a_new_drill() -> None:
    at = ranking_page()
    drill = at.session_state["ranking.beats.question"]
    wrong = next(i for i, choice in enumerate(drill.choices) if choice != drill.answer)
    at.button(key=f"ranking.beats.drill.0.pick.{wrong}").click().run()
    assert at.error and at.error[0].value.startswith("✗")
    assert drill.answer in at.error[0].value
    assert render_all(drill.explanation)[0].split(" ")[0] in shown_text(at)
    assert at.session_state["progress"].history[-1].all_correct is False
    assert "**Streak:** 0" in shown_text(at)
    at.button(key="ranking.beats.next").click().run()
    assert at.session_state["ranking.beats.n"] == 1
    assert not at.error and not at.success


def test_tier_drill_right_and_wrong() -> None:
    at = ranking_page("Which tier?")
    drill = at.session_state["ranking.tier.question"]
    assert isinstance(drill, drills.TierDrill)
    at.button_group(key="ranking.tier.drill.0.tier").set_value(drill.answer).run()
    assert at.success and at.success[0].value == f"✓ Right: tier {drill.answer}"
    assert at.button_group(key="ranking.tier.drill.0.tier.answered").value == drill.answer
    at.button(key="ranking.tier.next").click().run()
    drill = at.session_state["ranking.tier.question"]
    at.button_group(key="ranking.tier.drill.1.tier").set_value(drill.answer % 19 + 1).run()
    assert at.error and at.error[0].value.startswith("✗")
    assert any(step.startswith("Tier ") for step in render_all(drill.explanation))
    assert render_all(drill.explanation)[-1].split(":")[0] in shown_text(at)


def test_order_drill_right() -> None:
    at = ranking_page("Put in order")
    drill = at.session_state["ranking.order.question"]
    at.button(key="ranking.order.drill.0.check").click().run()
    assert at.warning  # every card needs a place first
    for c in drill.cards:
        at.selectbox(key=f"ranking.order.drill.0.place.{c}").set_value(drill.places[str(c)]).run()
    at.button(key="ranking.order.drill.0.check").click().run()
    assert at.success and at.success[0].value.startswith("✓")
    first = drill.cards[0]
    assert at.selectbox(key=f"ranking.order.drill.0.place.{first}").value == drill.places[str(first)]


def test_named_card_drill() -> None:
    at = ranking_page("Named cards")
    drill = at.session_state["ranking.name.question"]
    at.button(key=f"ranking.name.drill.0.pick.{drill.choices.index(drill.answer)}").click().run()
    assert at.success and at.success[0].value.startswith("✓")


def test_the_chart_shows_nineteen_tiers_with_the_traps() -> None:
    at = ranking_page("The 19 tiers")
    chart = next(m.value for m in at.markdown if 'class="tier-chart"' in m.value)
    assert chart.count('class="tier-row') == 19
    assert chart.count("tier-row trap") == 2
    assert chart.count("<svg") == 48
    for row in drills.tier_chart():
        assert escape(row.name) in chart
        for note in row.traps:
            assert escape(render(note)) in chart


def test_no_stray_none_under_the_tabs() -> None:
    # Streamlit's magic writes a bare expression's value: drawing a tab by a conditional expression showed "None"
    for tab in ("Which wins?", "Put in order", "Which tier?", "Named cards", "The 19 tiers"):
        at = ranking_page(tab)
        assert all(m.value.strip().strip("`") != "None" for m in at.markdown), tab
