"""The world's infrastructure: the entity store, the engine and its turn loop, the schedule,
maps, sight, paths, random streams, the state hash and snapshots. It knows no gameplay: the
engine is handed that when a game is set up (``game.world.game``)."""
