"""Attack and defence profiles: everything that adds up to a bonus to hit, damage and Defence.

A ``Fighter`` describes one combatant as it stands now (stats, ranks, stance, what it holds and
wears). The builders here turn it into an ``AttackProfile`` or a ``DefenceProfile`` whose every
number carries its reason. The attack in play, the character screen, the odds inspector and the
fight simulator all call these same builders, so there is one place for each rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from . import stats, talents
from .dice import Dice
from .items import ARMOUR_KINDS, BARE_HANDS, BLOW_TICKS, PHYSICAL_KIND, Ammo, Armour, Weapon

BLOW, SHOT, THROW, BASH = "blow", "shot", "throw", "bash"
PHYSICAL_TYPES = frozenset({"slashing", "piercing", "bludgeoning", "bite", "claw", "sting",
                            "unarmed", "hit"})

# Defence kinds, in the order they are listed and weighed.
DEXTERITY, ARMOUR, SHIELD, PARRY = "Dexterity", "Armour", "Shield", "Parry"
NATURAL, DODGE, DEFLECTION, WALL = "Natural", "Dodge", "Deflection", "Wall"
KINDS = (DEXTERITY, ARMOUR, SHIELD, PARRY, NATURAL, DODGE, DEFLECTION, WALL)
PENALTY = "Penalty"  # lowers Defence, never the reason for a miss

SHIELD_SKILL = "Shields"  # the skill a shield bash trains (the manual names none)

# Talents that add Protection in any armour.
BULWARK, BATTLE_SCARRED = talents.BULWARK, talents.BATTLE_SCARRED


@dataclass(frozen=True, slots=True)
class Modifier:
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Magic:
    """A magical bonus: ``what`` is one of ``MAGIC_KINDS``. ``scope`` says which attacks an
    attack bonus serves: "" every attack (what you wear), or only the attacks of the thing held
    there ("main", "off", "missile", "ammo", "thrown": "the weapon's own"). Defence, Protection
    and resistances ignore the scope."""

    what: str
    amount: int
    reason: str
    scope: str = ""


# What magic can add to (game.rules.magic holds the rest of magic's rules).
MAGIC_KINDS = ("to_hit", "damage", "threat", "multiplier", "dodge", "deflection", "armour",
               "shield", "natural", "protection", "resist_fire", "resist_cold",
               "resist_lightning")
DAZZLED_TO_HIT = -4  # a dazzled fighter is worse at hitting (left out of the @ screen)


@dataclass(frozen=True, slots=True)
class Fighter:
    """One combatant as it stands now; the world builds it from components."""

    strength: int = 10
    dexterity: int = 10
    constitution: int = 10  # read by the other combat systems (game/rules/systems/)
    level: int = 1  # the d20 system's level: a creature's depth, the player's level
    skills: Mapping[str, int] = field(default_factory=dict)
    styles: Mapping[str, int] = field(default_factory=dict)
    stance: stats.Stance = stats.NORMAL
    main_hand: Weapon | Armour | None = None
    off_hand: Weapon | Armour | None = None
    missile: Weapon | None = None  # bow, crossbow or sling
    ammo: Ammo | None = None
    worn: tuple[Armour, ...] = ()  # body armour, cloak, helm, gloves, boots
    natural_attacks: tuple[Weapon, ...] = ()  # a creature's bite, claw or sting
    natural_defence: int = 0
    natural_protection: int = 0
    natural_noun: str = ""  # "shell", "scales", "hide"
    magic: tuple[Magic, ...] = ()
    talents: tuple[str, ...] = ()
    raging: bool = False
    burden: str = stats.UNBURDENED
    max_hp: int = 1
    crit_immune: bool = False
    wall: int = 0  # Wall Defence while an incorporeal creature stands in a wall
    dazzled: bool = False
    halved: bool = False  # tides: every stat but W halved (its miscast 10)

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)

    def style_rank(self, name: str) -> int:
        return self.styles.get(name, 0)

    def magic_for(self, what: str, scopes: tuple[str, ...] | None = None) -> list[Modifier]:
        """The magic adding to ``what``. For an attack (``scopes`` given) only the attacking
        thing's own (its scope in ``scopes``), then what you wear (scope ""). Then the flat
        bonuses of talents and rage (``game.rules.talents``)."""
        chosen = [m for m in self.magic if m.what == what and m.amount
                  and (scopes is None or m.scope == "" or m.scope in scopes)]
        chosen.sort(key=lambda m: m.scope == "")
        return [Modifier(m.amount, m.reason) for m in chosen] + [
            Modifier(amount, reason) for kind, amount, reason
            in talents.bonuses(self.talents, self.raging) if kind == what]

    @property
    def weapons_held(self) -> list[Weapon]:
        return [h for h in (self.main_hand, self.off_hand) if isinstance(h, Weapon)]

    @property
    def shields_held(self) -> list[Armour]:
        return [h for h in (self.main_hand, self.off_hand) if isinstance(h, Armour)]


@dataclass(frozen=True, slots=True)
class AttackProfile:
    """One attack as it will be rolled: the dice, and each modifier with its reason."""

    kind: str  # BLOW, SHOT, THROW or BASH
    weapon: str  # "long sword"
    noun: str  # what messages call it: "sword"
    dice: Dice  # the weapon's own dice and flat bonus
    to_hit_mods: tuple[Modifier, ...]
    damage_mods: tuple[Modifier, ...]
    damage_types: tuple[str, ...]
    threat_from: int = 22
    multiplier: int = 2
    pierce: int = 0
    ticks: int = BLOW_TICKS
    range: int = 1
    skill: str = ""  # the weapon skill it trains
    style: str = ""  # the fighting style it trains
    effects: tuple[str, ...] = ()  # "poison", "disease": opened by a hit that does damage
    threat_magic: int = 0  # how much of the widening is magic's (qud's Masterwork reads it)

    @property
    def to_hit(self) -> int:
        return sum(m.amount for m in self.to_hit_mods)

    @property
    def damage_bonus(self) -> int:
        return sum(m.amount for m in self.damage_mods)

    @property
    def damage(self) -> Dice:
        """The dice of one blow with every flat bonus added: 1d9+3 for Thora's long sword."""
        return self.dice.plus(self.damage_bonus)

    @property
    def physical(self) -> bool:
        return any(t in PHYSICAL_TYPES for t in self.damage_types)

    @property
    def is_missile(self) -> bool:
        return self.kind in (SHOT, THROW)


