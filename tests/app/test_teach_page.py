"""The /teach page (AppTest, the app's own progress file): signed out it shows only signing in and creating an
account, whatever the address asks; a learner's guest cookie, a forged, expired or revoked token are signed
out; a signed-in teacher sees their own classes only, and another teacher's class by its id is "no such
class" and nothing of it. Signing in gives a one-time ticket for the server's route, never the token."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from helpers import open_page
from streamlit.testing.v1 import AppTest

from tutor.app import guest
from tutor.progress import classes
from tutor.progress.store import ProgressDB
from tutor.progress.teachers import Teacher, create_teacher, open_session, sign_out, token_hash

TEACH = "screens/teach.py"
PASSWORD = "correct horse"
NO_SUCH_CLASS = "There is no such class among yours."


@pytest.fixture
def db() -> Iterator[ProgressDB]:
    with ProgressDB(os.environ["ALUETTE_DB"]) as opened:
        yield opened


def as_browser(monkeypatch: pytest.MonkeyPatch, **cookies: str) -> None:
    jar = {guest.COOKIE: "a" * 24, **cookies}
    monkeypatch.setattr(guest, "cookies", lambda: jar)


def main_text(at: AppTest) -> str:
    parts = [e.value for e in (*at.main.markdown, *at.main.caption, *at.main.header, *at.main.subheader)]
    parts += [e.value for e in (*at.main.error, *at.main.info, *at.main.warning, *at.main.success)]
    return "\n".join(str(p) for p in parts)


def signed_out(at: AppTest) -> bool:
    """Only the two forms: sign in and a new account, and no teacher's page."""
    labels = [b.label for b in at.main.button]
    return (
        not at.exception
        and [h.value for h in at.main.header] == ["Sign in", "Create a teacher account"]
        and "Sign out" not in labels
        and not at.main.tabs
        and "Your classes" not in main_text(at)
    )


