"""Rules of Prime Time, one module per rule area, in the rulebook's order.

The state holds a stack of pending steps (flat tuples); :mod:`.flow` resolves automatic steps
until a decision is on top, lists its option keys and applies one.  Comments cite the rulebook
(``000``, i.e. the seed file ``000_ebc6460c85c7affb.txt``) and the checklist IDs (``PT-...``).

============= ==============================================================================
module        rule area
============= ==============================================================================
core          the board's numbers for a player count (``Rules``), names and indexes, log names
money         paying (with the Bonds variant), VP by source, Re-Runs from the supply
setup         drawing cubes, cards and clients, filling the card spaces, the starting shows
development   1. Development Phase: 1.1 tokens, actions, bids, Public Relations; 1.2; 1.3
scheduling    2.1 Forecast Demographic Change, 2.2 Schedule Submission
ratings       2.3 Ratings War
after_ratings 2.4-2.7 cancellations, client tokens, variety tokens, Hotness track
awards        3. Awards Ceremony Phase and the Boardroom cards
income        4. Income Phase: 4.1 income, 4.2 Clean Up, 4.3 Setup The Next Round
game_end      final scoring and the winners
flow          the decision stack: ``advance``, ``legal``, ``apply``
new_game      ``new_state``: a game set up and advanced to its first decision
determinize   what one player cannot see, re-dealt at random for search bots
============= ==============================================================================

Each module imports only modules above it in this table, so there is no import cycle
(``tests/prime_time/test_rule_modules.py`` checks it).
"""
