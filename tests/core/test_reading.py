"""One gate for every file (issue 23): each bad file is one KassenError line naming the file, the
key and what was expected, with the value shortened; never a traceback."""
import os

import pytest

from sim.cli import main
from sim.core import reading
from sim.core.errors import KassenError, ScenarioError, SaveError
from sim.core.save import load
from sim.core.scenario import open_game


@pytest.mark.parametrize("text, message", [
    # (tomllib may give up deep in its own recursion and call it invalid: one line either way)
    ("a = " + "[" * 3000 + "]" * 3000, "nested too deeply|not valid TOML"),
    ("a = " + "{b = " * 3000 + "1" + "}" * 3000, "nested too deeply|not valid TOML"),
    ("a = " + "[" * 50 + "]" * 50, r"a\[0\]\[0\].*nested too deeply"),
    ("a = " + "9" * 5000, "out of range"),
    ("a = 18446744073709551617000", "a: integer .* out of range"),
    ("a = nan", "a: expected a finite number, got nan"),
    ("[b]\nname = \"x\\u0000y\"", r"b\.name: text 'x\\x00y' holds a NUL"),
    ("a = = 1", "not valid TOML"),
])
def test_bad_toml_is_one_clear_line(tmp_path, text, message):
    path = tmp_path / "s.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError, match=message):
        reading.read_toml(path)


def test_invalid_utf8_names_the_line(tmp_path):
    path = tmp_path / "s.toml"
    path.write_bytes(b'system = "daimyo"\n\xff\xfe = 1\n')
    with pytest.raises(ScenarioError, match="not UTF-8 text .*line 2"):
        reading.read_toml(path)


@pytest.mark.parametrize("where, message", [
    ("folder", "is a folder"),
    ("file/under", "part of this path is a file"),
    ("/dev/zero", "not a regular file"),
    ("missing.toml", "no such file"),
])
def test_file_system_errors_are_one_line(tmp_path, where, message):
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x")
    with pytest.raises(ScenarioError, match=message):
        reading.read_toml(tmp_path / where)


def test_a_fifo_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(ScenarioError, match="not a regular file"):
        reading.read_toml(tmp_path / "pipe")


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text("# " + "x" * reading.SCENARIO_BYTES)
    with pytest.raises(ScenarioError, match="the limit is"):
        reading.read_toml(path)


@pytest.mark.parametrize("text, message", [
    ('{"a": NaN}', "NaN is not a number"),
    ('{"a": ' + "1" * 5000 + "}", "integer of 5000 digits"),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ('{"a": ', "not valid JSON"),
])
def test_bad_json_saves_are_one_clear_line(tmp_path, text, message):
    path = tmp_path / "s.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=message):
        load(path)


def test_a_long_bad_value_is_shortened_in_the_error_line(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(f'system = "{"z" * 1_000_000}"\n')
    with pytest.raises(ScenarioError) as err:
        open_game(path)
    assert len(str(err.value)) < 300 and "chars)" in str(err.value)


def test_check_of_a_binary_is_one_line(capsys):
    assert main(["check", "/bin/ls"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not UTF-8 text" in err
