"""Bot-only games at scale: simulation runs, seat-rotated tournaments, the card-balance report, the
invariant checker and results files, on one core, a process pool or a Ray cluster.

No command-line code lives here: functions return plain dicts and raise
:class:`~primetime.sim.errors.SimulationError` (a ``ValueError``) with a message the command
line prints as it is.  Games are reached through the plugin registry only.

* :mod:`primetime.sim.games`      one game from a plain spec, and the seeds it uses
* :mod:`primetime.sim.backends`   the process pool and Ray backends
* :mod:`primetime.sim.simulate`   many games, one summary
* :mod:`primetime.sim.tournament` seat-rotated tournaments with confidence intervals and ratings
* :mod:`primetime.sim.balance`    the card-balance report (HTML with plots)
* :mod:`primetime.sim.check`      seeded games that check each game's invariants (``primetime check``)
* :mod:`primetime.sim.results`    results files that an interrupted run resumes from
"""
