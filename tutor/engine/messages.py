"""Every message the engine's explanations use, with its English template: the translators' source.

A message's id is its gettext context (``msgctxt``) and its English template the ``msgid`` (``other`` the
``msgid_plural``, chosen by the parameter named ``count``). Templates name their parameters, with a
format spec where a value can be shown in more than one way (:mod:`tutor.i18n.sentences` documents them):

* a seat is its title (``North``); a team its code (``NS``);
* a card is its code in English and its name in words in every other language (``l'as d'épées``: the
  ``fmt.card.RANK`` pattern with the ``fmt.suit.SUIT`` word); ``:code`` is always the code; ``:label`` adds a
  named card's name (``3-coins (Monsieur)``), ``:described`` what makes it rank (``A-swords (an ace, tier 9)``);
* a seat or a card may also take one of the grammatical :data:`FORMS` a language needs, as the spec or after
  the spec and a dot: ``{partner:gen}``, ``{card:described.acc}``, ``{cards:or|label.of}``. Each seat's and
  each card's forms are words of the language's catalog (``fmt.seat.N.gen``, ``fmt.card.A.acc``); a player's
  name, which no catalog can decline, takes its language's pattern (``fmt.name.of``: French ``de {name}``,
  elided before a vowel);
* a tier is its number; ``:name`` names it (``the aces``), ``:one`` names one card of it (``an ace``);
* a signal is its name (``Le Borgne``, ``useless hand``: ``fmt.signal.name.ID``), never its id, which stays in
  outcomes and files; ``:meaning`` and ``:gesture`` say what it says and how it is given;
* a number is written as is; ``:times`` (``once``, ``twice``, ``3 times``), ``:Word`` (``Two``),
  ``:pct`` (a share as a percentage), ``:pp`` (a share as percentage points), or a Python format spec;
* a list is joined with ``and`` (``North, East and West``), or ``:comma``, ``:semicolon``, ``:slash``,
  optionally followed by ``|`` and the spec of its items (``{cards:comma|label}``);
* a nested step is rendered in place.

The ``fmt.*`` messages are the words that formatting itself uses (seat titles, tier names, list joiners),
so they translate too. Named cards keep their French names in every language (design.md).
"""

from __future__ import annotations

from tutor.engine.seats import SEATS
from tutor.engine.signals import SIGNALS
from tutor.engine.steps import Message, Param, Step, catalog
from tutor.engine.tier_names import ONE_OF_TIER, TIER_NAMES

# The grammatical forms a template may ask of a seat, a card or a name; what each means in each language is
# docs/translating.md's ("Forms"). English needs none: its forms are the plain words.
FORMS: tuple[str, ...] = ("gen", "acc", "dat", "ins", "erg", "of", "to", "that")
RANK_WORDS: dict[str, str] = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "J": "jack",
    "C": "cavalier",
    "K": "king",
}
# What an explanation calls each signal: a named card's signal is the card's name (kept French, design.md).
SIGNAL_NAMES: dict[str, str] = {
    "monsieur": "Monsieur",
    "madame": "Madame",
    "borgne": "Le Borgne",
    "vache": "La Vache",
    "grand-neuf": "Grand-neuf",
    "petit-neuf": "Petit-neuf",
    "deux-de-chene": "Deux de chêne",
    "deux-d-ecrit": "Deux d'écrit",
    "aces": "aces",
    "useless-hand": "useless hand",
    "mordienne": "mordienne",
}
SUIT_WORDS: dict[str, str] = {"coins": "coins", "cups": "cups", "swords": "swords", "clubs": "clubs"}

# --- the words formatting uses ------------------------------------------------------------------------------