@dataclass(frozen=True, slots=True)
class DefencePart:
    kind: str  # one of KINDS, or PENALTY
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class DefenceProfile:
    """Defence by kind (best within a kind, Dodge summed), and Protection piece by piece."""

    parts: tuple[DefencePart, ...]
    protection_parts: tuple[Modifier, ...] = ()
    protection_noun: str = "armour"  # what a full glance names: "chain mail shirt", "shell"
    natural_noun: str = ""
    parries_missiles: bool = False  # a Duelist of rank 10 (Measure)
    max_hp: int = 1
    crit_immune: bool = False
    by_kind: tuple[tuple[str, int], ...] = ()  # Protection against a kind, where it differs

    def protection_against(self, damage_type: str) -> int:
        """The Protection a blow of this damage type meets (armour turns a blade well and a
        point badly); a kind no piece treats differently meets the plain total."""
        kind = PHYSICAL_KIND.get(damage_type, damage_type)
        return dict(self.by_kind).get(kind, self.protection)
    resistances: tuple[tuple[str, int, str], ...] = ()  # (element, level, reason), best each

    def resistance(self, element: str) -> tuple[int, str]:
        """The level and reason of the best resistance to ``element`` (0 when none)."""
        return max(((lvl, why) for e, lvl, why in self.resistances if e == element),
                   default=(0, ""))

    def against(self, kind: str = BLOW, *, adjacent: bool = True) -> tuple[DefencePart, ...]:
        """The parts that count against this kind of attack: parry only turns blows,
        except for Measure and a shot from beside the defender."""
        parry_counts = (kind in (BLOW, BASH) or self.parries_missiles
                        or (kind == SHOT and adjacent))
        return tuple(p for p in self.parts if p.kind != PARRY or parry_counts)

    def total(self, kind: str = BLOW, *, adjacent: bool = True) -> int:
        return 10 + sum(p.amount for p in self.against(kind, adjacent=adjacent))

    @property
    def protection(self) -> int:
        return sum(m.amount for m in self.protection_parts)


