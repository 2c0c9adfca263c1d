"""Generated practice (``tutor.content.generate``, ``aluette-tutor generate``).

Every generated scenario must pass the same loading, validation and engine run as ``check``; the same
seed must give the same scenarios; and the generators must really lean towards what is worth teaching,
measured with the engine against what uniformly random play gives (``aluette-tutor simulate``: about
6.9% of tricks spoiled, a mordienne in about 0.7% of deals, a tie-break in about 27% of deals).
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
import yaml

from tutor.cli import main
from tutor.content.course import load_course
from tutor.content.generate import (
    MAX_COUNT,
    TOPICS,
    generate,
    generate_scenarios,
    scenario_yaml,
    write_scenarios,
)
from tutor.content.kinds import KINDS
from tutor.content.kinds.chant import ChantSetup
from tutor.content.kinds.deal import DealScoringSetup
from tutor.content.kinds.draw import DrawSetup
from tutor.content.kinds.game import GameSetup
from tutor.content.kinds.rank import RankSetup
from tutor.content.kinds.signal import SignalSetup
from tutor.content.scenario import SLUG, Scenario
from tutor.content.solve import compare, solve
from tutor.engine import (
    NAMED,
    TIERS,
    Chant,
    DealPoint,
    DealScore,
    Draw,
    HandSignals,
    PlayedDeal,
    Ranking,
    RuleViolation,
    Trick,
    card,
    is_mordienne_run,
)

ROOT = Path(__file__).resolve().parents[2]
TRAPS = frozenset(card(code) for code in ("3-swords", "3-clubs", "9-swords", "9-clubs"))
SAMPLE = 400  # scenarios per bias measurement
PLAY_SAMPLE = 40
BIAS_SEED = 2024


def share(flags: Sequence[bool]) -> float:
    return sum(flags) / len(flags)


def score_of(result: object) -> DealScore:
    assert isinstance(result, PlayedDeal | DealScore)
    return result.score if isinstance(result, PlayedDeal) else result


def tie_size(score: DealScore) -> int:
    if score.point_winner is None:
        return 0
    most = max(score.tricks_won.values())
    return sum(1 for n in score.tricks_won.values() if n == most)


@pytest.fixture(scope="module")
def samples() -> dict[str, list[tuple[Scenario, object]]]:
    """SAMPLE scenarios of each kind from one fixed seed, with the engine's result for each; PLAY_SAMPLE of
    "play", whose puzzles are each found by search (400 were 70 s of the suite): only the variety of its
    questions reads them here, and tests/content/test_generate_play.py measures the rest."""
    return {
        kind: [(s, solve(s)) for s in generate_scenarios(kind, PLAY_SAMPLE if kind == "play" else SAMPLE, BIAS_SEED)]
        for kind in KINDS
    }


# --- valid, as check sees it ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_every_generated_scenario_loads_solves_and_checks(kind: str) -> None:
    # three seeds of "play" (each puzzle is found by search: ten were 41 s); test_generate_play.py checks more
    for seed in range(3 if kind == "play" else 10):
        scenarios = generate_scenarios(kind, 30, seed)
        assert [s.id for s in scenarios] == [f"gen-{kind}-{seed}-{n}" for n in range(1, 31)]
        for s in scenarios:
            assert compare(s, solve(s)) == [], s.id
            assert s.kind == kind and SLUG.match(s.id)
            assert s.expect == {}, "a generated scenario has no author to expect anything: the engine answers"
            assert s.topic in TOPICS
            assert s.difficulty in (1, 2, 3)
            assert s.ask and s.title
            assert s.file == f"<generated {s.id}>"


def test_written_files_load_as_a_course_with_verify(tmp_path: Path) -> None:
    for kind in KINDS:
        written = write_scenarios(kind, 40, 77, tmp_path / "gen")
        assert [p.name for p in written] == [f"gen-{kind}-77-{n}.yaml" for n in range(1, 41)]
    course = load_course([str(tmp_path / "gen")], verify=True)
    assert course.problems == ()
    assert len(course.scenarios) == 40 * len(KINDS)


def test_generate_command_then_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deep" / "practice"  # created, parents included
    for kind in KINDS:
        assert main(["generate", kind, "--count", "12", "--seed", "5", "--out", str(out)]) == 0
    assert "wrote 12 scenarios" in capsys.readouterr().err
    assert len(list(out.glob("*.yaml"))) == 12 * len(KINDS)
    checked = subprocess.run(
        [sys.executable, "-m", "tutor.cli", "check", str(out)], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "no problems" in checked.stderr


# --- reproducible --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_scenarios_other_seed_other_scenarios(kind: str) -> None:
    first = generate(kind, 25, 3)
    assert generate(kind, 25, 3) == first
    assert [scenario_yaml(d) for d in generate(kind, 25, 3)] == [scenario_yaml(d) for d in first]
    other = generate(kind, 25, 4)
    assert [d["setup"] for d in other] != [d["setup"] for d in first]
    # A longer run starts with the shorter one, so "the next scenario" of endless practice is well defined.
    assert generate(kind, 40, 3)[:25] == first


def test_same_seed_writes_identical_files(tmp_path: Path) -> None:
    a = write_scenarios("deal", 30, 11, tmp_path / "a")
    b = write_scenarios("deal", 30, 11, tmp_path / "b")
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]


def test_in_memory_scenarios_equal_the_files(tmp_path: Path) -> None:
    in_memory = generate_scenarios("chant", 20, 8)
    write_scenarios("chant", 20, 8, tmp_path)
    from_files = load_course([str(tmp_path)], verify=True).scenarios
    assert [from_files[s.id] for s in in_memory] == in_memory


# --- readable YAML -------------------------------------------------------------------------------


def test_yaml_text_round_trips_and_reads_like_a_hand_written_file() -> None:
    data = next(d for d in generate("deal", 200, 1) if "hands" in d["setup"])  # type: ignore[operator]
    text = scenario_yaml(data)
    assert yaml.safe_load(text) == data
    lines = text.splitlines()
    assert lines[0] == f"id: {data['id']}"
    assert "setup:" in lines and "  hands:" in lines  # block style for the structure
    assert any(line.startswith("    N: [") for line in lines)  # flow style for card lists
    assert any(line.startswith("  - [") for line in lines)  # one trick per line
    trick = scenario_yaml(generate("trick", 1, 0)[0])
    assert "  plays: [" in trick and "ask: [" in trick
    assert "expect" not in text and "expect" not in trick


def test_seat_keys_and_spoiled_results_stay_plain_text() -> None:
    """Seats, teams, 'spoiled' and null must read back as what they mean, not as YAML booleans or numbers."""
    for kind in ("deal", "game", "chant"):
        for data in generate(kind, 60, 2):
            assert yaml.safe_load(scenario_yaml(data)) == data


# --- biased towards what is worth teaching -------------------------------------------------------


def test_tricks_lean_towards_ties_and_traps(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    tricks = [r for _, r in samples["trick"]]
    assert all(isinstance(t, Trick) for t in tricks)
    spoiled = [t for t in tricks if isinstance(t, Trick) and t.spoiled]
    whole = [t for t in tricks if isinstance(t, Trick) and not t.spoiled]
    # About a quarter spoiled: four times random play's 6.9%, yet not so many that spoiling looks usual.
    assert 0.15 <= len(spoiled) / len(tricks) <= 0.35
    # The last player spoils: the tactic of rules.md section 7.
    assert share([t.plays[3][1] in t.best for t in spoiled]) >= 0.3
    # Equal cards that are not the best, so do not spoil.
    tiers = [[TIERS[c] for _, c in t.plays] for t in whole]
    assert share([any(ts.count(x) > 1 for x in ts) for ts in tiers]) >= 0.15
    # Named cards and the plain threes and nines turn up often in the tricks that have a winner.
    assert share([any(TIERS[c] <= 8 or c in TRAPS for _, c in t.plays) for t in whole]) >= 0.6
    assert share([any(c in TRAPS for _, c in t.plays) for t in tricks]) >= 0.25
    leaders = Counter(t.leader for t in tricks if isinstance(t, Trick))
    assert len(leaders) == 4 and min(leaders.values()) >= 0.15 * len(tricks)


def test_deals_lean_towards_close_finishes_and_mordiennes(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    deals = [(s, score_of(r)) for s, r in samples["deal"]]
    rule_on = [score for s, score in deals if s.mordienne]
    # A mordienne in about a quarter of the deals, against 0.7% in random play.
    assert share([score.mordienne for _, score in deals]) >= 0.15
    assert share([score.mordienne for score in rule_on]) >= 0.15
    assert share([score.mordienne_run for _, score in deals]) >= 0.2
    # Ties for the most tricks settled by who reached it first, against 27% in random play; three-way ones too.
    assert share([tie_size(score) >= 2 for _, score in deals]) >= 0.35
    assert share([tie_size(score) >= 3 for _, score in deals]) >= 0.05
    # Spoiled tricks along the way, more than random play's 6.9%.
    assert share([w is None for _, score in deals for w in score.trick_winners]) >= 0.1
    # Near misses: the point winner's run broken by a spoiled trick or someone else's trick, with the rule on.
    near = [
        score
        for s, score in deals
        if s.mordienne and score.point_winner and not is_mordienne_run(score.trick_winners, score.point_winner)
    ]
    assert len(near) >= 0.05 * len(deals)
    # Mostly nine trick results; about one deal in five played card by card.
    played = [s for s, _ in deals if isinstance(s.setup, DealScoringSetup) and s.setup.hands is not None]
    assert 0.1 <= len(played) / len(deals) <= 0.3
    assert {s.topic for s, _ in deals} == {"scoring", "mordienne"}


def test_played_deals_are_random_hands_played_legally(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    played = [(s, r) for s, r in samples["deal"] if isinstance(r, PlayedDeal)]
    assert played
    hands_seen = set()
    for s, result in played:
        assert isinstance(s.setup, DealScoringSetup) and s.setup.hands is not None and s.setup.dealer is not None
        assert result.leaders[0] is s.setup.dealer.next  # the eldest leads first
        hands_seen.add(frozenset(s.setup.hands[s.setup.dealer.next]))
    assert len(hands_seen) == len(played)  # a fresh shuffle each time
    assert share([tie_size(r.score) >= 2 or r.score.mordienne_run for _, r in played]) >= 0.4


def test_draws_vary_names_and_length(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    draws = [(s.setup, r) for s, r in samples["draw"]]
    assert all(isinstance(setup, DrawSetup) and isinstance(r, Draw) for setup, r in draws)
    lengths = [len(setup.cards) for setup, _ in draws if isinstance(setup, DrawSetup)]
    assert share([n <= 12 for n in lengths]) >= 0.2  # short draws
    assert share([n > 24 for n in lengths]) >= 0.2  # and whole-pack shuffles
    names = {name for setup, _ in draws if isinstance(setup, DrawSetup) for name in setup.players}
    assert len(names) >= 30
    assert share([isinstance(r, Draw) and r.skips for _, r in draws]) >= 0.5


def test_rankings_hold_ties_named_cards_and_traps(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    rankings = [r for _, r in samples["rank"]]
    assert all(isinstance(r, Ranking) for r in rankings)
    assert {len(r.cards) for r in rankings if isinstance(r, Ranking)} == set(range(2, 8))
    assert share([isinstance(r, Ranking) and r.tie for r in rankings]) >= 0.2
    assert share([isinstance(r, Ranking) and any(len(g) > 1 for g in r.order) for r in rankings]) >= 0.4
    assert share([isinstance(r, Ranking) and bool(TRAPS & set(r.cards)) for r in rankings]) >= 0.3
    assert share([isinstance(r, Ranking) and any(c in NAMED for c in r.cards) for r in rankings]) >= 0.4


def test_signal_hands_cover_useless_aces_and_named(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    items = samples["signal"]
    lookups = [s for s, _ in items if isinstance(s.setup, SignalSetup) and s.setup.signal]
    hands = [(s, r) for s, r in items if isinstance(r, HandSignals)]
    assert share([True] * len(lookups) + [False] * len(hands)) >= 0.1
    assert all(isinstance(s.setup, SignalSetup) and len(s.setup.hand or ()) == 9 for s, _ in hands)
    ids = [[x.id for x in r.signals] for _, r in hands]
    assert share([i == ["useless-hand"] for i in ids]) >= 0.1
    assert share([i == ["aces"] for i in ids]) >= 0.1
    assert share([sum(x not in ("aces", "useless-hand") for x in i) >= 2 for i in ids]) >= 0.2


def test_chants_refuse_sometimes_and_split_tiers(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    chants = [(s.setup, r) for s, r in samples["chant"]]
    assert all(isinstance(setup, ChantSetup) and isinstance(r, Chant) for setup, r in chants)
    happened = [(setup, r) for setup, r in chants if isinstance(r, Chant) and r.happens]
    assert 0.1 <= 1 - len(happened) / len(chants) <= 0.35  # refusals
    assert share([isinstance(setup, ChantSetup) and bool(setup.hands) for setup, _ in happened]) >= 0.6
    keeps = [r for _, r in happened if isinstance(r, Chant) and r.keeps]
    assert share([any(k.straddle_tier is not None for k in r.keeps.values()) for r in keeps]) >= 0.2
    assert len({setup.dealer for setup, _ in chants if isinstance(setup, ChantSetup)}) == 4
    # Where equal cards straddle the line any of them will do, so only the tiers kept are asked.
    for s, r in samples["chant"]:
        if isinstance(r, Chant) and any(k.straddle_tier is not None for k in r.keeps.values()):
            assert "keep" not in s.ask


def test_games_mix_entries_and_are_sometimes_drawn(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    games = samples["game"]
    setups = [s.setup for s, _ in games]
    assert all(isinstance(setup, GameSetup) for setup in setups)
    assert share([getattr(r, "winner", "?") is None for _, r in games]) >= 0.1
    mixed = [
        isinstance(setup, GameSetup) and len({isinstance(d, DealPoint) for d in setup.deals}) == 2 for setup in setups
    ]
    assert share(mixed) >= 0.4


def test_deals_nobody_wins_stay_rare(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    """Real play almost never spoils all nine tricks: at most 2% of the deals shown have no winner.

    Every deal counts: a deal scenario, and each of a game's five deals, whether given trick by trick or by
    its points (a null team). The bound is statistical; the sample holds 400 deals and 2,000 game deals.
    """
    nobody: list[bool] = [score_of(r).point_winner is None for _, r in samples["deal"]]
    for s, _ in samples["game"]:
        assert isinstance(s.setup, GameSetup)
        for entry in s.setup.deals:
            if isinstance(entry, DealPoint):
                nobody.append(entry.team is None)
            else:
                nobody.append(all(result is None for result in entry))
    assert len(nobody) == SAMPLE * 6
    assert share(nobody) <= 0.02
    # The corner case still turns up now and then, as a reminder of the rule.
    assert sum(nobody) > 0


def test_dealings_usually_cut(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    setups = [s.setup for s, _ in samples["dealing"]]
    assert share([getattr(setup, "cut", None) is not None for setup in setups]) >= 0.6
    assert len({getattr(setup, "dealer", None) for setup in setups}) == 4


@pytest.mark.parametrize("kind", KINDS)
def test_questions_and_difficulties_vary(kind: str, samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    scenarios = [s for s, _ in samples[kind]]
    assert len({s.ask for s in scenarios}) >= 3
    assert len({s.title for s in scenarios}) >= 3
    assert len({s.difficulty for s in scenarios}) >= 2
    for s in scenarios:
        if isinstance(s.setup, RankSetup):
            assert s.topic == "ranking"


def test_difficulty_follows_the_situation(samples: dict[str, list[tuple[Scenario, object]]]) -> None:
    """A tie or a trap makes a trick harder than a plain one."""
    plain = [
        s.difficulty
        for s, t in samples["trick"]
        if isinstance(t, Trick) and not t.spoiled and not TRAPS & {c for _, c in t.plays}
    ]
    tricky = [s.difficulty for s, t in samples["trick"] if isinstance(t, Trick) and t.spoiled]
    assert sum(tricky) / len(tricky) > sum(plain) / len(plain)
    assert all(d >= 2 for d in tricky)


# --- bad arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "count", "seed", "words"),
    [
        ("tricks", 5, 0, "not a kind"),
        ("trick", 0, 0, "count"),
        ("trick", MAX_COUNT + 1, 0, "count"),
        ("trick", 5, -1, "seed"),
    ],
)
def test_bad_arguments_raise_rule_violation(kind: str, count: int, seed: int, words: str) -> None:
    with pytest.raises(RuleViolation, match=words):
        generate(kind, count, seed)


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "bogus", "--count", "3"],
        ["generate", "trick", "--count", "0"],
        ["generate", "trick", "--count", "10001"],
        ["generate", "trick", "--count", "many"],
        ["generate", "trick", "--seed", "-4"],
        ["generate", "trick", "--seed", "x"],
        ["generate", "trick"],  # no --out
    ],
)
def test_bad_command_arguments_give_one_line(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if args[-1] != "trick":
        args = [*args, "--out", str(tmp_path / "out")]
    assert main(args) != 0
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("aluette-tutor: ")
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_unwritable_folder_gives_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert main(["generate", "rank", "--out", str(blocker / "sub")]) != 0
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "cannot write" in err


# --- writing safely: never through a link, never over a file unless --force ------------------------------


def generate_into(out: Path, *more: str) -> int:
    return main(["generate", "trick", "--count", "3", "--seed", "5", "--out", str(out), *more])


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    (line,) = err.strip().splitlines()
    assert line.startswith("aluette-tutor: ") and "Traceback" not in err
    return line


@pytest.mark.parametrize("force", [False, True], ids=["plain", "force"])
def test_a_link_at_a_file_name_is_never_written_through(
    force: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    link = out / "gen-trick-5-2.yaml"  # the second of the three files
    link.symlink_to(target)
    assert generate_into(out, *(["--force"] if force else [])) != 0
    line = one_line_error(capsys)
    assert str(link) in line and "symbolic link" in line
    assert target.read_text(encoding="utf-8") == "keep me\n"
    assert sorted(p.name for p in out.iterdir()) == ["gen-trick-5-2.yaml"]  # nothing written, the link kept
    assert link.is_symlink()


def test_a_dangling_link_is_not_followed_to_create_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    nowhere = tmp_path / "elsewhere" / "planted.yaml"
    nowhere.parent.mkdir()
    (out / "gen-trick-5-1.yaml").symlink_to(nowhere)
    for more in ([], ["--force"]):
        assert generate_into(out, *more) != 0
        assert "symbolic link" in one_line_error(capsys)
    assert not nowhere.exists()
    assert [p.name for p in out.iterdir()] == ["gen-trick-5-1.yaml"]


def test_an_existing_file_is_kept_unless_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fresh = tmp_path / "fresh"
    assert generate_into(fresh) == 0
    capsys.readouterr()
    out = tmp_path / "out"
    out.mkdir()
    mine = out / "gen-trick-5-3.yaml"
    mine.write_text("my own notes\n", encoding="utf-8")
    assert generate_into(out) != 0
    line = one_line_error(capsys)
    assert str(mine) in line and "already exists" in line and "--force" in line
    assert mine.read_text(encoding="utf-8") == "my own notes\n"
    assert [p.name for p in out.iterdir()] == ["gen-trick-5-3.yaml"]  # nothing written
    assert generate_into(out, "--force") == 0
    capsys.readouterr()
    assert {p.name: p.read_bytes() for p in out.iterdir()} == {p.name: p.read_bytes() for p in fresh.iterdir()}


def test_running_the_same_command_twice_refuses_the_second_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert generate_into(out) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    capsys.readouterr()
    assert generate_into(out) != 0
    assert "gen-trick-5-1.yaml' already exists" in one_line_error(capsys)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_a_folder_at_a_file_name_is_refused_even_with_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    (out / "gen-trick-5-1.yaml").mkdir(parents=True)
    assert generate_into(out, "--force") != 0
    assert "is not a regular file" in one_line_error(capsys)
    assert [p.name for p in out.iterdir()] == ["gen-trick-5-1.yaml"]