_FORMAT = (
    *(Message(f"fmt.seat.{seat.value}", seat.title) for seat in SEATS),
    *(Message(f"fmt.seat.{seat.value}.{form}", seat.title) for seat in SEATS for form in FORMS),
    *(Message(f"fmt.card.{rank}", f"{word} of {{suit}}") for rank, word in RANK_WORDS.items()),
    *(Message(f"fmt.card.{rank}.{form}", f"{word} of {{suit}}") for rank, word in RANK_WORDS.items() for form in FORMS),
    *(Message(f"fmt.suit.{suit}", word) for suit, word in SUIT_WORDS.items()),
    *(Message(f"fmt.name.{form}", "{name}") for form in FORMS),
    *(Message(f"fmt.tier.name.{number}", name) for number, name in TIER_NAMES.items()),
    *(Message(f"fmt.tier.one.{number}", name) for number, name in ONE_OF_TIER.items()),
    *(Message(f"fmt.signal.name.{s.id}", SIGNAL_NAMES[s.id]) for s in SIGNALS),
    *(Message(f"fmt.signal.meaning.{s.id}", s.meaning) for s in SIGNALS),
    *(Message(f"fmt.signal.gesture.{s.id}", s.gesture) for s in SIGNALS),
    Message("fmt.card.label", "{card} ({name})"),
    Message("fmt.card.described", "{card} ({what}, tier {tier})"),
    Message("fmt.list.and", "{head} and {last}"),
    Message("fmt.list.or", "{head} or {last}"),
    Message("fmt.list.comma", ", "),
    Message("fmt.list.semicolon", "; "),
    Message("fmt.list.slash", "/"),
    Message("fmt.times.once", "once"),
    Message("fmt.times.twice", "twice"),
    Message("fmt.times.many", "{n} time", "{n} times", "n"),
    Message("fmt.number.2", "Two"),
    Message("fmt.number.3", "Three"),
    Message("fmt.number.4", "Four"),
    Message("fmt.percent", "{value}%"),
)

# --- the ranking (rules.md section 3) ---------------------------------------------------------------------

_RANKING = (
    Message("rank.card", "{card:described}."),
    Message("rank.best.alone", "The best tier present is {tier}: {card:label} alone is the highest card."),
    Message(
        "rank.best.shared",
        "The best tier present is {tier} ({tier:name}), shared by {cards}: they are exactly equal, because suits "
        "decide nothing outside the named cards.",
    ),
    Message(
        "rank.trap.threes",
        "{cards} is a plain three (tier {tier}): only the threes of coins and cups are named, and the two plain "
        "threes are the lowest cards in the pack.",
        "{cards} are plain threes (tier {tier}): only the threes of coins and cups are named, and the two plain "
        "threes are the lowest cards in the pack.",
        "count",
    ),
    Message(
        "rank.trap.nines",
        "{cards} is a plain nine: tier {tier}, just below the jacks (tier {jacks}), far from the named nines of "
        "cups and coins (tiers {named}).",
        "{cards} are plain nines: tier {tier}, just below the jacks (tier {jacks}), far from the named nines of "
        "cups and coins (tiers {named}).",
        "count",
    ),
    Message(
        "rank.number.J",
        "{cards} is a jack: the jack carries the number {number}.",
        "{cards} are jacks: the jack carries the number {number}.",
        "count",
    ),
    Message(
        "rank.number.C",
        "{cards} is a cavalier: the cavalier carries the number {number}.",
        "{cards} are cavaliers: the cavalier carries the number {number}.",
        "count",
    ),
    Message(
        "rank.number.K",
        "{cards} is a king: the king carries the number {number}.",
        "{cards} are kings: the king carries the number {number}.",
        "count",
    ),
    Message("rank.order", "From best to worst: {groups:semicolon}."),
    Message("rank.group", "tier {tier}: {cards:comma}"),
    Message("rank.tier", "Tier {tier} ({tier:name}): {cards:comma}."),
)

# --- a trick (rules.md section 7) ---------------------------------------------------------------------------

_TRICK = (
    Message("trick.led", "{leader} led {card:described}."),
    Message("trick.played", "{seat} played {card:described}."),
    Message(
        "trick.won",
        "The best card played is {card:described}, the only card of its tier in this trick: {winner} wins the "
        "trick and leads the next one.",
    ),
    Message(
        "trick.spoiled",
        "{count:Word} card shares the best tier played, {tier:name} (tier {tier}): {sharers}. The trick is "
        "spoiled. Nobody wins it, and {leader}, who led it, leads again.",
        "{count:Word} cards share the best tier played, {tier:name} (tier {tier}): {sharers}. The trick is "
        "spoiled. Nobody wins it, and {leader}, who led it, leads again.",
        "count",
    ),
    Message("trick.sharer", "{seat}'s {card}"),
    Message(
        "trick.partners_spoiled",
        "{first} and {second} are partners: {second}'s equal card stopped {first} from winning it.",
    ),
    Message(
        "trick.partners_among_tied",
        "{first} and {second} are partners: even without {others}, {second}'s equal card would have stopped "
        "{first} from winning it.",
    ),
    Message(
        "trick.tie_below",
        "{cards} are equal (tier {tier}), but a better card was played, so their tie spoils nothing: only a tie "
        "for the best card spoils a trick.",
    ),
    Message("trick.play", "{seat} {card}"),
    Message("trick.summary.won", "{plays:comma}. {card:described} is best: {winner} wins and leads next."),
    Message("trick.summary.won_last", "{plays:comma}. {card:described} is best: {winner} wins."),
    Message(
        "trick.summary.spoiled",
        "{plays:comma}. {best} tie for the best tier ({tier}): spoiled; {leader} leads again.",
    ),
    Message("trick.summary.spoiled_last", "{plays:comma}. {best} tie for the best tier ({tier}): spoiled."),
)