# --- attacks ---------------------------------------------------------------------------------


def melee_style(f: Fighter) -> str:
    """The fighting style set by what the fighter holds."""
    weapons, shields = f.weapons_held, f.shields_held
    if not weapons:
        return stats.TWO_SHIELDS if len(shields) == 2 else stats.UNARMED
    main = weapons[0]
    if main.two_handed:
        return stats.STAFF_FIGHTER if main.skill == "Staves" else stats.TWO_HANDED
    if len(weapons) == 2:
        return stats.TWIN_BLADES
    if shields:
        return stats.SWORD_AND_BOARD
    return stats.DUELIST


def _rank_mods(f: Fighter, skill: str, style: str) -> tuple[list[Modifier], list[Modifier], int]:
    """To-hit and damage modifiers and threat widening from weapon-skill and style ranks."""
    to_hit, damage, threat = [], [], 0
    for rank, what in ((f.skill(skill), f"rank {f.skill(skill)} in {skill}"),
                       (f.style_rank(style), f"rank {f.style_rank(style)} in {style}")):
        bonus = stats.rank_bonus(rank)
        to_hit += _nonzero(bonus.to_hit, what)
        damage += _nonzero(bonus.damage, what)
        threat += bonus.threat
    return to_hit, damage, threat


def _nonzero(amount: int, reason: str) -> list[Modifier]:
    return [Modifier(amount, reason)] if amount else []


def _stat_mod(name: str, value: int) -> list[Modifier]:
    return _nonzero(stats.modifier(value), f"{name} {value}")


def _stance_mods(f: Fighter) -> tuple[list[Modifier], list[Modifier]]:
    reason = f"{f.stance.name} stance"
    return _nonzero(f.stance.to_hit, reason), _nonzero(f.stance.damage, reason)


def _build(f: Fighter, weapon: Weapon, kind: str, style: str, to_hit: list[Modifier],
           damage: list[Modifier], *, skill: str | None = None, pierce: int = 0,
           multiplier_bonus: int = 0, scopes: tuple[str, ...] = (), **extra) -> AttackProfile:
    """Add what every attack shares (ranks, magic, stance, threat and multiplier caps).
    ``scopes``: whose own magic counts besides what is worn ("main", "missile", ...)."""
    skill = weapon.skill if skill is None else skill
    rank_hit, rank_damage, widen = _rank_mods(f, skill, style)
    stance_hit, stance_damage = _stance_mods(f)

    def magic(what: str) -> list[Modifier]:
        return f.magic_for(what, scopes)

    dazzle = _nonzero(DAZZLED_TO_HIT, "dazzled") if f.dazzled else []
    to_hit = to_hit + rank_hit + magic("to_hit") + stance_hit + dazzle
    damage = damage + rank_damage + magic("damage") + stance_damage
    threat_magic = sum(m.amount for m in magic("threat"))
    widen += threat_magic
    multiplier = weapon.multiplier + multiplier_bonus + sum(
        m.amount for m in magic("multiplier"))
    return AttackProfile(
        kind=kind, weapon=weapon.name, noun=weapon.noun, dice=weapon.damage,
        to_hit_mods=tuple(to_hit), damage_mods=tuple(damage),
        damage_types=weapon.damage_types,
        threat_from=max(stats.MIN_THREAT, weapon.threat_from - widen),
        multiplier=min(stats.MAX_MULTIPLIER, multiplier),
        pierce=weapon.pierce + pierce, skill=skill, style=style, threat_magic=threat_magic,
        **extra,
    )


