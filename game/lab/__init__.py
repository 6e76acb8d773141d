"""The designer's lab: sweeps of independent jobs (in-process, over local processes or on a Ray
cluster), progress bars, the curve of the odds against one varied stat, and charts.

Everything here sits above the wizard's tools and below the command line: the numbers come from
``game.wizard`` (the one builder of fighters, the exact odds, the fight simulator) and
``game.rules.odds``; this layer only runs, gathers and draws them.
"""
