"""Home: what Aluette is, where to start, and the learner's progress so far."""

from __future__ import annotations

from typing import Literal

import streamlit as st

from tutor.app import cardsvg, course_map, joining, lang, learners, progress_view, shared_mode, state
from tutor.app.markup import md
from tutor.app.session import Key
from tutor.app.teaching import assigned_home
from tutor.engine import TOP_CARDS
from tutor.i18n import ui

CONTINUE = Key[bool]("home.continue")  # the page's buttons
START = Key[bool]("home.start")
GUIDED = Key[bool]("home.guided")
PRACTICE = Key[bool]("home.practice")
RULES = Key[bool]("home.rules")
REVIEW = Key[bool]("home.review")
PROGRESS = Key[bool]("home.progress")
PREFIX = "home"  # of the learner picker's buttons (tutor.app.learners)

course = state.course()
progress = state.progress()
language = lang.current()
_ = ui.translator(language)

st.title(_("Learn Aluette"))
assigned_home.draw(course, progress, language)  # a class's member: their assignments first
intro, picture = st.columns([3, 2], gap="large", vertical_alignment="center")
with intro:
    # Translators: three paragraphs (keep the blank lines between them); the named cards keep their French names.
    st.markdown(
        _(
            "Aluette is a trick-taking game for four players in two partnerships, partners sitting opposite, "
            "played with a 48-card Spanish-suited pack: coins, cups, swords and clubs.\n\n"
            "Suits do not matter: the cards rank in 19 tiers, headed by eight named cards such as Monsieur "
            "(the three of coins) and Madame (the three of cups), and when equal cards tie for the best, the "
            "trick is spoiled and nobody wins it.\n\n"
            "In each deal the player who wins the most tricks scores a point for their partnership, and after "
            "five deals the partnership with more points wins the game."
        )
    )
with picture:
    st.markdown(
        cardsvg.cards_html(
            TOP_CARDS,
            width=60,
            gap=6,
            # Translators: read aloud by a screen reader for the picture of the four cards.
            label=_("The four top cards: Monsieur, Madame, Le Borgne, La Vache"),
        ),
        unsafe_allow_html=True,
    )
    st.caption(_("The four top cards: Monsieur, Madame, Le Borgne and La Vache."))

st.header(_("Where to start"))
first = course.lessons[0] if course.lessons else None
# One Continue, to exactly where the learner left off; a learner who has done nothing yet starts lesson 1.
started = bool(progress.totals[0] or progress.sections() or course_map.last())
place = course_map.continue_place(course, progress, language) if started else None
if started and place is None:  # every lesson done and nothing under way: practice is what is left
    place = course_map.Place(None, label=_("Practice, every lesson being done"))
start, practise, rules = st.columns(3, gap="medium")
with start:
    if place is not None:
        # Translators: {place} is where the learner left off, e.g. "Lesson 2: Tricks, section 3 of 5".
        st.markdown(_("**Welcome back.** Carry on where you left off: {place}.", place=place.label))
        if st.button(_("Continue"), key=CONTINUE, type="primary", icon=":material/arrow_forward:"):
            course_map.go(place)
    else:
        st.markdown(_("**New to the game?** Read the lessons in order; each ends with scenarios to predict."))
        # Translators: {title} is the lesson's title, e.g. "Lesson 1: The cards".
        label = _("Lesson {number}: {title}", number=first.order, title=first.title) if first else _("Lessons")
        if st.button(label, key=START, type="primary", icon=":material/menu_book:"):
            st.switch_page("screens/learn.py", query_params={"lesson": first.id} if first else None)
    st.markdown(_("**Rather learn by playing?** One deal with a guide who says what to click and why."))
    # Translators: a button in a third of the page: keep it about as short as the English (the line above says why).
    if st.button(_("Learn to play: a guided first deal"), key=GUIDED, icon=":material/school:"):
        st.switch_page("screens/play.py", query_params={"guided": "1"})
with practise:
    st.markdown(_("**Know the basics?** Predict what happens in real situations and see the engine explain why."))
    if st.button(
        ui.pgettext(language, "Home's button to the Practice page", "Practice"),
        key=PRACTICE,
        icon=":material/quiz:",
    ):
        st.switch_page("screens/practice.py")
with rules:
    st.markdown(_("**Want the reference?** The whole rules, with the ranking chart and the signals."))
    if st.button(ui.pgettext(language, "Home's button to the Rules page", "Rules"), key=RULES, icon=":material/gavel:"):
        st.switch_page("screens/rules.py")

learners.picker(PREFIX)
joining.home()  # a class's code, from the teacher
guest = learners.is_guest(progress)
# Translators: {name} is the learner's name as they typed it.
st.header(_("Your progress") if guest else _("{name}'s progress", name=md(progress.learner)))
figures = progress_view.home_figures(progress, course)
done, scenarios, accuracy, streak, due = st.columns(5)
done.metric(_("Lessons done"), f"{figures.lessons_done} / {len(course.lessons)}")
scenarios.metric(_("Scenarios solved"), f"{figures.solved} / {len(course.scenarios)}")
# Translators: a percentage, e.g. "85%" (write the sign as your language does: "85 %").
rate = _("{percent}%", percent=round(100 * figures.right / figures.answered)) if figures.answered else "–"
# A guest's answers are this session's; a learner's are all they ever gave.
accuracy.metric(
    _("Right this session") if guest else _("Answers right"),
    rate,
    help=ui.ngettext(
        language,
        "{right} of {n} answer entirely right",
        "{right} of {n} answers entirely right",
        figures.answered,
        right=figures.right,
    ),
)
streak.metric(
    _("Day streak"),
    ui.ngettext(language, "{n} day", "{n} days", figures.streak),
    help=_("Days in a row with at least one answer"),
)
due.metric(_("Due today"), figures.due_today, help=_("Items whose review falls due today"))

review, more = st.columns(2, vertical_alignment="bottom")
with review:
    kind: Literal["primary", "secondary"] = "primary" if figures.due_today else "secondary"
    if figures.answered and st.button(
        ui.pgettext(language, "Home's button to the Review page", "Review"),
        key=REVIEW,
        type=kind,
        icon=":material/event_repeat:",
    ):
        st.switch_page("screens/review.py")
with more:
    if figures.answered and st.button(_("All your progress"), key=PROGRESS, icon=":material/insights:"):
        st.switch_page("screens/progress.py")
if course.lessons:
    st.subheader(_("The lessons"))
    course_map.draw_map(course, progress, language)

if not figures.answered:
    if guest and shared_mode.shared():  # a shared server's sidebar lists nobody: adding or coming back
        st.caption(
            _(
                "Nothing answered yet. Add your name in the sidebar to keep your progress from one visit to the "
                "next, or use “I have been here before” there, with your name and PIN."
            )
        )
    elif guest:
        st.caption(
            _(
                "Nothing answered yet. Choose or add your name in the sidebar to keep your progress from one "
                "visit to the next."
            )
        )
    else:
        st.caption(_("Nothing answered yet: your progress will show here as you go."))
