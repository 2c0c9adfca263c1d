"""Explanations as data (issue 11): steps, the message catalog, the renderer and the translation seam.

The corpus (:mod:`explanation_corpus`) holds the steps of every scenario, whole games against the
computer, hints and drills. Checked here: every message of the catalog is produced or used by the
renderer; every step has exactly its template's parameters; steps round-trip through JSON; English
renders as worked out by hand; the Play page's facts come from fields, so rewording a template changes
no behaviour; a catalog plugged into the seam is asked exactly what gettext's ``npgettext`` takes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from explanation_corpus import corpus, direct_cases, walk

from tutor.app import play_view as pv
from tutor.cli import main
from tutor.engine import Seat, Team, card, cards, resolve_trick, score_deal
from tutor.engine.errors import RuleViolation
from tutor.engine.messages import step
from tutor.engine.signals import signal
from tutor.engine.steps import Message, Step, Tier
from tutor.i18n import LANGUAGES, UnknownLanguage, translate
from tutor.i18n.catalog import FORMAT_IDS, MESSAGES
from tutor.i18n.sentences import RenderError, render, render_all
from tutor.play.match import Match
from tutor.play.messages import step as play_step

ROOT = Path(__file__).resolve().parent.parent
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def every_step() -> Iterator[Step]:
    return walk(corpus())


# --- the catalog against what is produced ----------------------------------------------------------------


def test_every_message_of_the_catalog_is_produced_or_used_to_format(monkeypatch: pytest.MonkeyPatch) -> None:
    produced = {s.msg for s in every_step()}
    asked: set[str] = set()

    def recording(lang: str, context: str, msgid: str, plural: str | None = None, n: int | None = None) -> str:
        asked.add(context)
        return translate(lang, context, msgid, plural, n)

    monkeypatch.setattr("tutor.i18n.sentences.translate", recording)
    render_all(corpus())
    assert produced <= set(MESSAGES), f"steps with unregistered ids: {sorted(produced - set(MESSAGES))}"
    assert not produced & FORMAT_IDS, "formatting words are never steps of their own"
    assert asked == set(MESSAGES), f"never produced nor used: {sorted(set(MESSAGES) - asked)}"


def test_the_direct_cases_produce_the_message_they_stand_for() -> None:
    for msg_id, found in direct_cases().items():
        assert msg_id in {s.msg for s in walk([found])}, (msg_id, found)


def test_every_step_has_exactly_its_templates_parameters() -> None:
    for s in every_step():
        names = [name for name, _ in s.params]
        assert len(names) == len(set(names)), s
        assert set(names) == MESSAGES[s.msg].names, (s.msg, names)


def test_steps_round_trip_through_plain_json() -> None:
    for s in corpus():
        text = json.dumps(s.to_json(), ensure_ascii=False)
        back = Step.from_json(json.loads(text))
        assert back == s
        assert render(back) == render(s)


def test_every_template_renders_in_every_language() -> None:
    for lang in LANGUAGES:
        for s in corpus():
            assert render(s, lang).strip(), s


# --- steps and messages --------------------------------------------------------------------------------


def test_a_step_names_its_cards_nested_ones_included() -> None:
    spoiled = resolve_trick(N, cards("A-coins 5-cups A-cups 4-clubs"))
    summary = step("deal.trick", number=3, summary=step("trick.play", seat=E, card=card("5-cups"))).about(trick=3)
    assert summary.cards == {card("5-cups")} and summary.trick == 3 and summary.draw_card is None
    assert spoiled.explanation[4].cards == {card("A-coins"), card("A-cups")}  # the sharers, nested
    assert step("score.points", team=Team.NS, points=1).cards == frozenset()


def test_a_step_reads_its_parameters_by_name() -> None:
    s = step("trick.won", card=card("3-coins"), winner=S)
    assert s.param("winner") is S and s.param("card") == card("3-coins")
    with pytest.raises(KeyError):
        s.param("loser")


def test_a_message_checks_its_parameters() -> None:
    with pytest.raises(TypeError, match=r"missing parameters \['winner'\]"):
        step("trick.won", card=card("3-coins"))
    with pytest.raises(TypeError, match=r"unexpected \['seat'\]"):
        step("trick.won", card=card("3-coins"), winner=S, seat=N)
    with pytest.raises(TypeError, match="not a step parameter"):
        step("trick.won", card=card("3-coins"), winner=[S])  # a list is no step parameter: tuples are
    with pytest.raises(TypeError, match="count 'points' must be a whole number"):
        step("score.points", team=Team.NS, points=1.0)
    with pytest.raises(TypeError, match="not a message of the engine"):
        step("trick.lost")


def test_a_message_knows_its_placeholders_and_its_count() -> None:
    m = Message("x", "{n} card for {seat}", "{n} cards for {seat:code}", "n")
    assert m.names == {"n", "seat"}
    with pytest.raises(ValueError, match="needs both"):
        Message("y", "one", "other")


@pytest.mark.parametrize(
    "data",
    [
        "trick.won",
        {"params": {}},
        {"msg": "trick.won", "params": []},
        {"msg": "trick.won", "params": {"winner": {"seat": "X"}}},
        {"msg": "trick.won", "params": {"winner": {"planet": "Mars"}}},
        {"msg": "trick.won", "params": {"card": {"card": "3-coins", "seat": "N"}}},
        {"msg": "trick.won", "params": {}, "trick": "3"},
        {"msg": "rank.card", "params": {"tier": {"tier": 20}}},
    ],
)
def test_a_damaged_step_is_one_rule_violation(data: object) -> None:
    with pytest.raises(RuleViolation) as raised:
        Step.from_json(data)
    assert "\n" not in raised.value.message


def test_every_kind_of_parameter_survives_json() -> None:
    s = step(
        "score.tie",
        tied=(N, S),
        most=3,
        reached=(step("score.reached", seat=S, number=5), step("score.reached", seat=N, number=7)),
        winner=S,
        team=Team.NS,
    ).about(trick=9, draw_card=2)
    data = json.loads(json.dumps(s.to_json()))
    assert data["params"]["tied"] == [{"seat": "N"}, {"seat": "S"}]
    assert data["trick"] == 9 and data["draw_card"] == 2
    assert Step.from_json(data) == s
    mixed = Step("x", (("t", Tier(9)), ("s", signal("aces")), ("f", 0.25), ("name", "Zoé"), ("no", None)))
    assert Step.from_json(json.loads(json.dumps(mixed.to_json()))) == mixed


# --- English, worked out by hand -----------------------------------------------------------------------


def test_a_won_trick_in_english() -> None:
    # North leads A-swords (tier 9); East 3-coins is Monsieur (tier 1); 5-cups tier 17; 4-clubs tier 18.
    trick = resolve_trick(N, cards("A-swords 3-coins 5-cups 4-clubs"))
    assert render_all(trick.explanation) == [
        "North led A-swords (an ace, tier 9).",
        "East played 3-coins (Monsieur, tier 1).",
        "South played 5-cups (a five, tier 17).",
        "West played 4-clubs (a four, tier 18).",
        "The best card played is 3-coins (Monsieur, tier 1), the only card of its tier in this trick: East wins "
        "the trick and leads the next one.",
    ]


def test_partners_spoiling_each_others_trick_are_named() -> None:
    # West leads A-coins, North 5-cups, East A-cups (West's partner), South 4-clubs: the aces tie.
    trick = resolve_trick(W, cards("A-coins 5-cups A-cups 4-clubs"))
    assert render_all(trick.explanation)[-2:] == [
        "Two cards share the best tier played, the aces (tier 9): West's A-coins and East's A-cups. The trick "
        "is spoiled. Nobody wins it, and West, who led it, leads again.",
        "West and East are partners: East's equal card stopped West from winning it.",
    ]


def test_partners_among_three_tied_cards_are_named_with_the_others() -> None:
    # North, East and South all play a king: without East's, South's king still ties North's.
    trick = resolve_trick(N, cards("K-coins K-cups K-swords 4-clubs"))
    assert render_all(trick.explanation)[-1] == (
        "North and South are partners: even without East's K-cups, South's equal card would have stopped North "
        "from winning it."
    )


def test_opponents_tying_get_no_partnership_remark() -> None:
    trick = resolve_trick(N, cards("K-coins K-cups 4-swords 4-clubs"))  # North and East tie: opponents
    assert [s.msg for s in trick.explanation][-1] == "trick.spoiled"


def test_lists_numbers_and_plurals_in_english() -> None:
    three = step("trick.tie_below", cards=cards("5-coins 5-cups 5-clubs"), tier=Tier(17))
    assert render(three).startswith("5-coins, 5-cups and 5-clubs are equal (tier 17)")
    assert render(step("score.points", team=Team.EW, points=1)) == "EW scores 1 point."
    assert render(step("score.points", team=Team.EW, points=2)) == "EW scores 2 points."
    once, twice, thrice = (render(step("signal.aces", count=n)) for n in (1, 2, 3))
    assert once == "1 ace: signal 'aces', opening the mouth once."
    assert twice == "2 aces: signal 'aces', opening the mouth twice, once for each ace."
    assert thrice == "3 aces: signal 'aces', opening the mouth 3 times, once for each ace."
    chance = play_step("hint.chance", cards=cards("A-coins A-cups"), chance=0.4567, error=0.0123)
    assert render(chance) == "A-coins/A-cups 45.7% ± 1.2"
    assert render(play_step("hint.chance", cards=cards("3-coins"), chance=1.0, error=0.0)) == "3-coins 100% ± 0.0"


def test_cards_tiers_and_signals_by_format_spec() -> None:
    shared = step("rank.best.shared", tier=Tier(13), cards=cards("9-swords 9-clubs"))
    assert render(shared).startswith(
        "The best tier present is 13 (the plain nines of swords and clubs), shared by 9-swords and 9-clubs:"
    )
    says = step("signal.says", signal=signal("petit-neuf"))
    assert render(says) == "The 'petit-neuf' signal says \"I hold Petit-neuf\": stick out the little finger."
    assert render(step("rank.best.alone", tier=Tier(2), card=card("3-cups"))) == (
        "The best tier present is 2: 3-cups (Madame) alone is the highest card."
    )


def test_a_nested_step_is_rendered_in_place() -> None:
    score = score_deal([W, N, N, N, None, N, N, N, N], mordienne=True)
    assert render(score.explanation[-2]) == (
        "No mordienne: after North's first win (trick 2), trick 5 was spoiled, which breaks the run."
    )


def test_the_renderer_refuses_what_it_cannot_say() -> None:
    with pytest.raises(RenderError, match="not a message"):
        render(Step("trick.lost"))
    with pytest.raises(RenderError, match="does not apply"):
        render(Step("rank.card", (("card", 5),)))  # a number cannot be "described" as a card
    with pytest.raises(UnknownLanguage, match=r"unknown language 'xx' \(languages: en fr cs sq mk ms gu\)"):
        render(step("draw.end"), "xx")


# --- the Play page reads facts from fields: rewording changes nothing ---------------------------------------


def reworded(lang: str, context: str, msgid: str, plural: str | None = None, n: int | None = None) -> str:
    """Every template reworded (the words around the placeholders changed), as a translation would."""
    chosen = msgid if plural is None or n == 1 else plural
    return "«" + chosen.replace("Card", "Carte").replace("Trick", "Pli").replace(" ", "  ") + "»"


def play_page_facts(seed: int) -> list[object]:
    """What the Play page derives from a game's events: secret flags, trick numbers, the draw step by step."""
    match = Match.start(seed=seed)
    facts: list[object] = [pv.draw_view(match, shown).steps for shown in range(len(match.draw_cards) + 1)]
    while match.phase not in ("game-over",) and match.deal_number < 2:
        if match.phase in ("draw", "deal-over"):
            match.next_deal()
        elif match.phase == "chant":
            match.learner_agrees(True)
        elif match.phase == "discard":
            match.learner_discards(match.discard_advice().discarded)
        elif match.phase == "signals":
            match.learner_signals([])
        else:
            match.learner_plays(match.legal_cards()[0])
        for event in match.events(see_everything=True):
            facts.append((event.kind, event.secret, pv.trick_number(event), event.visible(False)))
    facts.append(match.to_dict())
    return facts


