"""The fight simulator as a sweep: a run's fights in blocks, each block its own seed.

A block is ``BLOCK`` fights in a fresh arena; block 0 is seeded with the run's seed, block k
with one derived from it and k (``rng.derive``), so a block depends on nothing but its own job
and the figures are the same in-process, over ``--jobs N`` or on Ray. With several combat
systems the blocks go round them (block 0 of each, then block 1 of each, ...), so a run stopped
early has fought under every system. The exact figures come from one arena per system here,
as ``simulate`` gives them.
"""

from __future__ import annotations

import signal
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

from game.content.editions import catalog_for
from game.content.overlay import Overlay
from game.wizard.fsim import Arena, Report, Tally, simulate
from game.world.core import rng

from . import sweep

BLOCK = 100  # fights a job: small enough to spread and to stop, large enough to be worth it


@dataclass(frozen=True, slots=True)
class Block:
    """One job: ``fights`` fights of ``attacker`` on ``defender`` under ``rules`` (and the
    overlay ``content``, which travels whole: a cluster's machines need no copy of it)."""

    attacker: str
    defender: str
    character: str
    rules: str
    as_play: bool
    seed: int  # the arena's own seed
    fights: int
    content: Overlay | None = None
    shoot: int = 0  # the player's shooting mode: from so many steps (0: blows up close)


def block_seed(seed: int, block: int) -> int:
    """The seed of a run's ``block``-th block: the run's own seed for the first."""
    return seed if block == 0 else rng.derive(seed, f"fights {block}")


def blocks(attacker: str, defender: str, character: str, rules: Sequence[str], *,
           seed: int, rounds: int, as_play: bool = False,
           content: Overlay | None = None, shoot: int = 0) -> list[Block]:
    """The jobs of a run of ``rounds`` fights under each of ``rules``, round the systems."""
    out = []
    for k, first in enumerate(range(0, rounds, BLOCK)):
        for name in rules:
            out.append(Block(attacker, defender, character, name, as_play,
                             block_seed(seed, k), min(BLOCK, rounds - first), content,
                             shoot))
    return out


def fight_block(job: Block) -> Tally:
    """The fights of one block (what ``sweep.run`` sends out)."""
    arena = Arena(job.attacker, job.defender, seed=job.seed, character=job.character,
                  rules=job.rules, as_play=job.as_play, catalog=catalog_for(job.content),
                  shoot=job.shoot)
    tally = Tally()
    try:
        for _ in range(job.fights):
            arena.fight(tally)
    finally:
        arena.engine.close()
    return tally


def add(a: Tally, b: Tally) -> Tally:
    """Two tallies as one, ``b``'s fights after ``a``'s."""
    counts = {f.name: getattr(a, f.name) + getattr(b, f.name) for f in fields(Tally)
              if f.name != "results"}
    return Tally(**counts, results=[*a.results, *b.results])


def exact(attacker: str, defender: str, character: str, rules: str, *, seed: int,
          as_play: bool = False, content: Overlay | None = None, shoot: int = 0) -> Report:
    """The exact figures for one system, with no fights yet (``simulate``'s own)."""
    arena = Arena(attacker, defender, seed=seed, character=character, rules=rules,
                  as_play=as_play, catalog=catalog_for(content), shoot=shoot)
    try:
        return simulate(arena, 0)
    finally:
        arena.engine.close()


@dataclass(frozen=True, slots=True)
class Run:
    """A run's reports by system, and whether Ctrl-C (a signal, a cluster gone) stopped it
    before every fight: ``why`` in words, and ``code``, the command's exit (128 + the
    signal; 1 for a cluster gone)."""

    reports: dict[str, Report]
    stopped: bool = False
    why: str = ""
    code: int = 0


def run(attacker: str, defender: str, character: str, rules: Sequence[str], *, seed: int,
        rounds: int, as_play: bool = False, where: sweep.Where = sweep.HERE,
        content: Overlay | None = None, shoot: int = 0) -> Run:
    """Every system's fights, simulated beside exact; Ctrl-C keeps the blocks that ended."""
    return run_each([content], attacker, defender, character, rules, seed=seed,
                    rounds=rounds, as_play=as_play, where=where, shoot=shoot)[0]


def run_each(contents: Sequence[Overlay | None], attacker: str, defender: str,
             character: str, rules: Sequence[str], *, seed: int, rounds: int,
             as_play: bool = False, where: sweep.Where = sweep.HERE,
             shoot: int = 0) -> list[Run]:
    """``run`` under each of ``contents`` (A and B of ``--versus``), the same seeds, every
    block of them in one sweep (one pool, one Ray session, one bar): a Run each."""
    each = [blocks(attacker, defender, character, rules, seed=seed, rounds=rounds,
                   as_play=as_play, content=content, shoot=shoot) for content in contents]
    per = len(rules)  # round the contents too: a run stopped early has fought under each
    owner = [c for k in range(0, len(each[0]), per) for c in range(len(each))
             for _ in each[c][k:k + per]]
    jobs = [job for k in range(0, len(each[0]), per) for mine in each
            for job in mine[k:k + per]]
    reports = [{name: exact(attacker, defender, character, name, seed=seed, as_play=as_play,
                            shoot=shoot, content=content) for name in rules}
               for content in contents]
    stopped, why, code = False, "", 0
    try:
        tallies = sweep.run(fight_block, jobs, where, sizes=[j.fights for j in jobs],
                            unit="fight", desc="fights")
    except sweep.Interrupted as stop:
        tallies, stopped, code = stop.done, True, 128 + stop.signum
        why = "Ctrl-C" if stop.signum == signal.SIGINT else signal.Signals(stop.signum).name
    except sweep.Cut as cut:
        tallies, stopped, why, code = cut.done, True, str(cut), 1
    for c, job, tally in zip(owner, jobs, tallies, strict=False):
        mine = reports[c]
        mine[job.rules] = replace(mine[job.rules], tally=add(mine[job.rules].tally, tally))
    return [Run(r, stopped, why, code) for r in reports]
