"""The command line's subcommands, one module each; ``game/__main__.py`` parses and dispatches.

Like ``__main__``, this package may import every layer: it is where they are put together.
"""
