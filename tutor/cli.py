"""``aluette-tutor``: the authors' command line (solve, check, simulate, print, ...)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.content.course import load_course
from tutor.content.files import find_yaml
from tutor.content.kinds import KINDS
from tutor.content.lesson import is_lesson
from tutor.content.outcomes import show
from tutor.content.problems import ContentError, Problem
from tutor.content.scenario import Scenario, scenario_from_document
from tutor.content.solve import solve
from tutor.content.yamlsafe import load_document
from tutor.engine import Explained, RuleViolation
from tutor.engine.words import plural
from tutor.i18n import LANGUAGES, SOURCE_LANGUAGE, UnknownLanguage, check_language, content_text
from tutor.i18n.sentences import render_all

if TYPE_CHECKING:
    from tutor.app.printing.selection import Worksheet


def _load(paths: Sequence[str]) -> tuple[list[Scenario], list[Problem]]:
    files, problems = find_yaml(paths)
    return _load_files(files, problems, named={Path(p) for p in paths})


def _load_files(
    files: Sequence[Path], problems: list[Problem], named: set[Path] | None = None
) -> tuple[list[Scenario], list[Problem]]:
    """The scenarios among ``files``. A lesson found in a folder is passed over with a note on stderr (a
    folder such as ``lessons/`` may be given on purpose); a lesson named on its own is a problem."""
    scenarios: list[Scenario] = []
    for path in files:
        try:
            doc = load_document(path)
            if is_lesson(doc, path):
                if path in (named or set()):
                    why = "this is a lesson: solve works out scenarios (check reads lessons)"
                    problems.append(doc.problem((), why))
                else:
                    print(f"{doc.file}: a lesson, passed over (solve works out scenarios)", file=sys.stderr)
                continue
            scenarios.append(scenario_from_document(doc))
        except ContentError as error:
            problems.extend(error.problems)
    return scenarios, problems


def _print_problems(problems: Sequence[object]) -> None:  # a content file's or a catalog's: each says itself
    for problem in problems:
        print(problem, file=sys.stderr)


def cmd_solve(args: argparse.Namespace) -> int:
    lang = check_language(args.lang)  # before any file is read: a wrong language is one line, nothing else
    scenarios, problems = _load(args.paths)
    for scenario in scenarios:
        try:
            result = solve(scenario)
        except ContentError as error:
            problems.extend(error.problems)
            continue
        if args.json:
            record = {
                "id": scenario.id,
                "kind": scenario.kind,
                "outcome": result.outcome(),
                "explanation": render_all(result.explanation, lang),
            }
            print(json.dumps(record, ensure_ascii=False))
        else:
            print(_readable(scenario, result, lang))
    _print_problems(problems)
    return 1 if problems else 0


def _readable(scenario: Scenario, result: Explained, lang: str) -> str:
    title = content_text(lang, scenario.id, "title", scenario.title)
    lines = [f"{scenario.id}: {title} [{scenario.kind}]"]
    for key, value in result.outcome().items():
        mark = "  (asked)" if key in scenario.ask else ""
        lines.append(f"  {key}: {show(value)}{mark}")
    lines.append("  why:")
    steps = render_all(result.explanation, lang)
    lines += [f"    {number}. {step}" for number, step in enumerate(steps, start=1)]
    if scenario.note:
        lines.append(f"  note: {content_text(lang, scenario.id, 'note', scenario.note)}")
    return "\n".join(lines) + "\n"


def cmd_check(args: argparse.Namespace) -> int:
    course = load_course(args.paths, verify=True)
    for problem in course.problems:
        print(problem)
    count = len(course.problems)
    verdict = plural(count, "problem") if count else "no problems"
    print(
        f"checked {plural(course.files, 'file')} ({plural(len(course.scenarios), 'scenario')} and "
        f"{plural(len(course.lessons), 'lesson')} without problems): {verdict}",
        file=sys.stderr,
    )
    return 1 if count else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from tutor.engine.simulate import simulate  # numpy is imported only when simulating

    stats = simulate(args.deals, args.seed, args.mordienne)
    data = stats.as_json()
    if args.json:
        print(json.dumps(data))
    else:
        for key, value in data.items():
            print(f"{key}: {value}")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from tutor.content.coverage import RULES, rules_exercised

    course = load_course(args.paths, verify=True)
    users: dict[str, list[str]] = {rule.id: [] for rule in RULES}
    for scenario in course.scenarios.values():
        for rule in rules_exercised(scenario, solve(scenario)):
            users[rule.id].append(scenario.id)
    short_of = 0
    for rule in RULES:
        need = 1 if rule.decision else 3
        ids = users[rule.id]
        mark = "ok " if len(ids) >= need else "LOW"
        short_of += len(ids) < need
        shown = ", ".join(ids[:4]) + (", ..." if len(ids) > 4 else "")
        print(f"{mark} §{rule.section:<2} {rule.id:<28} {len(ids):>3}  {rule.text}  [{shown}]")
    for lesson in course.lessons:
        count = len(course.practice(lesson))
        print(f"{'ok ' if count >= 8 else 'LOW'} lesson {lesson.order:>2} {lesson.id:<24} {count:>3} scenarios")
    _print_problems(course.problems)
    return 1 if short_of or course.problems else 0


def cmd_generate(args: argparse.Namespace) -> int:
    from tutor.content.generate import whole_number, write_scenarios

    count = whole_number(args.count, "--count")
    seed = whole_number(args.seed, "--seed")
    if not args.out:
        raise RuleViolation("give the folder to write the scenarios to: --out DIR")
    try:
        tricks_left = whole_number(args.tricks_left, "--tricks-left")
        written = write_scenarios(args.kind, count, seed, Path(args.out), force=args.force, tricks_left=tricks_left)
    except ContentError as error:  # a generator bug: report it like check would, never as a traceback
        _print_problems(error.problems)
        return 1
    print(f"wrote {plural(len(written), 'scenario')} to {args.out}", file=sys.stderr)
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    """A printed sheet as PDF (:mod:`tutor.app.printing`): every argument is checked, and the file's place, before
    anything is drawn."""
    from tutor.content.writing import refusal, write_all

    lang = check_language(args.lang)
    size = str(args.size).lower()
    if size not in PAPER_SIZES:
        raise RuleViolation(f"--size must be one of {', '.join(PAPER_SIZES)}, not {args.size!r}")
    if not args.out:
        raise RuleViolation("give the file to write the PDF to: --out FILE.pdf")
    out = Path(args.out)
    why = refusal(out, args.force)
    if why:
        raise RuleViolation(why)
    pdf = _sheet_pdf(args, lang, size)
    write_all([(out, pdf)], force=args.force)
    print(f"wrote {out} ({len(pdf) // 1024 or 1} kB)", file=sys.stderr)
    return 0


PAPER_SIZES = ("a4", "a5", "letter")


def _sheet_pdf(args: argparse.Namespace, lang: str, size: str) -> bytes:
    import logging

    import streamlit.runtime.caching.cache_data_api as caches

    # The app's modules declare Streamlit caches when imported; outside a server Streamlit warns of it on every
    # run, which is no news here (its logger is set up on import, so quietened after).
    logging.getLogger(caches.__name__).setLevel(logging.ERROR)
    from tutor.app import printing

    if args.sheet == "card":
        return printing.table_card_pdf(lang, size)
    if args.sheet == "signals":
        return printing.signals_card_pdf(lang, size)
    return printing.worksheet_pdf(_worksheet(args, lang), size)


def _worksheet(args: argparse.Namespace, lang: str) -> Worksheet:
    from tutor.app.printing import selection
    from tutor.app.state import content_paths
    from tutor.content.generate import whole_number

    chosen = [name for name in ("lesson", "topic", "scenario", "kind") if getattr(args, name)]
    if len(chosen) != 1:
        raise RuleViolation("say what to print, one of: --lesson ID, --topic NAME, --scenario ID..., --kind KIND")
    if args.kind:
        count, seed = whole_number(args.count, "--count"), whole_number(args.seed, "--seed")
        return selection.generated(args.kind, count, seed, lang)
    course = load_course(list(content_paths()))
    if args.lesson:
        return selection.for_lesson(course, args.lesson, lang)
    if args.topic:
        return selection.for_topic(course, args.topic, lang)
    return selection.for_ids(course, args.scenario, lang)


def cmd_i18n_status(args: argparse.Namespace) -> int:
    from tutor.authoring.extract import ExtractError, sources
    from tutor.authoring.status import status
    from tutor.i18n.runtime import LOCALES

    try:
        found = sources(args.paths or _default_content())
    except ExtractError as error:
        print(error.message, file=sys.stderr)
        return 1
    locales = Path(args.locales) if args.locales else LOCALES
    problems = []
    for lang in LANGUAGES:
        counts, catalog_problems = status(lang, found, locales)
        problems += catalog_problems
        print(counts)
        if args.by_domain:
            for domain, (done, total) in counts.domains.items():
                print(f"  {domain}: {done}/{total}")
    _print_problems(problems)
    return 1 if problems else 0


def cmd_i18n_extract(args: argparse.Namespace) -> int:
    from tutor.authoring.extract import ExtractError, extract
    from tutor.i18n.runtime import LOCALES

    locales = Path(args.locales) if args.locales else LOCALES
    try:
        written = extract(locales, args.paths or _default_content())
    except ExtractError as error:
        print(error.message, file=sys.stderr)
        return 1
    for path in written:
        print(os.path.relpath(path) if path.is_relative_to(Path.cwd()) else path)
    print(f"updated {plural(len(written), 'catalog file')} in {locales}", file=sys.stderr)
    return 0


def _default_content() -> tuple[str, ...]:
    from tutor.authoring.extract import DEFAULT_CONTENT

    return DEFAULT_CONTENT


def cmd_import(args: argparse.Namespace) -> int:
    """Merge a progress export into the progress file, saying how far it has come on stderr."""
    from tutor.progress.db import ProgressUnavailable
    from tutor.progress.store import ProgressDB
    from tutor.progress.transfer import MAX_BYTES, ImportRejected, import_progress

    source = Path(args.file)
    try:
        size = source.stat().st_size
        # More than the bound is refused by import_progress from its length alone: read no more than that.
        with source.open("rb") as file:
            data = file.read(MAX_BYTES + 1) if size <= MAX_BYTES else b"\0" * (MAX_BYTES + 1)
    except OSError as error:
        print(f"{source}: cannot be read ({(error.strerror or 'error').lower()})", file=sys.stderr)
        return 1
    shown = [-1]

    def report(done: int, total: int) -> None:
        tenth = done * 10 // total if total else 10
        if tenth != shown[0]:  # a line every tenth of the way, not every transaction
            shown[0] = tenth
            print(f"imported {done:,} of {total:,} new answer{'s' if total != 1 else ''}", file=sys.stderr)

    try:
        with ProgressDB(args.db) as db:
            result = import_progress(db, data, args.learner, on_progress=report)
    except ImportRejected as error:
        for problem in error.problems:
            print(f"{source}: {problem}", file=sys.stderr)
        if error.total > len(error.problems):
            print(f"{source}: and {plural(error.total - len(error.problems), 'more problem')}", file=sys.stderr)
        print(f"{source}: nothing was imported", file=sys.stderr)
        return 1
    except ProgressUnavailable as error:
        print(f"aluette-tutor: {error.message}", file=sys.stderr)
        return 1
    print(
        f"added {result.added:,} answer{'s' if result.added != 1 else ''} ({result.skipped:,} already there) and "
        f"{plural(result.reads_added, 'lesson section')} read to {result.learner}; "
        f"{result.rescheduled:,} review card{'s' if result.rescheduled != 1 else ''} rebuilt"
    )
    return 0


def _password(prompt: str) -> str:
    """A password typed twice without echo on a terminal; else the first line of stdin (a script's pipe)."""
    import getpass

    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass(prompt)
    if getpass.getpass("the same password again: ") != first:
        raise ValueError("the two passwords differ: nothing was stored")
    return first


def cmd_teacher(args: argparse.Namespace) -> int:
    """``teacher add NAME`` (the password read, never an argument) and ``teacher list``."""
    from tutor.progress.db import ProgressUnavailable
    from tutor.progress.store import ProgressDB
    from tutor.progress.teachers import TeacherError, create_teacher, teachers

    try:
        with ProgressDB(args.db) as db:
            if args.action == "list":
                for teacher, created in teachers(db):
                    when = datetime.fromtimestamp(created, UTC).strftime("%Y-%m-%d")
                    print(f"{teacher.name}\t(since {when})")
                return 0
            try:
                made = create_teacher(db, args.name, _password(f"password for {args.name}: "))
            except (TeacherError, ValueError) as error:
                print(f"aluette-tutor: {error}", file=sys.stderr)
                return 1
    except ProgressUnavailable as error:
        print(f"aluette-tutor: {error.message}", file=sys.stderr)
        return 1
    print(f"teacher account {made.name} created: sign in on the app's /teach page")
    return 0


def app_command(args: argparse.Namespace) -> list[str]:
    """The ``streamlit run`` command line of ``aluette-tutor app``."""
    from tutor.progress.transfer import MAX_BYTES

    server_script = Path(__file__).resolve().parent / "app" / "server.py"
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(server_script),  # the app with its server-set cookie and pruning (tutor/app/server.py)
        "--server.port",
        str(args.port),
        "--server.address",  # this computer only, unless told otherwise (README: opening it to a room)
        args.address,
        "--server.maxUploadSize",  # as .streamlit/config.toml: no upload bigger than an import may be is buffered
        str(MAX_BYTES // (1024 * 1024)),
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
        "--runner.magicEnabled",  # as .streamlit/config.toml, read only from the project's root
        "false",
        "--runner.postScriptGC",  # likewise: no full garbage collection holding back each run's messages
        "false",
        "--server.fileWatcherType",  # likewise: no watching of source files holding back each session's first run
        "none",
        "--server.disconnectedSessionTTL",  # likewise: a closed tab's session let go after 30 s, not 120 s
        "30",
    ]


def app_environment(args: argparse.Namespace, environ: Mapping[str, str]) -> dict[str, str]:
    """The app's environment: ``environ`` with the database of ``--db``, the core of ``--cpu`` and, with
    ``--shared``, a shared server's setting; ValueError (one line) for an ``ALUETTE_SHARED`` that says neither yes
    nor no, an ``ALUETTE_CPU`` that names no core this process may use, or an ``ALUETTE_PROXIES`` (or ``--proxies``)
    that names something other than addresses and networks."""
    from tutor.app import affinity, client, shared_mode

    env = dict(environ, **({"ALUETTE_DB": args.db} if args.db else {}))
    if args.cpu is not None:
        env[affinity.ENV_VAR] = args.cpu
    affinity.core_from(env)  # refused here in one line, before the server starts
    if args.proxies is not None:
        env[client.ENV_VAR] = args.proxies
    client.proxies_from(env)  # likewise
    if args.shared:
        env[shared_mode.ENV_VAR] = "1"
    elif shared_mode.setting(env.get(shared_mode.ENV_VAR, "")) is None:
        raise ValueError(
            f"{shared_mode.ENV_VAR}={env[shared_mode.ENV_VAR]!r} is neither 1 (a shared server) nor 0 (a household's)"
        )
    return env


def cmd_app(args: argparse.Namespace) -> int:
    import subprocess

    try:
        env = app_environment(args, os.environ)
    except ValueError as error:
        print(f"aluette-tutor: {error}", file=sys.stderr)
        return 2
    return subprocess.call(app_command(args), env=env)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="aluette-tutor",
        description="Aluette tutor: solve and check scenario files, simulate random deals, run the app.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve_p = commands.add_parser(
        "solve",
        help="compute the outcome and explanation of scenarios",
        description="Run scenarios through the rules engine and print each outcome with the steps that explain it.",
    )
    solve_p.add_argument("paths", nargs="+", metavar="PATH", help="a scenario file, or a folder searched for *.yaml")
    solve_p.add_argument("--json", action="store_true", help="one JSON object per scenario, one per line")
    solve_p.add_argument(
        "--lang",
        default=SOURCE_LANGUAGE,
        metavar="LANG",
        help=f"the language of the explanation steps ({', '.join(LANGUAGES)}; default {SOURCE_LANGUAGE}); "
        "the outcome's card codes, seats and ids are never translated",
    )
    solve_p.set_defaults(run=cmd_solve)

    check_p = commands.add_parser(
        "check",
        help="validate scenarios and compare their expect with the engine",
        description="Validate scenario files, run each through the engine and compare "
        "its 'expect'. Prints FILE:LINE: key.path: problem, one per line; exits 1 if any.",
    )
    check_p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to check")
    check_p.set_defaults(run=cmd_check)

    cov_p = commands.add_parser(
        "coverage",
        help="show which rules of rules.md the scenarios exercise",
        description="For every rule and Decision of rules.md, count the scenarios that put it to work "
        "(decided from each scenario's setup and result), and the scenarios of each lesson. LOW marks a rule "
        "with fewer than 3 scenarios (1 for a Decision) or a lesson with fewer than 8.",
    )
    cov_p.add_argument("paths", nargs="*", default=["lessons", "scenarios"], metavar="PATH")
    cov_p.set_defaults(run=cmd_coverage)

    app_p = commands.add_parser(
        "app",
        help="serve the tutor app in the browser",
        description="Start the Streamlit app (the same as `make run`).",
    )
    app_p.add_argument("--port", type=_positive, default=int(os.environ.get("PORT", 8501)), help="default 8501")
    app_p.add_argument(
        "--address",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1, this computer only; 0.0.0.0 opens it to the network)",
    )
    app_p.add_argument(
        "--db",
        default=None,
        help="progress database: a file, or a postgresql://user@host:port/dbname URL "
        "(default: $ALUETTE_DB or ~/.local/share/aluette-tutor/progress.db)",
    )
    app_p.add_argument(
        "--shared",
        action="store_true",
        help="a shared server (a club's, a school's): the sidebar lists nobody, each browser remembers its own "
        "learner, who comes back on another device with a PIN (also: ALUETTE_SHARED=1)",
    )
    app_p.add_argument(
        "--cpu",
        default=None,
        metavar="CORE",
        help="keep the server on this core (0, 1, ...; also: ALUETTE_CPU): under load a process serves more "
        "learners on one core than spread over several; several instances on one machine, one core each",
    )
    app_p.add_argument(
        "--proxies",
        default=None,
        metavar="ADDRESSES",
        help="the proxies in front of the app on other machines, whose X-Forwarded-For says who the learner is: "
        "addresses or networks, e.g. 10.0.0.2,10.0.1.0/24 (also: ALUETTE_PROXIES; a proxy on this computer "
        "is always believed)",
    )
    app_p.set_defaults(run=cmd_app)

    import_p = commands.add_parser(
        "import",
        help="merge a progress export into the progress file",
        description="Merge a progress export (the Progress page's JSON) into a learner's progress: answers "
        "already there are skipped, review cards are rebuilt from all the learner's answers. The file is checked "
        "whole first (any problem imports nothing, each printed as FILE: problem); then the answers go in a few "
        "thousand at a time, so that the app can keep saving meanwhile, and how far it has come is printed on "
        "stderr. Stopped half way, it leaves whole items only: importing the same file again finishes it.",
    )
    import_p.add_argument("file", metavar="FILE", help="a progress export (JSON)")
    import_p.add_argument("--learner", default=None, help="import into this learner (default: the name in the file)")
    import_p.add_argument(
        "--db",
        default=None,
        help="progress database file (default: $ALUETTE_DB or ~/.local/share/aluette-tutor/progress.db)",
    )
    import_p.set_defaults(run=cmd_import)

    teacher_p = commands.add_parser(
        "teacher",
        help="add a teacher account, or list them",
        description="Teacher accounts for the app's /teach page. `teacher add NAME` asks for the password twice "
        "on a terminal (or reads its first line from stdin when it is not one); it is never an argument.",
    )
    teacher_actions = teacher_p.add_subparsers(dest="action", required=True, metavar="ACTION")
    add_p = teacher_actions.add_parser("add", help="create a teacher account", description="Create a teacher account.")
    add_p.add_argument("name", metavar="NAME", help="the teacher's name, as they sign in with it")
    list_p = teacher_actions.add_parser("list", help="list the teacher accounts", description="List the accounts.")
    for sub in (add_p, list_p):
        sub.add_argument(
            "--db",
            default=None,
            help="progress database: a file, or a postgresql:// URL (default: $ALUETTE_DB or "
            "~/.local/share/aluette-tutor/progress.db)",
        )
        sub.set_defaults(run=cmd_teacher)

    sim_p = commands.add_parser(
        "simulate",
        help="play random deals and print statistics",
        description="Play N random deals (every player plays a uniformly random card "
        "from their hand; no chant) and print statistics.",
    )
    sim_p.add_argument("--deals", type=_positive, default=10_000, help="number of deals (default 10000)")
    sim_p.add_argument("--seed", type=int, default=0, help="random seed: the same seed gives the same numbers")
    sim_p.add_argument("--mordienne", action="store_true", help="score with the optional mordienne rule")
    sim_p.add_argument("--json", action="store_true", help="print one JSON object")
    sim_p.set_defaults(run=cmd_simulate)

    status_p = commands.add_parser(
        "i18n-status",
        help="how much of what a learner sees each language translates",
        description="Print one line per language, LANG: translated/total (P%%), counting every learner-visible "
        "string: the app's, the lessons' and scenarios', the explanation messages. Problems found in a catalog "
        "(wrong placeholders, missing plural forms) are printed as FILE:LINE: msgctxt: problem, and exit 1.",
    )
    status_p.add_argument("paths", nargs="*", metavar="PATH", help="lesson and scenario folders (default: the course)")
    status_p.add_argument("--locales", metavar="DIR", help="the catalogs' folder (default: tutor/i18n/locales)")
    status_p.add_argument("--by-domain", action="store_true", help="also print the counts of each domain")
    status_p.set_defaults(run=cmd_i18n_status)

    extract_p = commands.add_parser(
        "i18n-extract",
        help="regenerate the translation templates and update every catalog",
        description="Write the .pot templates of the three domains (engine, content, ui) from the English "
        "sources, and update each language's .po like msgmerge: translations kept, changed English marked "
        "fuzzy, removed strings kept as obsolete. Prints the files it changed.",
    )
    extract_p.add_argument("paths", nargs="*", metavar="PATH", help="lesson and scenario folders (default: the course)")
    extract_p.add_argument("--locales", metavar="DIR", help="the catalogs' folder (default: tutor/i18n/locales)")
    extract_p.set_defaults(run=cmd_i18n_extract)

    gen_p = commands.add_parser(
        "generate",
        help="write random practice scenarios of one kind",
        description=f"Write N random scenarios of KIND ({' '.join(KINDS)}) to "
        "DIR/<id>.yaml, each checked first. They lean towards what is worth practising: ties, traps, close "
        "finishes, mordiennes; 'play' writes positions near the end of a naturally played deal where the card "
        "to play matters (some card does worse than the best). No 'expect': the engine gives the answers. "
        "The same seed writes the same files. "
        "Nothing is written if one of the files exists already (unless --force) or is a symbolic link (never "
        "written through, even with --force).",
    )
    gen_p.add_argument("kind", metavar="KIND", help=f"{', '.join(KINDS[:-1])} or {KINDS[-1]}")
    gen_p.add_argument("--count", default="10", metavar="N", help="how many scenarios, 1 to 10000 (default 10)")
    gen_p.add_argument("--seed", default="0", metavar="S", help="random seed, 0 or more (default 0)")
    gen_p.add_argument("--out", metavar="DIR", help="folder to write to, created if missing (required)")
    gen_p.add_argument(
        "--tricks-left",
        default="5",
        metavar="K",
        help="play only: at most K tricks left in a position, 1 to 7 (default 5: each solved in milliseconds)",
    )
    gen_p.add_argument("--force", action="store_true", help="replace files of the same names (never through a link)")
    gen_p.set_defaults(run=cmd_generate)
    _add_print(commands)
    return parser


