"""The whole course: lessons and scenarios loaded together and checked against each other.

Files with problems are left out of the course and their problems kept in ``Course.problems``, so a
caller (``check``, the app) can report every one of them and still use the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tutor.content.files import find_yaml
from tutor.content.lesson import Lesson, is_lesson, lesson_from_document
from tutor.content.problems import ContentError, Problem
from tutor.content.scenario import Scenario, declared_id, scenario_from_document
from tutor.content.solve import compare, solve
from tutor.content.yamlsafe import Document, load_document


@dataclass(frozen=True)
class Course:
    lessons: tuple[Lesson, ...]  # in course order
    scenarios: dict[str, Scenario]  # by id, in file order
    problems: tuple[Problem, ...]
    files: int

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)

    def lesson_of(self, scenario_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if scenario_id in lesson.scenarios), None)

    def practice(self, lesson: Lesson) -> list[Scenario]:
        """The lesson's scenarios that loaded, in the lesson's order."""
        return [self.scenarios[sid] for sid in lesson.scenarios if sid in self.scenarios]

    @property
    def topics(self) -> dict[str, list[Scenario]]:
        grouped: dict[str, list[Scenario]] = {}
        for scenario in self.scenarios.values():
            grouped.setdefault(scenario.topic, []).append(scenario)
        return grouped


def load_course(paths: Sequence[str], verify: bool = False) -> Course:
    """Load every lesson and scenario under ``paths``; with ``verify``, also solve and compare ``expect``."""
    files, problems = find_yaml(paths)
    documents: list[tuple[Path, Document]] = []
    for path in files:
        try:
            documents.append((path, load_document(path)))
        except ContentError as error:
            problems.extend(error.problems)
    # Lessons checked on their own resolve their scenario ids against the scenarios folder beside them.
    beside = _ids_beside(paths) if files and all(is_lesson_path(f) for f in files) else set()
    return course_from_documents(documents, verify=verify, also_known=beside, problems=problems, files=len(files))


def course_from_documents(
    documents: Sequence[tuple[Path, Document]],
    *,
    verify: bool = False,
    also_known: Iterable[str] = (),
    problems: Iterable[Problem] = (),
    files: int | None = None,
) -> Course:
    """The course made of parsed files (each with its path, which tells a lesson from a scenario).

    ``also_known`` are scenario ids that exist elsewhere (lessons may list them); ``problems`` were found
    before (files that could not be parsed) and are kept with the others.
    """
    found = list(problems)
    lessons: list[Lesson] = []
    scenarios: dict[str, Scenario] = {}
    # Every scenario id a file declares, loaded or not: a scenario with problems still exists for the lessons
    # that list it, and only its own problems are reported.
    declared = set(also_known)
    for path, doc in documents:
        try:
            if is_lesson(doc, path):
                lessons.append(lesson_from_document(doc))
                continue
            sid = declared_id(doc)
            if sid is not None:
                declared.add(sid)
            scenario = scenario_from_document(doc)
        except ContentError as error:
            found.extend(error.problems)
            continue
        if scenario.id in scenarios:
            first = scenarios[scenario.id]
            found.append(scenario.problem(("id",), f"the id '{scenario.id}' is already used by {first.file}"))
            continue
        if verify:
            try:
                wrong = compare(scenario, solve(scenario))
            except ContentError as error:
                wrong = error.problems
            if wrong:
                found.extend(wrong)
                continue
        scenarios[scenario.id] = scenario
    lessons = _check_lessons(lessons, declared, found)
    return Course(tuple(lessons), scenarios, tuple(sorted(found)), len(documents) if files is None else files)


def _check_lessons(lessons: list[Lesson], known: set[str], problems: list[Problem]) -> list[Lesson]:
    kept: list[Lesson] = []
    orders: dict[int, Lesson] = {}
    ids: dict[str, Lesson] = {}
    for lesson in sorted(lessons, key=lambda item: (item.order, item.file)):
        found = []
        if lesson.id in ids:
            found.append(lesson.problem(("id",), f"the id '{lesson.id}' is already used by {ids[lesson.id].file}"))
        if lesson.order in orders:
            found.append(
                lesson.problem(("order",), f"order {lesson.order} is already used by {orders[lesson.order].file}")
            )
        for n, sid in enumerate(lesson.scenarios):
            if sid not in known:
                found.append(lesson.problem(("scenarios", n), f"no scenario has the id '{sid}'"))
        problems.extend(found)
        ids.setdefault(lesson.id, lesson)
        orders.setdefault(lesson.order, lesson)
        if not found:
            kept.append(lesson)
    return kept


def _ids_beside(paths: Iterable[str]) -> set[str]:
    """The scenario ids declared in the ``scenarios`` folder beside the given lesson paths."""
    ids: set[str] = set()
    for folder in {Path(p).resolve().parent / "scenarios" for p in paths}:
        if folder.is_dir():
            for path in find_yaml([str(folder)])[0]:
                try:
                    sid = declared_id(load_document(path))
                except ContentError:
                    continue  # its own problems are reported when the scenarios are checked
                if sid is not None:
                    ids.add(sid)
    return ids


def is_lesson_path(path: Path) -> bool:
    return "lessons" in path.parts