# --- a deal played out, and its score (rules.md sections 7, 8) ------------------------------------------------

_DEAL = (
    Message("deal.start", "{dealer} deals, so {eldest}, the eldest, leads the first trick."),
    Message("deal.trick", "Trick {number}: {summary}"),
    Message("seat.count", "{seat} {count}"),
    Message("score.tally", "Each player counts only the tricks they won themselves: {counts:comma}; {spoiled}."),
    Message("score.tally.none_spoiled", "no trick was spoiled"),
    Message(
        "score.tally.spoiled",
        "the {count} spoiled trick counts for nobody",
        "the {count} spoiled tricks count for nobody",
        "count",
    ),
    Message(
        "score.all_spoiled",
        "Every trick was spoiled, so nobody won a trick and nobody scores this deal (the sources are silent on "
        "this case; nobody scoring is this tutor's decision).",
    ),
    Message("score.most", "{winner} won the most tricks ({most}) and wins the point for {team}."),
    Message(
        "score.tie",
        "{tied} tie with {most} trick each. The point goes to whoever reached {most} first: {reached:comma}. "
        "{winner} was first and wins the point for {team}.",
        "{tied} tie with {most} tricks each. The point goes to whoever reached {most} first: {reached:comma}. "
        "{winner} was first and wins the point for {team}.",
        "most",
    ),
    Message("score.reached", "{seat} at trick {number}"),
    Message("score.run.last", "{winner} won nothing before trick {first}, then the ninth and last trick"),
    Message("score.run.from", "{winner} won nothing before trick {first}, then every trick from {first} to {last}"),
    Message("score.mordienne", "{run}: a mordienne, so the point is worth 2."),
    Message(
        "score.mordienne_rule_off",
        "{run}: the shape of a mordienne, but the optional mordienne rule is off, so this is no mordienne and the "
        "point stays at 1.",
    ),
    Message("score.no_mordienne", "No mordienne: {reason}."),
    Message("mordienne.first_trick", "{winner} won the first trick"),
    Message(
        "mordienne.broken.spoiled",
        "after {winner}'s first win (trick {first}), trick {breaker} was spoiled, which breaks the run",
    ),
    Message(
        "mordienne.broken.other",
        "after {winner}'s first win (trick {first}), trick {breaker} went to {other}, which breaks the run",
    ),
    Message("score.points", "{team} scores {points} point.", "{team} scores {points} points.", "points"),
    # One clause each, for a game's explanation of how every deal scored.
    Message("score.summary.all_spoiled", "every trick was spoiled"),
    Message("score.summary.most", "{winner} won the most tricks ({most})"),
    Message("score.summary.tie", "{tied} tied on {most}; {winner} reached {most} first"),
    Message("score.summary.mordienne", "{base}, with a mordienne worth 2"),
    Message("score.summary.run_rule_off", "{base} (a mordienne run, but the rule is off)"),
    Message("score.summary.no_mordienne", "{base}, but no mordienne: {reason}"),
)

# --- a game (rules.md section 9) ------------------------------------------------------------------------------

_GAME = (
    Message(
        "game.dealers",
        "{first} holds Madame from the draw and deals first; the deal passes left, so the dealers are "
        "{dealers:comma}: the first dealer deals again in the fifth deal.",
    ),
    Message("game.deal", "Deal {number} ({dealer} deals): {why}, so {what}. NS {ns}, EW {ew}."),
    Message("game.deal.given", "Deal {number} ({dealer} deals): {what}. NS {ns}, EW {ew}."),
    Message("game.nobody_scores", "nobody scores"),
    Message("game.team_scores", "{team} scores {points}"),
    Message(
        "game.drawn",
        "After five deals the score is level at {points} each: the game is drawn (the sources don't say what "
        "equal points mean; a draw is this tutor's decision).",
    ),
    Message("game.won", "After five deals {team} has more points ({points} to {other_points}) and wins the game."),
)