def _add_print(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    print_p = commands.add_parser(
        "print",
        help="make a sheet to print, as PDF: the table card, a worksheet with its answer key, the signals cards",
        description="Write a sheet to print as a PDF, in any language of the tutor: 'card' (the 19 tiers drawn with "
        "the cards and the 11 signals, one page), 'worksheet' (scenarios drawn as in the app with room to answer, "
        "then an answer key with the engine's explanations), 'signals' (two A6 pocket cards of the gestures, one "
        "for each partner). Never writes over a file unless --force, never through a link.",
    )
    sheets = print_p.add_subparsers(dest="sheet", required=True, metavar="SHEET")
    helps = {
        "card": "the table card: the ranking and the signals on one page",
        "worksheet": "a worksheet of scenarios, numbered, then its answer key on pages of its own",
        "signals": "the signals cards for partners: two A6 cards on one sheet",
    }
    for name, text in helps.items():
        sheet_p = sheets.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")
        sheet_p.add_argument(
            "--lang",
            default=SOURCE_LANGUAGE,
            metavar="LANG",
            help=f"the sheet's language ({', '.join(LANGUAGES)}; default {SOURCE_LANGUAGE})",
        )
        sheet_p.add_argument("--size", default="a4", metavar="PAPER", help="a4 (default), a5 or letter")
        sheet_p.add_argument("--out", metavar="FILE", help="the PDF file to write (required)")
        sheet_p.add_argument("--force", action="store_true", help="replace a file of that name (never through a link)")
        if name == "worksheet":
            sheet_p.add_argument("--lesson", metavar="ID", help="every scenario of a lesson (its id: spoiled-tricks)")
            sheet_p.add_argument("--topic", metavar="NAME", help="every scenario of a topic")
            sheet_p.add_argument("--scenario", nargs="+", metavar="ID", help="the scenarios named, in that order")
            sheet_p.add_argument(
                "--kind", metavar="KIND", help=f"scenarios the engine makes, of one kind ({', '.join(KINDS)})"
            )
            sheet_p.add_argument("--count", default="10", metavar="N", help="with --kind: how many (default 10)")
            sheet_p.add_argument(
                "--seed", default="0", metavar="S", help="with --kind: the same seed makes the same sheet (default 0)"
            )
        sheet_p.set_defaults(run=cmd_print)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("give at least 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (RuleViolation, UnknownLanguage) as error:
        print(f"aluette-tutor: {error.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
