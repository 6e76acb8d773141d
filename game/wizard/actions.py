"""The wizard's commands are world actions (``game.world.play.wizard_actions``) so that every saved
game can replay them; this name is kept for the wizard layer's readers."""

from game.world.play.wizard_actions import (  # noqa: F401
    STATS,
    CreateCreature,
    CreateItem,
    Enable,
    GainLevel,
    GoToDepth,
    Heal,
    Invulnerable,
    KillAll,
    MapLevel,
    Regenerate,
    SetRank,
    SetStat,
    ShowRolls,
    Teleport,
    WakeAll,
    WizardAction,
)