def blow(f: Fighter, weapon: Weapon, *, hand: str = "main",
         style: str | None = None) -> AttackProfile:
    """A blow up close: Strength to hit (Dexterity with a finesse weapon) and Strength to damage."""
    style = melee_style(f) if style is None else style
    to_hit = (_stat_mod("Dexterity", f.dexterity) if weapon.finesse
              else _stat_mod("Strength", f.strength))
    to_hit += _nonzero(weapon.to_hit, weapon.name)
    if style == stats.TWIN_BLADES:
        base = stats.MAIN_HAND_PENALTY if hand == "main" else stats.OFF_HAND_PENALTY
        penalty = stats.two_weapon_penalty(base, f.style_rank(stats.TWIN_BLADES))
        to_hit += _nonzero(penalty, f"{hand} hand of two weapons")
    mastery = (style == stats.TWO_HANDED
               and f.style_rank(style) >= stats.TWO_HANDED_MASTERY)
    return _build(f, weapon, BLOW, style, to_hit, _stat_mod("Strength", f.strength),
                  multiplier_bonus=int(mastery), ticks=weapon.ticks, effects=weapon.effects,
                  scopes=(hand,))


def melee_attacks(f: Fighter) -> list[AttackProfile]:
    """The blows of one attack up close: a blow with each weapon held, bare hands when none,
    or a creature's natural attacks."""
    return list(_by_fighter(_melee_attacks, f))


def _by_fighter(work, f: Fighter):
    """``work(f)``, remembered for this very Fighter object: a Fighter is a frozen value, and
    the world hands out the same object while nothing that feeds it changes."""
    key = (work, id(f))
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is f:
        return hit[1]
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    result = work(f)
    _MEMO[key] = (f, result)  # holding f keeps its id from being reused
    return result


_MEMO: dict = {}
_MEMO_LIMIT = 512


def _melee_attacks(f: Fighter) -> list[AttackProfile]:
    weapons = f.weapons_held
    if weapons:
        hands = ("main", "off") if len(weapons) == 2 else ("main",)
        return [blow(f, w, hand=h) for w, h in zip(weapons, hands, strict=True)]
    if f.natural_attacks:
        return [blow(f, w, style=stats.UNARMED) for w in f.natural_attacks]
    return [blow(f, BARE_HANDS, style=stats.UNARMED)]


def shot(f: Fighter) -> AttackProfile | None:
    """A shot with the missile weapon: Dexterity to hit only, the bow's own damage; a bow's
    Strength shortfall costs a point to hit and damage per point short."""
    bow, ammo = f.missile, f.ammo
    if bow is None or not bow.is_missile:
        return None
    to_hit = _stat_mod("Dexterity", f.dexterity) + _nonzero(bow.to_hit, bow.name)
    damage: list[Modifier] = []
    short = bow.strength_needed - f.strength
    if bow.strength_needed and short > 0:
        why = f"Strength {f.strength}, {bow.name} needs {bow.strength_needed}"
        to_hit += [Modifier(-short, why)]
        damage += [Modifier(-short, why)]
    pierce = 0
    if ammo is not None and ammo.kind != bow.ammo:  # a short bow does not shoot bolts
        ammo = None
    if ammo is not None:
        to_hit += _nonzero(ammo.to_hit, ammo.name)
        damage += _nonzero(ammo.damage_bonus, ammo.name)
        pierce = ammo.pierce
    return _build(f, bow, SHOT, stats.ARCHER, to_hit, damage, pierce=pierce,
                  scopes=("missile", "ammo") if ammo is not None else ("missile",),
                  ticks=BLOW_TICKS, range=bow.range)


def throw(f: Fighter, weapon: Weapon) -> AttackProfile:
    """A throw: Dexterity to hit, Strength to damage, -4 for a thing not made for throwing."""
    to_hit = _stat_mod("Dexterity", f.dexterity) + _nonzero(weapon.to_hit, weapon.name)
    if not weapon.made_for_throwing:
        to_hit += [Modifier(stats.NOT_FOR_THROWING, f"{weapon.name} not made for throwing")]
    rng = weapon.thrown_range or THROW_RANGE_UNMADE
    return _build(f, weapon, THROW, stats.THROWER, to_hit, _stat_mod("Strength", f.strength),
                  scopes=("thrown",),
                  ticks=weapon.ticks, range=rng)


