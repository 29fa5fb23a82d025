"""Terminal play: the game-independent session and each game's renderer."""
