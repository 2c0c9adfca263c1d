"""The rules of Aluette as pure functions of plain values.

Each computation returns a result with typed fields, ``outcome()`` (the JSON-ready mapping of the
scenario contract) and ``explanation``: the steps that derive it, as data (:class:`Step`: a message of
:mod:`tutor.engine.messages` and its parameters), which :mod:`tutor.i18n.sentences` words in a language.
Nothing here knows YAML, Streamlit or storage.
"""

from tutor.engine.cards import NAMED_CARDS, PACK, RANKS, Card, Suit, card, cards, parse_card
from tutor.engine.chant import Chant, Keep, chant, keep_best
from tutor.engine.cut_and_deal import Dealt, cut, deal, shuffle_and_deal
from tutor.engine.deal_state import DealState, PlayedDeal, play_deal, trick_summary
from tutor.engine.draw import TOP_KEYS, Draw, partnership_draw, top_of
from tutor.engine.errors import NotationError, RuleViolation, format_path
from tutor.engine.explained import Explained
from tutor.engine.game import DealPoint, Game, dealers, play_game
from tutor.engine.ranking import (
    NAMED,
    TIERS,
    TOP_CARDS,
    Ranking,
    cards_of_tier,
    describe,
    ordered,
    rank_cards,
    tier,
)
from tutor.engine.scoring import DealScore, is_mordienne_run, reached_at, score_deal
from tutor.engine.seats import SEATS, Seat, Team, eldest_of
from tutor.engine.signalling import HandSignals, SignalLookup, hand_signals, look_up
from tutor.engine.signals import SIGNAL_IDS, SIGNALS, Signal, find_by_gesture, signal, signal_for_card
from tutor.engine.steps import Step, Tier
from tutor.engine.tier_names import TIER_NAMES
from tutor.engine.trick import Trick, resolve_trick

__all__ = [
    "NAMED",
    "NAMED_CARDS",
    "PACK",
    "RANKS",
    "SEATS",
    "SIGNALS",
    "SIGNAL_IDS",
    "TIERS",
    "TIER_NAMES",
    "TOP_CARDS",
    "TOP_KEYS",
    "Card",
    "Chant",
    "DealPoint",
    "DealScore",
    "DealState",
    "Dealt",
    "Draw",
    "Explained",
    "Game",
    "HandSignals",
    "Keep",
    "NotationError",
    "PlayedDeal",
    "Ranking",
    "RuleViolation",
    "Seat",
    "Signal",
    "SignalLookup",
    "Step",
    "Suit",
    "Team",
    "Tier",
    "Trick",
    "card",
    "cards",
    "cards_of_tier",
    "chant",
    "cut",
    "deal",
    "dealers",
    "describe",
    "eldest_of",
    "find_by_gesture",
    "format_path",
    "hand_signals",
    "is_mordienne_run",
    "keep_best",
    "look_up",
    "ordered",
    "parse_card",
    "partnership_draw",
    "play_deal",
    "play_game",
    "rank_cards",
    "reached_at",
    "resolve_trick",
    "score_deal",
    "shuffle_and_deal",
    "signal",
    "signal_for_card",
    "tier",
    "top_of",
    "trick_summary",
]
