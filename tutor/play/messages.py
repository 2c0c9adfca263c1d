"""The messages of the game against the computer (:mod:`tutor.play.match`, :mod:`tutor.play.hint`).

The same kind of table as :mod:`tutor.engine.messages`: each id is the translator's context, each
template the English source. The engine's own messages are used where the engine explains.

These are the tutor's words about its own features (the seating, the Hint, the coach, the guided deal),
not rules of the game, so they belong to the play layer rather than the engine. Play sits above i18n, so
this module registers them in the translators' registry (:func:`tutor.i18n.catalog.register`) when it is
imported: every step of these messages is made here, so it can always be rendered.
"""

from __future__ import annotations

from tutor.engine.messages import step as engine_step
from tutor.engine.steps import Message, Param, Step, catalog
from tutor.i18n.catalog import register

# --- a game against the computer (tutor.play.match) ------------------------------------------------------

_MATCH = (
    Message(
        "play.seating",
        "{learner} sits South and {partner}, {learner}'s partner, North, opposite; {east} sits East and {west} West.",
    ),
    Message(
        "play.who_deals",
        "{name} ({seat}) holds Madame and deals the first deal; the deal then passes left: the dealers are "
        "{dealers:comma}.",
    ),
    Message("play.you_receive", "You ({seat}) receive {cards:comma}."),
    Message("play.you_discard", "You discard six cards face down: {cards:comma}."),
    Message("play.kept_highest", "You kept the highest: your nine cards are the nine best of your fifteen."),
    Message("play.advice_was", "The advice was to keep the highest; here is what keeping the highest would have done."),
    Message("play.bot_discards", "{seat} discards six cards face down."),
    Message("play.partner_listens", "{partner} will play with what you told them."),
    Message("play.signal", '{seat}: {signal:gesture} ("{signal:meaning}")'),
    Message("play.signal.aces", '{seat}: opens the mouth {count:times} ("{signal:meaning}")'),
    # The titles of the events the page shows.
    Message("play.title.draw", "The partnership draw"),
    Message("play.title.who_deals", "Who deals"),
    Message("play.title.deal", "Deal {number} of {deals}: {dealer} deals"),
    Message("play.title.chant", "The chant"),
    Message("play.title.your_discards", "Your discards"),
    Message("play.title.bot_discards", "{seat} discards"),
    Message("play.title.your_signals", "Your signals"),
    Message("play.title.partner_signals", "{name} ({seat}) signals"),
    Message("play.title.opponents_signals", "East and West signal to each other"),
    Message("play.title.trick", "Trick {number}"),
    Message("play.title.score", "Deal {number}: the score"),
    Message("play.title.game", "The game"),
)

# --- the Hint button (tutor.play.hint) -------------------------------------------------------------------

