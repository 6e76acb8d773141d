"""The world's gameplay: combat, missiles, magic, spells, stealth, AI, feuds, traps,
belongings, vitals, progress, and the player's and the wizard's actions, on ``game.world.core``."""
