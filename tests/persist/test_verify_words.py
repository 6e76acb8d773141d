"""What verify says, in words a person would write."""

from persist_helpers import bot_save

from game.persist.replay import verify
from game.rules.messages import plural


def test_one_checkpoint_is_one_checkpoint(tmp_path):
    path = bot_save(tmp_path / "short.json", 4, 10)
    code, message = verify(path)
    assert code == 0 and "1 checkpoint," in message and "checkpoints" not in message


def test_plural():
    assert [plural(n, "kill") for n in (0, 1, 2)] == ["0 kills", "1 kill", "2 kills"]
