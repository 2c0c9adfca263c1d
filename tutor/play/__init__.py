"""Playing real deals against the computer: the bots' policy, a whole game as a state machine, saved deals.

* :mod:`tutor.play.bots` - the documented policy the computer players follow;
* :mod:`tutor.play.match` - a game of five deals with the learner at South, serializable for the page;
* :mod:`tutor.play.record` - a finished deal written as a ``deal`` scenario that ``check`` accepts;
* :mod:`tutor.play.hint` - Monte-Carlo hints for the learner's next card.

The package imports nothing eagerly: import the module you need.
"""
