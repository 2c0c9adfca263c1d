"""``aluette-tutor i18n-status``: how much of what a learner sees each language translates.

Counted against the sources themselves (every explanation message, every lesson and scenario text, every
wrapped app string: :func:`tutor.authoring.extract.sources`), so a catalog that misses a new English string, or
translates an English text that has since changed, is counted short. An entry is translated when a learner
would see it: not empty, not fuzzy, with the right placeholders and plural forms (:mod:`tutor.i18n.runtime`).

>>> str(Status("cs", {"engine": (2, 4), "content": (1, 4), "ui": (0, 0)}))
'cs: 3/8 (37%)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tutor.authoring.extract import SourceMessage
from tutor.i18n import SOURCE_LANGUAGE
from tutor.i18n.runtime import DOMAINS, LOCALES, CatalogProblem, po_path, read_catalog


@dataclass(frozen=True)
class Status:
    """A language's translated and total strings, by domain."""

    lang: str
    domains: Mapping[str, tuple[int, int]]  # domain -> (translated, total)

    @property
    def translated(self) -> int:
        return sum(done for done, _ in self.domains.values())

    @property
    def total(self) -> int:
        return sum(total for _, total in self.domains.values())

    @property
    def percent(self) -> int:
        """Rounded down, so that 100% means every string."""
        return 100 * self.translated // self.total if self.total else 100

    def __str__(self) -> str:
        return f"{self.lang}: {self.translated}/{self.total} ({self.percent}%)"


def status(
    lang: str, sources: Mapping[str, Sequence[SourceMessage]], locales: Path = LOCALES
) -> tuple[Status, list[CatalogProblem]]:
    """``lang``'s counts against ``sources`` (by domain), and the problems of its catalogs."""
    counts: dict[str, tuple[int, int]] = {}
    problems: list[CatalogProblem] = []
    for domain in DOMAINS:
        messages = sources.get(domain, ())
        if lang == SOURCE_LANGUAGE:
            counts[domain] = (len(messages), len(messages))
            continue
        path = po_path(locales, lang, domain)
        try:
            shown = str(path.relative_to(Path.cwd()))
        except ValueError:
            shown = str(path)
        catalog = read_catalog(path, lang, domain, shown)
        problems.extend(catalog.problems)
        done = 0
        for m in messages:
            entry = catalog.entries.get((m.context, m.msgid))
            done += isinstance(entry, str) if m.plural is None else isinstance(entry, tuple)
        counts[domain] = (done, len(messages))
    return Status(lang, counts), problems
