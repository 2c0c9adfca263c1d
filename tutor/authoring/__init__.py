"""Tools for the course's authors and translators, run from the command line (:mod:`tutor.cli`).

* :mod:`tutor.authoring.extract` - ``aluette-tutor i18n-extract``: the English sources of every domain to
  ``.pot`` templates, and every language's ``.po`` brought up to date;
* :mod:`tutor.authoring.status` - ``aluette-tutor i18n-status``: how much each language translates.

They read every layer whose words a learner sees (the engine's and the play layer's messages, the lessons
and scenarios, the app's strings), so they sit at the top beside the command line, and nothing but the
command line imports them: the app and the layers it stands on never need them.
"""