# --- the partnership draw (rules.md section 4) --------------------------------------------------------------

_DRAW = (
    Message("draw.card", "Card {number}, {card}, goes to {name}."),
    Message("draw.card.skip", "Card {number}, {card}, goes to {name} ({skipped})."),
    Message("draw.top", "Card {number}, {card:label}, goes to {name}: a top card, so {name} is dealt no more cards."),
    Message(
        "draw.top.skip",
        "Card {number}, {card:label}, goes to {name} ({skipped}): a top card, so {name} is dealt no more cards.",
    ),
    Message(
        "draw.skipped",
        "{names} already holds a top card and is skipped",
        "{names} already hold a top card and are skipped",
        "count",
    ),
    Message("draw.end", "All four top cards are out, so the draw ends."),
    Message(
        "draw.partners",
        "{monsieur} (Monsieur) and {madame} (Madame) are partners; {borgne} (Le Borgne) and {vache} (La Vache) "
        "are partners. Partners sit opposite.",
    ),
    Message("draw.first_dealer", "{name} holds Madame and deals the first deal."),
)

# --- dealing (rules.md section 5) ---------------------------------------------------------------------------

_DEALING = (
    Message("dealing.dealer", "{dealer} deals; {eldest}, to the dealer's left, is the eldest."),
    Message(
        "dealing.cut",
        "{cutter}, to the dealer's right, cuts: the top {count} cards go to the bottom, so the deal starts with "
        "{card}.",
    ),
    Message("dealing.cut_given", "{cutter}, to the dealer's right, cuts; the pack here is as it lies after the cut."),
    Message(
        "dealing.rounds",
        "Counting from the top: three rounds of three cards, each round starting with {eldest} and going "
        "clockwise ({order:comma}).",
    ),
    Message(
        "dealing.rounds_after_cut",
        "Counting from the top after the cut: three rounds of three cards, each round starting with {eldest} and "
        "going clockwise ({order:comma}).",
    ),
    Message("dealing.hand", "{seat} receives cards {positions:comma}: {cards:comma}."),
    Message("dealing.range", "{first}-{last}"),
    Message(
        "dealing.talon",
        "Cards {first}-{last}, the {count} left over, form the talon; they are used only if everyone agrees to "
        "the chant.",
    ),
)

# --- the chant (rules.md section 6) -------------------------------------------------------------------------

_CHANT = (
    Message("chant.eldest", "{dealer} deals, so {eldest}, to the dealer's left, is the eldest."),
    Message(
        "chant.refused",
        "{refusers} refuses the chant. It happens only if all four agree, so there is no chant this deal: the "
        "talon stays undealt and nobody receives any of it.",
        "{refusers} refuse the chant. It happens only if all four agree, so there is no chant this deal: the "
        "talon stays undealt and nobody receives any of it.",
        "count",
    ),
    Message("chant.agreed", "All four players agree, so the chant happens."),
    Message(
        "chant.talon",
        "The talon is given out one card at a time, the eldest ({eldest}) first (the sources don't say who "
        "receives first; the eldest first is this tutor's decision): {eldest} receives talon cards "
        "1, 3, 5, 7, 9, 11 ({eldest_cards:comma}), and the dealer ({dealer}) cards 2, 4, 6, 8, 10, 12 "
        "({dealer_cards:comma}).",
    ),
    Message(
        "chant.discard_advice", "Each then discards six face down, back to nine; the advice is to keep the highest."
    ),
    Message(
        "chant.keep",
        "{seat} keeps the nine best of {total} cards (tiers in brackets): {kept:comma}, and discards six: "
        "{discarded:comma}.",
    ),
    Message("chant.kept_card", "{card} ({tier})"),
    Message(
        "chant.straddle",
        "The line between kept and discarded cards falls inside tier {tier} ({tier:name}): {count} of {total} "
        "equal cards fits. They are exactly equal, so any of them will do; here suit order (coins, cups, swords, "
        "clubs) picks {picked:comma}.",
        "The line between kept and discarded cards falls inside tier {tier} ({tier:name}): {count} of {total} "
        "equal cards fit. They are exactly equal, so any of them will do; here suit order (coins, cups, swords, "
        "clubs) picks {picked:comma}.",
        "count",
    ),
)

