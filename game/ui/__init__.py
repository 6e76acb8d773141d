"""The UI layer: screens that read an Game, draw into a tcod Console and submit Actions.

``game.ui.app.GameApp`` is what a front end drives; ``game.ui.keys.BINDINGS`` is the key table.
"""