def test_signed_out_the_page_shows_only_the_two_forms_whatever_the_address(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    roux = create_teacher(db, "Mme Roux", PASSWORD)
    made = classes.create_class(db, roux, "Thursday club", "fr")
    as_browser(monkeypatch)  # a learner's guest cookie and no teacher's
    for query in ({}, {"class": str(made.id)}, {"class": "1 OR 1=1"}):
        at = open_page(TEACH, query=query)
        assert signed_out(at), query
        assert "Thursday club" not in main_text(at)
        assert made.code not in main_text(at)


def test_a_forged_an_expired_and_a_revoked_token_are_signed_out(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    roux = create_teacher(db, "Mme Roux", PASSWORD)
    expired = open_session(db, roux, now=1_000_000.0)
    revoked = open_session(db, roux)
    sign_out(db, revoked)
    live = open_session(db, roux)
    for token in ("forged-" + "x" * 30, expired, revoked, token_hash(live), guest.COOKIE):
        as_browser(monkeypatch, aluette_teacher=token)
        assert signed_out(open_page(TEACH)), token
    as_browser(monkeypatch, aluette_teacher=live)
    assert not signed_out(open_page(TEACH))


def signed_in(monkeypatch: pytest.MonkeyPatch, db: ProgressDB, teacher: Teacher) -> None:
    as_browser(monkeypatch, aluette_teacher=open_session(db, teacher))


def test_a_teacher_sees_their_own_classes_and_another_teachers_class_is_no_such_class(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    roux = create_teacher(db, "Mme Roux", PASSWORD)
    zola = create_teacher(db, "M. Zola", PASSWORD)
    mine = classes.create_class(db, roux, "Thursday club", "fr")
    theirs = classes.create_class(db, zola, "Zola's secret club", "cs")
    ann = db.learner_id(db.create_learner("Ann"))
    assert ann is not None
    classes.join(db, theirs.code, ann)
    signed_in(monkeypatch, db, roux)
    at = open_page(TEACH)
    text = main_text(at)
    assert "**Thursday club**" in text and "Zola" not in text
    assert "Français · 0 members · open to joiners" in text
    for raw in (str(theirs.id), "999999", "abc", "-1"):
        at = open_page(TEACH, query={"class": raw})
        assert [e.value for e in at.main.error] == [NO_SUCH_CLASS], raw
        assert not at.main.tabs and "Zola" not in main_text(at) and theirs.code not in main_text(at)
        assert "Ann" not in main_text(at)
    at = open_page(TEACH, query={"class": str(mine.id)})
    assert [t.label for t in at.main.tabs] == ["Members", "Assignments", "Dashboard", "Live round"]
    assert at.main.code[0].value.endswith(f"/join?code={mine.code}")


def test_signing_in_hands_a_ticket_to_the_servers_route_and_never_the_token(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_teacher(db, "Mme Roux", PASSWORD)
    as_browser(monkeypatch)
    at = open_page(TEACH)
    at.text_input(key="teach.sign_in.name").set_value("mme roux")
    at.text_input(key="teach.sign_in.password").set_value("wrong horse")
    at.button(key="teach.sign_in.go").click().run()
    assert [e.value for e in at.main.error] == ["This name and password do not match an account."]
    at.text_input(key="teach.sign_in.password").set_value(PASSWORD)
    at.button(key="teach.sign_in.go").click().run()
    assert not at.exception
    links = [str(e.proto.url) for e in at.main.link_button]
    assert len(links) == 1 and re.fullmatch(r"/teach-session\?ticket=[A-Za-z0-9_-]{43}", links[0])
    ticket = links[0].split("=", 1)[1]
    with db.using() as conn:
        stored = [tuple(r) for r in conn.execute("SELECT ticket_hash FROM teacher_tickets").fetchall()]
        sessions = conn.execute("SELECT count(*) FROM teacher_sessions").fetchone()[0]
    assert stored == [(token_hash(ticket),)] and sessions == 0  # the route opens the session, not the page


def test_a_member_is_deleted_after_a_confirmation_naming_them_and_their_answers(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.progress.records import Answer

    roux = create_teacher(db, "Mme Roux", PASSWORD)
    made = classes.create_class(db, roux, "Thursday club", "fr")
    ann = db.learner_id(db.create_learner("Ann"))
    assert ann is not None
    classes.join(db, made.code, ann)
    for n in range(3):
        db.progress("Ann").record(Answer("spoiled-aces", "trick", {"winner": "N"}, {"winner": n > 0}, 4.0))
    signed_in(monkeypatch, db, roux)
    at = open_page(TEACH, query={"class": str(made.id)})
    at.button(key=f"teach.member.{ann}.delete").click().run()
    assert [w.value for w in at.main.warning] == [
        "Delete Ann and their 3 answers for good? They leave every class; this cannot be undone."
    ]
    assert db.learners() == ["Ann"]  # nothing yet
    at.button(key="teach.member.delete_yes").click().run()
    assert db.learners() == []
    assert "Ann was deleted, with 3 answers." in [i.value for i in at.main.info]


def test_a_new_account_refuses_differing_short_and_taken_in_one_line_each(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    create_teacher(db, "Mme Roux", PASSWORD)
    as_browser(monkeypatch)
    at = open_page(TEACH)
    for name, password, again, line in (
        ("M. Zola", PASSWORD, PASSWORD + "!", "The two passwords differ: type the same one twice."),
        ("M. Zola", "short", "short", "A password has at least 8 characters."),
        ("MME ROUX", PASSWORD, PASSWORD, "A teacher is already called MME ROUX: choose another name."),
        ("Z" * 10_000, PASSWORD, PASSWORD, "A teacher's name has at most 40 characters."),
    ):
        at.text_input(key="teach.create.name").set_value(name)
        at.text_input(key="teach.create.password").set_value(password)
        at.text_input(key="teach.create.again").set_value(again)
        at.button(key="teach.create.go").click().run()
        assert not at.exception and [e.value for e in at.main.error] == [line]
        assert not at.main.link_button  # no ticket
    with db.using() as conn:
        assert conn.execute("SELECT count(*) FROM teachers").fetchone()[0] == 1


@pytest.mark.parametrize("shared", [False, True])
def test_a_members_reset_pin_is_offered_only_on_a_shared_server(
    db: ProgressDB, monkeypatch: pytest.MonkeyPatch, shared: bool
) -> None:
    """A household's learners have no PINs (only a shared server's sidebar sets them): no Reset PIN there."""
    roux = create_teacher(db, "Mme Roux", PASSWORD)
    made = classes.create_class(db, roux, "Thursday club", "fr")
    learner = db.learner_id(db.create_learner("Maëlle"))
    assert learner is not None
    classes.join(db, made.code, learner)
    monkeypatch.setenv("ALUETTE_SHARED", "1" if shared else "0")
    as_browser(monkeypatch, aluette_teacher=open_session(db, roux))
    at = open_page(TEACH, query={"class": str(made.id)})
    labels = [b.label for b in at.main.button]
    assert not at.exception
    assert "Remove from the class" in labels
    assert ("Reset PIN" in labels) is shared