THROW_RANGE_UNMADE = 4  # how far a thing not made for throwing flies (the manual gives none)


def bash(f: Fighter) -> AttackProfile | None:
    """A shield bash: the shield's bash dice plus Strength, in a plain blow's time."""
    shields = [(s, s.bash) for s in f.shields_held if s.bash is not None]
    if not shields:
        return None
    shield, dice = max(shields, key=lambda sd: (sd[1].maximum, sd[1].minimum))
    style = melee_style(f)  # Sword and Board, Two Shields, or Unarmed with a hand free
    as_weapon = Weapon(name=shield.name, noun="shield", damage=dice, threat_from=22,
                       multiplier=2, skill=SHIELD_SKILL, held="either",
                       damage_types=("bludgeoning",))
    strength = _stat_mod("Strength", f.strength)
    return _build(f, as_weapon, BASH, style, list(strength), list(strength), ticks=BLOW_TICKS)


# --- defence ---------------------------------------------------------------------------------


def dexterity_limit(f: Fighter) -> tuple[int | None, str]:
    """The lowest of the armour's, shields' and burden's limits on Dexterity, with its source."""
    limits = [(a.max_dex, a.name) for a in (*f.worn, *f.shields_held) if a.max_dex is not None]
    burden_limit = stats.BURDEN_DEX_LIMIT[f.burden]
    if burden_limit is not None:
        limits.append((burden_limit, f.burden))
    return min(limits) if limits else (None, "")


def _dexterity_part(f: Fighter) -> DefencePart:
    amount = stats.modifier(f.dexterity)
    reason = f"Dexterity {f.dexterity}"
    limit, source = dexterity_limit(f)
    if limit is not None and amount > limit:
        amount, reason = limit, f"{reason}, limited by {source}"
    return DefencePart(DEXTERITY, amount, reason)


def _best(kind: str, options: list[tuple[int, str]]) -> list[DefencePart]:
    """Within a kind only the best counts."""
    options = [o for o in options if o[0] > 0]
    if not options:
        return []
    amount, reason = max(options, key=lambda o: o[0])
    return [DefencePart(kind, amount, reason)]


def _shield_parts(f: Fighter) -> list[DefencePart]:
    """Within the Shield kind only the best counts: the shield held whose Defence, its own
    magic included, is highest (two +3 small shields defend as one), plus the style's rank.
    Nothing held, nothing to add to."""
    held = [(hand, s) for hand, s in (("main", f.main_hand), ("off", f.off_hand))
            if isinstance(s, Armour)]
    if not held:
        return []
    magic = [m for m in f.magic if m.what == "shield" and m.amount]

    def own(hand: str) -> list[Magic]:
        return [m for m in magic if m.scope == hand]

    hand, best = max(held, key=lambda h: h[1].defence + sum(m.amount for m in own(h[0])))
    style = melee_style(f)
    extra = (f.style_rank(style) // 3
             if style in (stats.SWORD_AND_BOARD, stats.TWO_SHIELDS) else 0)
    reason = best.name + (f", rank {f.style_rank(style)} in {style}" if extra else "")
    others = [m for m in magic if m.scope not in ("main", "off")]  # worn: it adds to the best
    return _best(SHIELD, [(best.defence + extra, reason)]) + [
        DefencePart(SHIELD, m.amount, m.reason) for m in own(hand) + others]


def _parry_options(f: Fighter) -> list[tuple[int, str]]:
    style = melee_style(f)
    style_parry = (stats.rank_bonus(f.style_rank(style)).parry
                   if style in (stats.DUELIST, stats.STAFF_FIGHTER) else 0)
    options = []
    for w in f.weapons_held:
        skill_parry = stats.rank_bonus(f.skill(w.skill)).parry if w.skill in stats.PARRY_SKILLS \
            else 0
        options.append((w.parry + skill_parry + style_parry, w.name))
    return options