# --- signals (rules.md section 10) --------------------------------------------------------------------------

_SIGNALS = (
    Message("signal.says", "The '{signal}' signal says \"{signal:meaning}\": {signal:gesture}."),
    Message("signal.announces", "It announces {card:described}."),
    Message("signal.discreetly", "Give it discreetly, so that the other partnership does not notice."),
    Message("signal.card", "{card:described}: signal '{signal}' ({signal:gesture})."),
    Message(
        "signal.aces",
        "{count} ace: signal '{signal}', opening the mouth {count:times}.",
        "{count} aces: signal '{signal}', opening the mouth {count:times}, once for each ace.",
        "count",
    ),
    Message(
        "signal.useless",
        "No named card and no ace: the hand is useless, so shrug the shoulders ('{signal}') and signal "
        "nothing else. (The sources don't define a useless hand; this is the tutor's reading.)",
    ),
    Message(
        "signal.rest",
        "The other {count} card is not worth a signal: signal nothing unimportant.",
        "The other {count} cards are not worth a signal: signal nothing unimportant.",
        "count",
    ),
    # Why a signal would be false for a hand (a signal says "I hold ...", so it must be true).
    Message("signal.false.card", "the '{signal}' signal says \"{signal:meaning}\", but you don't hold {card:label}"),
    Message("signal.false.aces", "the '{signal}' signal says \"{signal:meaning}\", but you hold no ace"),
    Message(
        "signal.false.useless",
        "your hand is not useless: {cards:label} is worth a signal",
        "your hand is not useless: {cards:label} are worth a signal",
        "count",
    ),
)

# --- a position solved double dummy (the contract's `play` kind) ------------------------------------------------

_SOLVE = (
    Message("solve.result.nobody", "nobody scores"),
    Message("solve.result.team", "{team} scores {points} point", "{team} scores {points} points", "points"),
    Message("solve.standing.first", "Trick 1 is under way: all {left} tricks are still to play."),
    Message("solve.done", "{count} trick", "{count} tricks", "count"),
    Message("solve.left", "{count} trick is still to play", "{count} tricks are still to play", "count"),
    Message("solve.standing", "After {done} ({tally:comma}), {left}."),
    Message("solve.standing.spoiled", "After {done} ({tally:comma}, {spoiled} spoiled), {left}."),
    Message("solve.tally", "{seat} {count}"),
    Message("solve.leads", "{mover} leads to trick {number}."),
    Message("solve.table", "In trick {number}, led by {leader}: {plays:comma}. {mover} is to play."),
    Message(
        "solve.card_result",
        "If {mover} plays {cards:or}: {result}, with best play by all after it.",
    ),
    Message(
        "solve.card_result.best",
        "If {mover} plays {cards:or}: {result}, with best play by all after it. Best.",
    ),
    Message("solve.one_card", "{mover} has one card left; with best play by all, {result}."),
    Message("solve.all_equal", "Whichever card {mover} plays, {result} with best play by all."),
    Message("solve.best", "{mover}'s best: {cards:or}, and then {result}. One line of best play:"),
    Message("solve.line_trick", "Trick {number}: {summary}"),
    Message(
        "solve.line_trick.won",
        "Trick {number}: {summary} {winner} has {count} trick.",
        "Trick {number}: {summary} {winner} has {count} tricks.",
        "count",
    ),
)

MESSAGES = catalog(*_FORMAT, *_RANKING, *_TRICK, *_DEAL, *_GAME, *_DRAW, *_DEALING, *_CHANT, *_SIGNALS, *_SOLVE)
FORMAT_IDS: frozenset[str] = frozenset(m.id for m in _FORMAT)  # used by the renderer, never a step of its own
# The grammatical forms' words: used where a translation's template asks for one ({partner:gen}).
FORM_IDS: frozenset[str] = frozenset(i for i in FORMAT_IDS if i.rpartition(".")[2] in FORMS)


def step(msg: str, /, **params: Param) -> Step:
    """A step of the engine's message ``msg`` (one of :data:`MESSAGES`), checked."""
    try:
        message = MESSAGES[msg]
    except KeyError:
        raise TypeError(f"{msg!r} is not a message of the engine") from None
    return message(**params)
