"""Rules of The Networks: Primetime, one module per rule area.

Comments cite the rules (seed file names and checklist IDs).  Each module imports only from the
ones listed before it (and from the game's ``cards``, ``effects``, ``tables`` and ``state``):

- ``log``: how log lines name cards and players
- ``decks``: drawing, discarding, cancelling a show
- ``green_room``: what the rules look up in a green room
- ``values``: show viewers, upkeep, the forecast
- ``slots``: slot capacity, required slots, star and ad conditions
- ``timeslots``: the timeslots a show may take and where it starts (Telly Time's Weekend, dual and ANY preferences, Kids)
- ``genres``: genre tracks, their bonuses, gaining a card
- ``genre_grid``: Telly Time's personal Genre Grid (squares, lines and their bonuses)
- ``production``: producing a show
- ``attach``: attaching stars and ads to lineup shows
- ``network_cards``: what network cards do (registered by effect key in the game's ``effects`` registry)
- ``rounds``: the order of play (round start, next turn, round end)
- ``passing``: passing
- ``turns``: the action menu and what each action does
- ``solo``: the solo opponent
- ``quiz``: Telly Time's Quiz spend at round scoring
- ``round_end``: the end of a round, game end and final scoring
- ``pilot``: pilot season
- ``flow``: the decision stack (``advance``, ``legal``, ``apply``), which dispatches the steps the others push
- ``setup``: setting up a game
- ``determinize``: re-dealing what a player cannot see, for search bots

Module-level constants are ``Final`` so that a compiled build (tools/build_fast.py) uses their
values directly.
"""
