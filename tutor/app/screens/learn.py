"""Lessons: read a lesson section by section, then predict its scenarios one by one.

Deep link: ``?lesson=<id>`` opens that lesson.
"""

from __future__ import annotations

import streamlit as st

from tutor.app import course_map, lang, lesson_pictures, quiz, state, views
from tutor.app.lessons import (
    BACK,
    ITEM,
    LESSON,
    LINKED,
    NEXT_ITEM,
    NEXT_LESSON,
    NEXT_SECTION,
    PREFIX,
    PREVIOUS_ITEM,
    SKIP,
    STEP,
    TO_TEXT,
)
from tutor.i18n import ui

course = state.course()
progress = state.progress()
language = lang.current()
_ = ui.translator(language)
lessons = {lesson.id: lesson for lesson in course.lessons}

if not lessons:
    st.title(ui.pgettext(language, "the Lessons page's title", "Lessons"))
    st.info(_("The lessons are on their way. Meanwhile, try Practice: its scenarios already work."))
    st.stop()

# A deep link picks the lesson once; afterwards the list does, and the URL follows it.
linked = st.query_params.get("lesson")
if linked in lessons and LINKED.get() != linked:
    LINKED.set(linked)
    LESSON.set(linked)
LESSON.setdefault(course.lessons[0].id)
if LESSON.value() not in lessons:
    LESSON.set(course.lessons[0].id)


def _follow_url() -> None:
    st.query_params["lesson"] = LESSON.value()
    LINKED.set(LESSON.value())


def _open(lesson_id: str) -> None:
    LESSON.set(lesson_id)
    _follow_url()


status = {lid: quiz.lesson_progress(course, lesson, progress) for lid, lesson in lessons.items()}


def _mark(lesson_id: str) -> str:
    """The lesson's status as a caption under its name: nothing until it is started."""
    mark = status[lesson_id].status
    if mark == quiz.DONE:
        # Translators: a lesson's mark under its name in the list of lessons (":green[...]" is its colour).
        return _(":green[✓ Done]")
    # Translators: a lesson's mark under its name in the list of lessons (":orange[...]" is its colour).
    return _(":orange[In progress]") if mark == quiz.STARTED else ""


listing, page = st.columns([1, 3], gap="large")
# On a phone the columns stack: theme.css puts this list after the lesson, so a lesson opens on its text.
with listing, st.container(key="learn-list"):
    # The options are lesson ids and their labels never change: the status is a caption beside each one.
    # (The browser sends a radio's choice back as its label; a label that changed when a lesson became
    # "in progress" sent the old one, unknown by then, and the list fell back to lesson 1.)
    st.radio(
        ui.pgettext(language, "the list of lessons", "Lessons"),
        list(lessons),
        format_func=lambda lid: f"{lessons[lid].order}. {lessons[lid].title}",
        captions=[_mark(lid) for lid in lessons],
        key=LESSON,
        persist_state="session",  # the lesson stays chosen when the learner visits another page and comes back
        on_change=_follow_url,
    )
    st.caption(_("A lesson is done once every section is read and every scenario answered right once."))

lesson = lessons[LESSON.value()]
mine = status[lesson.id]
scenarios = course.practice(lesson)
step_key = STEP(lesson.id)  # 0..n-1: a section; n: the scenarios
item_key = ITEM(lesson.id)
course_map.remember(lesson.id)  # Home's Continue comes back here
step_key.setdefault()
item_key.setdefault()
sections = len(lesson.sections)


def _go(step: int) -> None:
    step_key.set(max(0, min(step, sections)))


def _read_and_next(section: int) -> None:
    progress.mark_read(lesson.id, section)
    _go(section + 1)


def _item(n: int) -> None:
    item_key.set(n % max(1, len(scenarios)))


with page:
    # Translators: {title} is the lesson's title, e.g. "Lesson 1: The cards".
    st.title(_("Lesson {number}: {title}", number=lesson.order, title=lesson.title))
    st.markdown(f"*{lesson.summary}*")
    # folded: the summary above says what the lesson is about, and the text follows at once (on a phone too)
    with st.expander(_("What you will learn")):
        st.markdown("\n".join(f"- {objective}" for objective in lesson.objectives))
    facts = [
        ui.ngettext(
            language, "{read} of {n} section read", "{read} of {n} sections read", sections, read=mine.sections_read
        ),
        ui.ngettext(
            language,
            "{solved} of {n} scenario solved",
            "{solved} of {n} scenarios solved",
            mine.scenarios,
            solved=mine.solved,
        ),
        *([_("✓ lesson done")] if mine.status == quiz.DONE else []),
    ]
    st.caption(" · ".join(facts))
    step = step_key.value()
    if step < sections:
        section = lesson.sections[step]
        st.progress((step + 1) / (sections + 1), text=_("Section {number} of {total}", number=step + 1, total=sections))
        st.header(section.heading)
        st.markdown(section.text)
        if section.trick is not None:
            views.show(lesson_pictures.trick_picture(section.trick))
        if section.cards:
            views.show(lesson_pictures.cards_picture(section.cards, language))
        if section.caption:
            st.caption(section.caption)
        back, forward, skip = st.columns([1, 2, 2])
        back.button(_("← Back"), key=BACK, on_click=_go, args=(step - 1,), disabled=step == 0)
        label = _("Next section →") if step + 1 < sections else _("On to the scenarios →")
        forward.button(label, key=NEXT_SECTION, on_click=_read_and_next, args=(step,), type="primary")
        skip.button(_("Skip to the scenarios"), key=SKIP, on_click=_go, args=(sections,), type="tertiary")
    elif not scenarios:
        st.info(_("This lesson has no scenarios yet."))
        st.button(_("← Back to the text"), key=BACK, on_click=_go, args=(sections - 1,))
    else:
        n = min(item_key.value(), len(scenarios) - 1)
        solved = sum(1 for s in scenarios if progress.solved(s.id))
        st.progress(
            solved / len(scenarios),
            text=_("Scenarios: {solved} of {total} solved", solved=solved, total=len(scenarios)),
        )
        # Try again and A similar one: a scenario counts as solved only once answered right (progress.solved)
        follow = quiz.FollowUps(course=course)
        where = _("Scenario {number} of {total}", number=n + 1, total=len(scenarios))
        current = quiz.play(PREFIX, scenarios[n], f"{lesson.id}:{n}", where, follow=follow)
        right = current.grade is not None and current.grade.all_correct
        back, forward, text = st.columns([1, 2, 2])
        back.button(_("← Previous"), key=PREVIOUS_ITEM, on_click=_item, args=(n - 1,), disabled=n == 0)
        if n + 1 < len(scenarios):
            forward.button(
                _("Next scenario →"),
                key=NEXT_ITEM,
                on_click=_item,
                args=(n + 1,),
                type="primary" if right else "secondary",
            )
        text.button(_("Back to the text"), key=TO_TEXT, on_click=_go, args=(0,), type="tertiary")
        done_now = quiz.lesson_progress(course, lesson, progress)
        if done_now.status == quiz.DONE:
            following = quiz.next_lesson(course, progress)
            st.success(_("Lesson done: every section read and every scenario solved."))
            if following is not None:
                st.button(
                    _("Next lesson: {title} →", title=following.title),
                    key=NEXT_LESSON,
                    on_click=_open,
                    args=(following.id,),
                )
