"""The game's knowledge for the bots: its greedy policy (``greedy``) and its adapter for the information-set MCTS (``search``)."""
