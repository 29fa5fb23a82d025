"""Prime Time (2-4 players): worker placement, bidding and demographic cubes."""
