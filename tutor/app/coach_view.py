"""The coach on the Play page: after a deal, the learner's cards one by one, judged by the hint
(:mod:`tutor.play.coach`), with "Practise this position" where a card was well behind the best."""

from __future__ import annotations

import streamlit as st

from tutor.app import saved_deals
from tutor.app.markup import md
from tutor.app.reveal import language, step_md
from tutor.app.session import Family, Key
from tutor.engine.errors import RuleViolation
from tutor.i18n import ui
from tutor.play import coach
from tutor.play.match import Match

P = "play.coach."  # the prefix of the keys below
REVIEW = Key[tuple[tuple[int, str, int], list[coach.Decision]]]("play.coach.review")  # a deal's decisions judged
SAVED = Key[dict[tuple[int, int, int], str]]("play.coach.saved", factory=dict)  # where each position went
PROBLEM = Key[str]("play.coach.problem")  # why the last position could not be saved
PRACTISE = Family[bool]("play.coach.practise.{}.{}")  # a decision's button, by deal and index


def forget() -> None:
    """Forget the coach's review and the positions saved (a new game)."""
    REVIEW.pop()
    SAVED.pop()


def decisions(match: Match) -> list[coach.Decision]:
    """The review of the last finished deal, worked out once per deal."""
    deal = match.deal
    if deal is None or deal.mordienne is None:
        return []
    key = (match.seed, match.learner, deal.number)
    stored = REVIEW.get()
    if stored is None or stored[0] != key:
        stored = (key, coach.review(match))
        REVIEW.set(stored)
    return list(stored[1])


def practise(match: Match, index: int) -> None:
    """Save decision ``index`` as a ``play`` puzzle under My deals; remember where (or why not)."""
    found = decisions(match)
    deal = match.deal
    if not 0 <= index < len(found) or deal is None:
        return
    try:
        path = coach.save_puzzle(found[index], bool(deal.mordienne), saved_deals.folder())
        SAVED.setdefault()[(match.seed, deal.number, index)] = str(path)
    except RuleViolation as problem:
        PROBLEM.set(ui.gettext(language(), "The position could not be saved: {reason}", reason=problem.message))


def panel(match: Match) -> None:
    """The coach's box: one line per decision, the why where it matters, and the practice buttons."""
    deal = match.deal
    if deal is None:
        return
    _ = ui.translator(language())
    with st.container(border=True, key="play-coach"):
        st.markdown("### " + _("Coach: your cards this deal"))
        with st.spinner(_("Playing out each of your decisions...")):
            found = decisions(match)
        if not found:
            st.markdown(_("You had no real choice this deal: every time, your cards were all of one rank."))
            return
        # Translators: {playouts} is a number of simulated games, {points} a number of percentage points.
        st.caption(
            _(
                "For each card you played: its estimated chance of winning the point for North–South, against the "
                "best card's ({playouts} playouts of the rest of the deal, as the Hint does). A card {points} "
                "points or more behind is explained.",
                playouts=coach.PLAYOUTS,
                points=round(100 * coach.LARGE),
            )
        )
        saved = SAVED.value()
        for index, decision in enumerate(found):
            line = step_md(decision.step)
            st.markdown(f"**{line}**" if decision.large else line)
            if decision.why is not None:
                st.markdown(f"↳ {step_md(decision.why)}")
            if decision.large and decision.practisable:
                where = saved.get((match.seed, deal.number, index))
                if where:
                    st.success(
                        _("Saved to `{path}`: practise it in Practice → My deals.", path=md(where)),
                        icon=":material/check_circle:",
                    )
                else:
                    st.button(
                        _("Practise this position"),
                        key=PRACTISE(deal.number, index),
                        on_click=practise,
                        args=(match, index),
                        icon=":material/extension:",
                        help=_("Saves the position with every hand as a `play` puzzle; the exact solver checks it."),
                    )
        problem = PROBLEM.pop()
        if problem:
            st.error(md(problem), icon=":material/block:")
