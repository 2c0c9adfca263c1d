"""What the game calls each of the 19 tiers (rules.md section 3), as the English of the explanations.

A tier of one named card is called by that card's name; a tier of several cards by the group (``the aces``),
and one card of it by ``an ace``. These are words, not rules: the ranking (:mod:`tutor.engine.ranking`)
uses them to describe a card, and the messages (:mod:`tutor.engine.messages`) make each a word to translate.

>>> TIER_NAMES[1], TIER_NAMES[9], ONE_OF_TIER[9]
('Monsieur', 'the aces', 'an ace')
"""

from __future__ import annotations

# The name alone for a one-card tier, a group otherwise.
TIER_NAMES: dict[int, str] = {
    1: "Monsieur",
    2: "Madame",
    3: "Le Borgne",
    4: "La Vache",
    5: "Grand-neuf",
    6: "Petit-neuf",
    7: "Deux de chêne",
    8: "Deux d'écrit",
    9: "the aces",
    10: "the kings",
    11: "the cavaliers",
    12: "the jacks",
    13: "the plain nines of swords and clubs",
    14: "the eights",
    15: "the sevens",
    16: "the sixes",
    17: "the fives",
    18: "the fours",
    19: "the plain threes of swords and clubs",
}
ONE_OF_TIER: dict[int, str] = {
    9: "an ace",
    10: "a king",
    11: "a cavalier",
    12: "a jack",
    13: "a plain nine",
    14: "an eight",
    15: "a seven",
    16: "a six",
    17: "a five",
    18: "a four",
    19: "a plain three",
}
