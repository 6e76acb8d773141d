"""The character screen's attack lines and Defence, from the same profiles the attack uses."""

from __future__ import annotations

from . import profiles, systems
from .items import JEWELLERY, Ammo, Armour
from .profiles import AttackProfile, Fighter


def signed(value: int) -> str:
    return f"{value:+d}"


def attack_line(attack: AttackProfile) -> str:
    """ "+3 to hit, 1d9+3 slashing or piercing"; a shot or throw adds its range in steps."""
    line = f"{signed(attack.to_hit)} to hit, {attack.damage} {' or '.join(attack.damage_types)}"
    if attack.is_missile:
        line += f", range {attack.range}"
    return line


def attack_lines(f: Fighter, thrown: profiles.Weapon | None = None,
                 rules: str = systems.DEFAULT,
                 thrower: Fighter | None = None) -> list[tuple[str, str]]:
    """(label, line) for the main-hand blow (or bare hands), the off-hand blow with two
    weapons, and the shot of the missile weapon or the throw of a throwing weapon: in the
    manual's numbers, or in those of the combat system ``rules`` names. ``thrower``: the
    Fighter that counts the thrown thing's own magic (the world's, built for that throw)."""
    blows = profiles.melee_attacks(f)
    labels = ["Main hand", "Off hand"] if len(blows) == 2 else ["Blow"] * len(blows)
    attacks = [(label, f, blow) for label, blow in zip(labels, blows, strict=True)]
    shot = profiles.shot(f)
    if shot is not None:
        attacks.append((f"Shot ({shot.weapon})", f, shot))
    if thrown is not None:
        by = thrower or f
        attacks.append((f"Throw ({thrown.name})", by, profiles.throw(by, thrown)))
    if rules == systems.DEFAULT:
        return [(label, attack_line(a)) for label, _, a in attacks]
    return [(label, system_attack_line(rules, by, a)) for label, by, a in attacks]


def _named(columns: tuple[str, ...], values: tuple[str, ...]) -> str:
    return ", ".join(f"{c} {v}" for c, v in zip(columns, values, strict=True))


def system_attack_line(rules: str, f: Fighter, attack: AttackProfile) -> str:
    """An attack in a combat system's own numbers, the same ``numbers`` the odds inspector
    shows: "hit bonus +1, PV 2, damage 1d9+1" (a shot or throw adds its range)."""
    system = systems.get(rules)
    n = system.ATTACK_COLUMNS
    line = _named(system.COLUMNS[:n], system.numbers(f, attack).row()[:n])
    return line + (f", range {attack.range}" if attack.is_missile else "")


def system_defence_words(rules: str, f: Fighter) -> str:
    """The defender's numbers of a combat system, against a blow: "DV 7, AV 1"."""
    system = systems.get(rules)
    n = system.ATTACK_COLUMNS
    return _named(system.COLUMNS[n:], system.numbers(f).row()[n:])


def defence_line(f: Fighter) -> str:
    """ "Dv 11  Pv 0": Defence against blows, and Protection as it is now."""
    d = profiles.defence(f)
    return f"Dv {d.total()}  Pv {d.protection}"


def protection_words(d: profiles.DefenceProfile) -> str:
    """ "4 (slashing 5, piercing 3)": Protection, and against the kinds where it differs."""
    kinds = ", ".join(f"{kind} {amount}" for kind, amount in d.by_kind)
    return f"{d.protection} ({kinds})" if kinds else str(d.protection)


def armour_words(piece: Armour) -> str:
    """What a piece of armour does: "Dv +2, Pv 3 (slashing 4, piercing 2)"; a shield's bash.
    Every piece worn as armour says both, "Dv +0, Pv 0" too (a leather cap's: the manual's
    helms and gloves add only through their magic); a ring or an amulet says nothing."""
    if piece.slot in JEWELLERY:
        return ""
    changed = [(k, piece.protection_against(k)) for k, _ in piece.against]
    words = [f"Dv {signed(piece.defence)}", f"Pv {piece.protection}" + (
        " (" + ", ".join(f"{k} {v}" for k, v in changed) + ")" if changed else "")]
    if piece.bash is not None:
        words.append(f"bash {piece.bash}")
    return ", ".join(words)


def item_lines(now: Fighter, with_it: Fighter, data: object, *, in_use: bool = False,
               thrower: Fighter | None = None, rules: str = systems.DEFAULT) -> list[str]:
    """What examining a weapon or armour shows: its numbers as the fighter would have them
    with it in use (``with_it``: the world's Fighter with the thing in its place, its own
    known magic counted and that of what it puts aside not), and the same numbers ``now``;
    for the thing in use (``in_use``) they are the same, so "Now" is left out, and armour in
    use shows ``now``: the Fighter the @ screen and the status line are drawn from. Armour's
    numbers are those of the combat system in play (``rules``), as the status line's are.
    ``thrower``: the Fighter whose throw of it counts its own magic (a weapon made for
    throwing)."""
    worn = in_use and isinstance(data, Armour)  # a weapon in use is shown as the main blow
    lines = _item_lines(now, now if worn else with_it, data, thrower or now, rules)
    return [line for line in lines if not line.startswith(NOW)] if in_use else lines


NOW = "Now:  "


def _item_lines(f: Fighter, with_it: Fighter, data: object, thrower: Fighter,
                rules: str) -> list[str]:
    if isinstance(data, profiles.Weapon) and data.is_missile:
        shot = profiles.shot(with_it)
        now = profiles.shot(f)
        assert shot is not None  # data is a missile weapon, so it shoots
        return [f"Shot: {attack_line(shot)}", *_threat(shot),
                f"{NOW}{attack_line(now)}" if now else NOW + "no missile weapon"]
    if isinstance(data, profiles.Weapon):
        blow = profiles.blow(with_it, data)
        lines = [f"Blow: {attack_line(blow)}", *_threat(blow)]
        if data.made_for_throwing:
            lines.append(f"Throw: {attack_line(profiles.throw(thrower, data))}")
        return lines + [f"{NOW}{attack_line(profiles.melee_attacks(f)[0])}"]
    if isinstance(data, Ammo):
        shot = profiles.shot(with_it)
        if shot is None or with_it.missile is None or with_it.missile.ammo != data.kind:
            return ["Pierces armour"] if data.pierce else []  # its own description says so
        now = profiles.shot(f)
        return [f"Shot: {attack_line(shot)}", *_threat(shot),
                f"{NOW}{attack_line(now)}" if now else NOW + "no missile weapon"]
    if isinstance(data, Armour):
        label = "Held" if data.is_shield else "Worn"
        return [f"{label}: {_defence_words(with_it, rules)}", f"{NOW}{_defence_words(f, rules)}"]
    return []


def _defence_words(f: Fighter, rules: str) -> str:
    """The manual's "Dv 11  Pv 0", or another system's own defence numbers."""
    return defence_line(f) if rules == systems.DEFAULT else system_defence_words(rules, f)


def _threat(attack: AttackProfile) -> list[str]:
    lines = [f"Threat {attack.threat_from}-24, critical x{attack.multiplier}"]
    return lines + (["Pierces armour"] if attack.pierce else [])
