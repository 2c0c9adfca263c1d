"""Home: what Aluette is, where to start, and the learner's progress so far."""

from __future__ import annotations

import streamlit as st

from tutor.app import cardsvg, quiz, state, views
from tutor.engine import TOP_CARDS

course = state.course()
progress = state.progress()

st.markdown(views.css(), unsafe_allow_html=True)
st.title("Learn Aluette")
intro, picture = st.columns([3, 2], gap="large", vertical_alignment="center")
with intro:
    st.markdown(
        "Aluette is a trick-taking game for four players in two partnerships, partners sitting opposite, "
        "played with a 48-card Spanish-suited pack: coins, cups, swords and clubs.\n\n"
        "Suits do not matter: the cards rank in 19 tiers, headed by eight named cards such as Monsieur "
        "(the three of coins) and Madame (the three of cups), and when equal cards tie for the best, the trick "
        "is spoiled and nobody wins it.\n\n"
        "In each deal the player who wins the most tricks scores a point for their partnership, and after five "
        "deals the partnership with more points wins the game."
    )
with picture:
    st.markdown(
        cardsvg.cards_html(TOP_CARDS, width=72, label="The four top cards: Monsieur, Madame, Le Borgne, La Vache"),
        unsafe_allow_html=True,
    )
    st.caption("The four top cards: Monsieur, Madame, Le Borgne and La Vache.")

st.subheader("Where to start")
first = course.lessons[0] if course.lessons else None
start, practise, rules = st.columns(3, gap="medium")
with start:
    st.markdown("**New to the game?** Read the lessons in order; each ends with scenarios to predict.")
    label = f"Lesson 1: {first.title}" if first else "Lessons"
    if st.button(label, key="home.start", type="primary", icon=":material/menu_book:"):
        st.switch_page("screens/learn.py", query_params={"lesson": first.id} if first else None)
with practise:
    st.markdown("**Know the basics?** Predict what happens in real situations and see the engine explain why.")
    if st.button("Practice", key="home.practice", icon=":material/quiz:"):
        st.switch_page("screens/practice.py")
with rules:
    st.markdown("**Want the reference?** The whole rules, with the ranking chart and the signals.")
    if st.button("Rules", key="home.rules", icon=":material/gavel:"):
        st.switch_page("screens/rules.py")

st.subheader("Your progress")
answered, right = progress.totals
lessons_done = sum(1 for lesson in course.lessons if quiz.lesson_progress(course, lesson, progress).status == quiz.DONE)
solved = sum(1 for sid in course.scenarios if progress.solved(sid))
done, scenarios, accuracy, upcoming = st.columns(4)
done.metric("Lessons done", f"{lessons_done} / {len(course.lessons)}")
scenarios.metric("Scenarios solved", f"{solved} / {len(course.scenarios)}")
rate = f"{round(100 * right / answered)}%" if answered else "–"
accuracy.metric("Right this session", rate, help=f"{right} of {answered} answers entirely right")
following = quiz.next_lesson(course, progress)
with upcoming:
    if following is not None:
        st.caption("Next lesson")
        if st.button(f"{following.order}. {following.title}", key="home.next", icon=":material/arrow_forward:"):
            st.switch_page("screens/learn.py", query_params={"lesson": following.id})
    elif course.lessons:
        st.metric("Next lesson", "All done!")
if not answered:
    st.caption("Nothing answered yet in this session: your progress will show here as you go.")
