"""The learner-visible texts of lessons and scenarios, and the same lesson or scenario in a language.

One list says which keys of a file a learner reads (:func:`lesson_texts`, :func:`scenario_texts`): the
extractor (:mod:`tutor.authoring.extract`) writes exactly these to the ``content`` catalog, and
:func:`localize_lesson` / :func:`localize_scenario` translate exactly these, so the two can never disagree.
Card codes, seats, ids and players' names are notation or names, never translated.

It walks the content layer's own types and asks i18n for each text (:func:`tutor.i18n.content_text`), so it
belongs to the content layer, which stands on i18n.
"""

from __future__ import annotations

import dataclasses

from tutor.content.lesson import Lesson
from tutor.content.scenario import Scenario
from tutor.i18n import SOURCE_LANGUAGE, check_language, content_text

KeyPath = tuple[str | int, ...]


def lesson_texts(lesson: Lesson) -> list[tuple[KeyPath, str]]:
    """Every text of ``lesson`` a learner reads, with its key path in the file, in file order."""
    texts: list[tuple[KeyPath, str]] = [(("title",), lesson.title), (("summary",), lesson.summary)]
    texts += [(("objectives", n), text) for n, text in enumerate(lesson.objectives)]
    for n, section in enumerate(lesson.sections):
        texts += [(("sections", n, "heading"), section.heading), (("sections", n, "text"), section.text)]
        if section.caption is not None:
            texts.append((("sections", n, "caption"), section.caption))
    return texts


def scenario_texts(scenario: Scenario) -> list[tuple[KeyPath, str]]:
    """Every text of ``scenario`` a learner reads (title, hint, note), with its key path, in that order."""
    texts: list[tuple[KeyPath, str]] = [(("title",), scenario.title)]
    if scenario.hint is not None:
        texts.append((("hint",), scenario.hint))
    if scenario.note is not None:
        texts.append((("note",), scenario.note))
    return texts


def localize_lesson(lesson: Lesson, lang: str) -> Lesson:
    """``lesson`` with every text in ``lang`` (English where the catalog has no translation)."""
    if check_language(lang) == SOURCE_LANGUAGE:
        return lesson

    def text(path: KeyPath, english: str) -> str:
        return content_text(lang, lesson.id, path, english)

    sections = tuple(
        dataclasses.replace(
            section,
            heading=text(("sections", n, "heading"), section.heading),
            text=text(("sections", n, "text"), section.text),
            caption=None if section.caption is None else text(("sections", n, "caption"), section.caption),
        )
        for n, section in enumerate(lesson.sections)
    )
    return dataclasses.replace(
        lesson,
        title=text(("title",), lesson.title),
        summary=text(("summary",), lesson.summary),
        objectives=tuple(text(("objectives", n), o) for n, o in enumerate(lesson.objectives)),
        sections=sections,
    )


def localize_generated(scenario: Scenario, lang: str) -> Scenario:
    """A generated scenario (or a saved deal) with its title, hint and note in ``lang`` (from its messages);
    others as they are."""
    if not scenario.texts or check_language(lang) == SOURCE_LANGUAGE:
        return scenario
    title, hint, note = (scenario.texts.get(key) for key in ("title", "hint", "note"))
    return dataclasses.replace(
        scenario,
        title=title.render(lang) if title is not None else scenario.title,
        hint=hint.render(lang) if hint is not None else scenario.hint,
        note=note.render(lang) if note is not None else scenario.note,
    )


def localize_scenario(scenario: Scenario, lang: str) -> Scenario:
    """``scenario`` with its title, hint and note in ``lang``; its setup and answers are never translated."""
    if check_language(lang) == SOURCE_LANGUAGE:
        return scenario

    def text(key: str, english: str | None) -> str | None:
        return None if english is None else content_text(lang, scenario.id, (key,), english)

    return dataclasses.replace(
        scenario,
        title=text("title", scenario.title) or scenario.title,
        hint=text("hint", scenario.hint),
        note=text("note", scenario.note),
    )


__all__ = ["KeyPath", "lesson_texts", "localize_generated", "localize_lesson", "localize_scenario", "scenario_texts"]