_HINT = (
    Message(
        "hint.unseen",
        "You cannot see {unseen} cards: the others still hold {hidden} ({holding:comma}) and the other {spare} are "
        "out of play (the undealt talon, or chant discards). The hint deals them at random {deals:,} times, "
        "consistently with the cards already played.",
    ),
    Message(
        "hint.ignored_signal",
        "Ignored the signal for {cards}: you can see it is not in {partner}'s hand (you hold it, someone else "
        "played it, or it is out of play).",
    ),
    Message(
        "hint.too_many_signalled",
        "{partner} signalled {count} unplayed cards but holds only {room}: kept the best {room} of them.",
    ),
    Message("hint.forced", "Every sample gives {partner} the signalled {cards}."),
    Message(
        "hint.aces_impossible",
        "The aces signal says {partner} still holds {count} ace, which cannot be ({unseen} unseen, {room} free "
        "places in the hand): sampled with {fitted} instead.",
        "The aces signal says {partner} still holds {count} aces, which cannot be ({unseen} unseen, {room} free "
        "places in the hand): sampled with {fitted} instead.",
        "count",
    ),
    Message(
        "hint.relax_named",
        "Complete signals would leave {partner} too few possible cards: allowed unsignalled named cards in the "
        "partner's hand after all.",
    ),
    Message("hint.relax_aces", "Too few possible cards for {partner}: the aces signal was not enforced."),
    Message("hint.complete", "{partner}'s signals are complete, so {partner} holds {holds} among the unseen cards."),
    Message("hint.holds.no_named", "no named card"),
    Message("hint.holds.no_other_named", "no other named card"),
    Message("hint.holds.no_ace", "no ace"),
    Message("hint.holds.aces", "{count} ace", "{count} aces", "count"),
    Message(
        "hint.aces_exact",
        "The aces signal: {partner} holds exactly {count} unplayed ace.",
        "The aces signal: {partner} holds exactly {count} unplayed aces.",
        "count",
    ),
    Message(
        "hint.tiers",
        "Your cards fall in {tiers} different tiers; equal cards are interchangeable, so each tier is tried once on "
        "every sampled deal: {deals:,} playouts per tier, {total:,} in all. After your card, every player, you "
        "included, plays on with the bots' simple policy to the end of the deal.",
    ),
    Message(
        "hint.one_tier",
        "All your cards are of one tier, so there is no choice to make; {deals:,} playouts estimate your chance "
        "with every player following the bots' simple policy.",
    ),
    Message(
        "hint.chant",
        "After the chant, {chanters} kept the nine best of fifteen cards, so every sample puts among the discards "
        "out of play only cards no better than anything kept (the cards played included).",
    ),
    Message(
        "hint.signal_playouts",
        "In the playouts every player also knows the named cards its partner holds, as signalled: it leads a card "
        "nobody else can beat counting the partner's, and leaves a trick to a partner who surely takes it, "
        "as the computer players do.",
    ),
    Message("hint.chances", "Chance that {team} wins the point, per card played now: {listing:semicolon}."),
    Message("hint.chance", "{cards:slash} {chance:pct} ± {error:pp}"),
    Message("hint.suggested", "Suggested: {card:label}. {story}"),
    Message("hint.story.always", "{card} wins this trick outright in every playout."),
    Message("hint.story.sometimes", "{card} wins this trick in {share:pct} of playouts."),
    Message(
        "hint.story.never",
        "{card} does not win this trick itself: {parts} of playouts; it keeps your better cards for later.",
    ),
    Message("hint.part.partner", "your partner wins it in {share:pct}"),
    Message("hint.part.spoiled", "it is spoiled in {share:pct}"),
    Message("hint.part.opponent", "an opponent wins it in {share:pct}"),
    Message(
        "hint.margin.equal",
        "{cards:slash} does exactly as well in every sampled deal, so either is fine; the hint then prefers the card "
        "that nets more points, then the lower card, which keeps the better ones for later.",
    ),
    Message(
        "hint.margin.close",
        "The next best, {cards:slash}, is {gap:pp} percentage points behind ± {error:pp} (same sampled deals for "
        "both): within the margin of error, so both are about as good.",
    ),
    Message(
        "hint.margin.clear",
        "The next best, {cards:slash}, is {gap:pp} percentage points behind ± {error:pp} (same sampled deals for "
        "both), a clear difference.",
    ),
    Message(
        "hint.mordienne",
        "With the mordienne rule on, {card} nets {net:+.2f} points on average for {team} (points won minus points "
        "lost; a mordienne is worth 2). The chances above count a point won either way.",
    ),
    Message(
        "hint.caveat",
        "These are estimates: they assume the unseen cards are spread at random and that everyone plays the bots' "
        "simple way; real players may do better or worse.",
    ),
)

# --- the coach after a deal (tutor.play.coach) --------------------------------------------------------------

