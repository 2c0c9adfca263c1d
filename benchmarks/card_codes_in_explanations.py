"""How many of the course's explanation steps show a card code, per language (a count, not a speed).

    .venv/bin/python benchmarks/card_codes_in_explanations.py [--lang fr cs gu]

Solves every scenario under ``scenarios/`` as ``aluette-tutor solve --lang`` does and counts the rendered steps
that contain a card code (``A-swords``). Every translated language names cards in words, so it prints 0 for
each; English keeps the codes. Asserts nothing.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from tutor.content.course import load_course
from tutor.content.solve import solve
from tutor.i18n.sentences import render_all

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"\b[AJCK2-9]-(?:coins|cups|swords|clubs)\b")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="+", default=["en", "fr", "cs", "sq", "mk", "ms", "gu"])
    args = parser.parse_args()
    course = load_course([str(ROOT / "scenarios")])
    explained = [solve(s).explanation for s in course.scenarios.values()]
    for lang in args.lang:
        steps = [text for explanation in explained for text in render_all(explanation, lang)]
        shown = sum(1 for text in steps if CODE.search(text))
        print(f"{lang}: {shown} of {len(steps)} explanation steps show a card code")


if __name__ == "__main__":
    main()