def _dodge_parts(f: Fighter) -> list[DefencePart]:
    """Dodge is the one kind that adds up; a stance's negative Defence is only a penalty."""
    tumble = f.skill(stats.TUMBLE)
    dodge = (_nonzero(max(0, f.stance.defence), f"{f.stance.name} stance")
             + _nonzero(talents.tumble_dodge(tumble), f"rank {tumble} in {stats.TUMBLE}")
             + f.magic_for("dodge"))
    parts = [DefencePart(DODGE, m.amount, m.reason) for m in dodge]
    if f.stance.defence < 0:
        parts.append(DefencePart(PENALTY, f.stance.defence, f"{f.stance.name} stance"))
    return parts


def defence(f: Fighter) -> DefenceProfile:
    """Defence 10 plus its kinds; Protection from every piece, natural armour and talents."""
    return _by_fighter(_defence, f)


def _defence(f: Fighter) -> DefenceProfile:
    body = [(a.defence, a.name) for a in f.worn if a.category == "Armour"]
    parts = [_dexterity_part(f)]
    parts += _best(ARMOUR, body) + _magic_parts(ARMOUR, f.magic_for("armour"), bool(body))
    parts += _shield_parts(f)
    parts += _best(PARRY, _parry_options(f))
    parts += _best(NATURAL, [(f.natural_defence, f.natural_noun or "natural armour")]
                   + [(m.amount, m.reason) for m in f.magic_for("natural")])
    parts += _dodge_parts(f)
    parts += _best(DEFLECTION, [(m.amount, m.reason) for m in f.magic_for("deflection")])
    parts += _best(WALL, [(f.wall, "wall")])
    style = melee_style(f)
    protection = _protection_parts(f)
    return DefenceProfile(
        parts=tuple(parts),
        protection_parts=protection,
        by_kind=_by_kind(f, sum(m.amount for m in protection)),
        protection_noun=_protection_noun(f),
        natural_noun=f.natural_noun,
        parries_missiles=(style == stats.DUELIST
                          and f.style_rank(style) >= stats.MEASURE_RANK),
        max_hp=f.max_hp,
        crit_immune=f.crit_immune,
        resistances=tuple((what.removeprefix("resist_"), m.amount, m.reason)
                          for what in MAGIC_KINDS if what.startswith("resist_")
                          for m in f.magic_for(what) if m.amount > 0),
    )


def _magic_parts(kind: str, magic: list[Modifier], base: bool) -> list[DefencePart]:
    """Magic armour or a magic shield adds to its own base ("may add more than its base"),
    a minus included; without the piece there is nothing to add to."""
    return [DefencePart(kind, m.amount, m.reason) for m in magic] if base else []


def _protection_parts(f: Fighter) -> tuple[Modifier, ...]:
    """Every piece adds up; a shield gives none."""
    parts = [Modifier(a.protection, a.name) for a in f.worn if a.protection and not a.is_shield]
    parts += _nonzero(f.natural_protection, f.natural_noun or "natural armour")
    if BULWARK in f.talents:
        parts.append(Modifier(talents.BULWARK_PROTECTION, BULWARK))
    if BATTLE_SCARRED in f.talents:
        parts.append(Modifier(talents.SCARRED_RAGING if f.raging else talents.SCARRED_PROTECTION,
                              BATTLE_SCARRED))
    return tuple(parts + f.magic_for("protection"))


def _by_kind(f: Fighter, total: int) -> tuple[tuple[str, int], ...]:
    """The total Protection against each armour kind that some worn piece treats differently."""
    pieces = [a for a in f.worn if not a.is_shield]
    out = []
    for kind in ARMOUR_KINDS:
        change = sum(a.protection_against(kind) - a.protection for a in pieces)
        if change:
            out.append((kind, total + change))
    return tuple(out)


def _protection_noun(f: Fighter) -> str:
    """What a full glance names: the body armour if it protects, else the piece that protects
    most; a creature's natural armour; otherwise just "armour"."""
    pieces = [a for a in f.worn if a.protection and not a.is_shield]
    body = [a for a in pieces if a.slot == "body"]
    if body:
        return body[0].noun or body[0].name
    best = max(pieces, key=lambda a: a.protection, default=None)
    if best is not None and best.protection >= f.natural_protection:
        return best.noun or best.name
    return f.natural_noun or "armour"