_COACH = (
    Message("coach.best", "Trick {trick}: you played {played:label}, the best card by the estimate ({chance:pct})."),
    Message(
        "coach.decision",
        "Trick {trick}: you played {played:label}: {chance:pct} to win the point; {best:label}: {best_chance:pct}.",
    ),
    Message(
        "coach.why.beat",
        "{best:label} beats {card:label}, {holder}'s card that was winning the trick; {played:label} does not.",
    ),
    Message(
        "coach.why.overtake",
        "Your partner's {card:label} was already winning the trick: {played:label} spends a higher card on it, "
        "{best:label} does not.",
    ),
    Message(
        "coach.why.cheaper",
        "{best:label} also beats {holder}'s {card:label} and keeps {played:label}, the higher card, for later.",
    ),
    Message(
        "coach.why.hold",
        "{played:label} takes this trick from {holder}'s {card:label}; {best:label} lets it go and keeps "
        "{played:label} for a later trick.",
    ),
    Message("coach.why.spoil", "{played:label} only ties {card:label} and spoils the trick; {best:label} beats it."),
    Message(
        "coach.why.keep",
        "{played:label} does not win this trick either, so {best:label}, a lower card, does the same job and "
        "keeps {played:label} for later.",
    ),
    Message(
        "coach.why.sure",
        "{best:label} is higher than every card you cannot see, a sure trick; {played:label} can be beaten.",
    ),
    Message("coach.why.lead_low", "Leading {best:label} keeps {played:label}, the higher card, for a later trick."),
    Message(
        "coach.why.playouts",
        "No single fact of this trick decides it: played out {deals:,} times, the rest of the deal goes better "
        "after {best:label}.",
    ),
)

# --- the guided first deal (tutor.play.guided) --------------------------------------------------------------

_GUIDE = (
    Message("guide.deal", "Click “Deal the first hand”."),
    Message(
        "guide.draw",
        "The draw has made {partner} your partner: you sit South, {partner} North, opposite you. {dealer} deals first.",
    ),
    Message("guide.chant", "Click “Agree to the chant”."),
    Message(
        "guide.chant.you",
        "You are the eldest or the dealer: if all four agree, you receive six cards of the talon and keep the "
        "best nine of your fifteen.",
    ),
    Message(
        "guide.chant.not_you",
        "Only the eldest and the dealer receive talon cards; agreeing lets your partnership's chanter improve.",
    ),
    Message(
        "guide.discard",
        "Click “Advice: keep the highest”, then “Discard these six”: the six lowest of your fifteen go face down.",
    ),
    Message("guide.signals", "Click “Advice: what should I signal?”, then “Give these signals”."),
    Message("guide.partner_signal", "{partner} signalled: {signal:gesture} ({signal:meaning})."),
    Message("guide.play", "Play {card:label}: click it in your hand."),
    Message(
        "guide.rule.sure",
        "{card:label} is a sure winner: every card as good or better is in your hand, already played or your "
        "partner's. Lead the cheapest sure winner.",
    ),
    Message(
        "guide.rule.lead_low", "You hold no sure winner: lead your lowest card, {card:label}, and keep the good ones."
    ),
    Message(
        "guide.rule.leave",
        "{partner}, playing last, holds a card nobody can beat: leave them the trick and throw your lowest card, "
        "{card:label}.",
    ),
    Message(
        "guide.rule.partner",
        "{partner}'s {top:label} is winning the trick alone: don't overtake your partner, throw your "
        "lowest card, {card:label}.",
    ),
    Message(
        "guide.rule.cheapest",
        "{card:label} beats {top:label}, the best card so far, and is your cheapest card that does: win as cheaply "
        "as you can.",
    ),
    Message(
        "guide.rule.spoil",
        "You play last and {seat}'s {top:label} would win: {card:label} ties it and the trick is spoiled instead.",
    ),
    Message("guide.rule.lowest", "Nothing of yours beats {top:label}: throw your lowest card, {card:label}."),
    Message(
        "guide.over",
        "That was the whole deal: the score below says who won the point and why. When you are ready, click "
        "“Start a free game” and play five deals on your own.",
    ),
)

MESSAGES: dict[str, Message] = catalog(*_MATCH, *_HINT, *_COACH, *_GUIDE)
register(MESSAGES)


def step(msg: str, /, **params: Param) -> Step:
    """A step of message ``msg``: one of these, or one of the engine's (``seat.count`` ...), checked."""
    message = MESSAGES.get(msg)
    return engine_step(msg, **params) if message is None else message(**params)
