"""The README's "Sharing a game" commands work as written (their files written elsewhere)."""

from __future__ import annotations

import re
import shlex

from share_helpers import ROOT, share


def test_the_readmes_sharing_commands_work(tmp_path, monkeypatch):
    section = (ROOT / "README.md").read_text().split("## Sharing a game", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    commands = [shlex.split(line.split("#")[0]) for line in block.group(1).splitlines()]
    assert {c[5] for c in commands} == {"--cast", "--html"}
    monkeypatch.chdir(ROOT)  # the README's paths are the repository's
    for words in commands:
        assert words[:4] == ["python", "-m", "game", "replay"]
        out = tmp_path / words[6]
        assert share(*words[4:6], str(out), *words[7:]) == 0
        assert out.stat().st_size > 10_000