def test_rewording_every_template_changes_no_behaviour(monkeypatch: pytest.MonkeyPatch) -> None:
    before = play_page_facts(seed=3)
    sample = step("draw.card", number=1, card=card("5-cups"), name="Ann").about(draw_card=1)
    plain = render(sample)
    monkeypatch.setattr("tutor.i18n.sentences.translate", reworded)
    assert render(sample) != plain and render(sample).startswith("«Carte  1,"), "the rewording is in effect"
    assert play_page_facts(seed=3) == before


# --- the translation seam ---------------------------------------------------------------------------


# A real catalog plugged into the seam: tests/test_i18n_catalogs.py.


def test_translate_falls_back_to_the_english_source() -> None:
    assert translate("en", "draw.end", "All four top cards are out, so the draw ends.") == (
        "All four top cards are out, so the draw ends."
    )
    assert translate("en", "score.points", "one", "other", 1) == "one"
    assert translate("en", "score.points", "one", "other", 0) == "other"
    with pytest.raises(TypeError, match="needs its count"):
        translate("en", "score.points", "one", "other")
    with pytest.raises(UnknownLanguage):
        translate("de", "draw.end", "x")


# --- solve --lang ----------------------------------------------------------------------------------------


def test_solve_lang_en_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "scenarios" / "examples")
    assert main(["solve", "--json", path]) == 0
    default = capsys.readouterr().out
    assert main(["solve", "--json", "--lang", "en", path]) == 0
    assert capsys.readouterr().out == default
    assert main(["solve", "--lang", "en", path]) == 0
    assert "why:" in capsys.readouterr().out


def test_solve_with_an_unknown_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--json", "--lang", "klingon", str(ROOT / "scenarios" / "examples")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "aluette-tutor: unknown language 'klingon' (languages: en fr cs sq mk ms gu)\n"
