"""The `muzlab` command answers bad arguments with one line naming the problem and exit code 2."""

import subprocess
import sys

import pytest

import muzlab
from muzlab.cli import command_language, main
from muzlab.core.errors import MuzlabError
from muzlab.names.letters import scale_notes
from muzlab.play.agents import make_agent


@pytest.fixture(autouse=True)
def english_environment(monkeypatch):
    """The command reads its language from the environment: these tests read English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--agents", "nope", "--games", "2"], "unknown agent 'nope'"),
        (["simulate", "--agents", ",", "--games", "2"], "--agents needs at least one agent name"),
        (["simulate", "--agents", "greedy,greedy,greedy,greedy,greedy", "--games", "2"], "1 to 4 players"),
        (["simulate", "--games", "-3"], "argument --games: -3 is too small"),
        (["simulate", "--games", "many"], "argument --games: 'many' is not a whole number"),
        (["simulate", "--games", "1" * 31],
         "111111111111…111111 (31 digits) is too large (at most 1,000,000,000,000,000)"),
        (["simulate", "--games", "1" + "0" * 15 + "1"], "is too large (at most 1,000,000,000,000,000)"),
        (["simulate", "--dice", "10001"], "argument --dice: 10,001 is too large (at most 10,000)"),
        (["class", "--port", "9" * 40], "(40 digits) is too large (at most 65,535)"),
        (["simulate", "--workers", "0"], "argument --workers: 0 is too small"),
        (["simulate", "--dice", "0"], "argument --dice: 0 is too small"),
        (["simulate", "--retries", "-1"], "argument --retries"),
        (["simulate", "--rules", "pro"], "invalid choice: 'pro'"),
        (["simulate", "--dataset", "--games", "2"], "--dataset needs --out FOLDER"),
        (["simulate", "--colour", "red"], "unrecognized arguments: --colour red"),
        (["perft", "--board", "moon", "--games", "1"], "no shipped board named 'moon'"),
        (["perft", "--check", "/nonexistent/golden.txt"], "golden.txt does not exist"),
        (["perft", "--games", "0"], "argument --games: 0 is too small"),
        (["fly"], "invalid choice: 'fly'"),
        ([], "the following arguments are required: command"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(argv, message, capsys):
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse stops the parse itself
        code = stop.code
    captured = capsys.readouterr()
    assert code == 2
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("muzlab") and message in lines[0]
    assert "Traceback" not in captured.err and captured.out == ""


def test_a_golden_file_that_cannot_be_read_is_named(tmp_path, capsys):
    golden = tmp_path / "golden.txt"
    golden.write_text("1 2 3 | standard\n")
    assert main(["perft", "--check", str(golden)]) == 2
    assert "expected 12 counts" in capsys.readouterr().err


def test_the_installed_command_shows_no_traceback_for_an_unknown_agent():
    argv = [sys.executable, "-m", "muzlab.cli", "simulate", "--agents", "nope", "--games", "2"]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.strip() == ("muzlab simulate: unknown agent 'nope'; known agents: "
                                   "['expert', 'greedy', 'random']")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "action",
    [
        lambda: muzlab.RuleSet.named("expert"),
        lambda: muzlab.RuleSet(scale_types=("blues",)),
        lambda: muzlab.RuleSet(triad_qualities=("suspended",)),
        lambda: muzlab.RuleSet(opening_scores="no"),
        lambda: make_agent("clever"),
        lambda: muzlab.simulate(2, ("clever",)),
        lambda: muzlab.simulate(2, ("greedy",), rules="expert"),
        lambda: muzlab.Game(board="moon"),
        lambda: muzlab.set_note_names("klingon"),
        lambda: scale_notes("C", "blues"),
    ],
)
def test_unknown_names_and_settings_raise_a_muzlab_error(action):
    with pytest.raises(MuzlabError) as error:
        action()
    assert isinstance(error.value, MuzlabError) and isinstance(error.value, ValueError)


def subcommands() -> list[str]:
    """Every subcommand of the `muzlab` command, including ones added later."""
    from muzlab.cli import build_parser

    (commands,) = [action for action in build_parser()._actions if action.dest == "command"]
    return sorted(commands.choices)


@pytest.mark.parametrize("command", subcommands())
def test_every_subcommand_refuses_an_unknown_option_in_one_line(command, capsys):
    with pytest.raises(SystemExit) as stop:
        main([command, "--no-such-option"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    (line,) = err.strip().splitlines()
    assert line.startswith("muzlab") and ("--no-such-option" in line or "required" in line)


@pytest.mark.parametrize(
    ("argv", "environment", "message"),
    [
        (["--language", "de", "simulate", "--games", "0"], {}, "Argument --games: 0 ist zu klein"),
        (["simulate", "--games", "0", "--language=fr"], {}, "0 est trop petit\u00a0; il faut au moins 1"),
        (["simulate", "--dataset"], {"LANG": "fr_FR.UTF-8"}, "--dataset demande --out DOSSIER"),
        (["simulate", "--dataset"], {"LANG": "de_DE.UTF-8", "LANGUAGE": "es"}, "--dataset necesita --out"),
        (["simulate", "--dataset"], {"LANG": "C.UTF-8"}, "--dataset needs --out FOLDER"),
        (["simulate", "--dataset"], {"LANG": "pt_BR.UTF-8"}, "--dataset needs --out FOLDER"),
        (["--language", "pt", "simulate"], {}, "unknown language 'pt'; muzlab speaks en (English)"),
    ],
)
def test_the_command_speaks_the_language_asked_for_or_the_environments(argv, environment, message, capsys,
                                                                       monkeypatch):
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code
    lines = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and message in lines[0], lines


def test_a_class_folder_that_is_not_a_class_is_named_in_the_readers_language(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "class.sqlite").write_bytes(b"not a database at all")
    assert main(["--language", "es", "class", str(folder), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "class.sqlite no es un archivo SQLite (puede estar dañado): restáurelo desde una copia" in err


def test_the_help_is_written_in_the_commands_language(capsys):
    with pytest.raises(SystemExit):
        main(["--language", "fr", "--help"])
    assert "jouer de nombreuses parties" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--language", "de", "simulate", "--help"])
    assert "kein Fortschrittsbalken" in capsys.readouterr().out
    assert command_language([], {"LC_MESSAGES": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"}) == "es"


# ---- what the command prints, in its language ---------------------------------------------------------
@pytest.fixture(scope="module")
def template():
    from test_languages import catalogues

    return catalogues.extract()


def _english_left(text: str, code: str, template) -> set[str]:
    """Words of `text` that only the English sentences use (the check of tests/test_languages.py)."""
    import re

    from test_languages import english_words

    return set(re.findall(r"[a-zà-ÿ]{3,}", text.lower())) & english_words(code, template)


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_perft_prints_its_counts_and_speed_in_the_commands_language(code, template, capsys):
    import re

    assert main(["perft", "--games", "3", "--dice", "12"]) == 0
    english = capsys.readouterr().out
    assert main(["--language", code, "perft", "--games", "3", "--dice", "12"]) == 0
    said = capsys.readouterr().out
    positions, placements = re.match(r"(\d+) positions .*?, (\d+) legal", english).groups()
    counted, speed = said.strip().splitlines()
    assert counted.startswith(f"{positions} ") and f" {placements} " in counted  # the same facts
    assert not _english_left(said, code, template), said
    mark = {"de": ".", "fr": "\u202f", "es": "."}[code]  # calls/s, grouped as the language groups digits
    assert re.fullmatch(rf"legal_placements\W+\d{{1,3}}(?:{mark}\d{{3}})+ \S+.*", speed), speed


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_simulate_reports_in_the_commands_language_with_the_same_figures(code, template, capsys):
    import re

    argv = ["simulate", "--games", "6", "--agents", "greedy,random", "--alternate-seats", "--quiet",
            "--engine", "pure"]
    assert main(argv) == 0
    english = capsys.readouterr().out
    assert main(["--language", code, *argv]) == 0
    said = capsys.readouterr().out
    assert not _english_left(said, code, template), said
    assert "Player" not in said and {"de": "Spieler 2", "fr": "Joueur 2", "es": "Jugador 2"}[code] in said
    figures = re.findall(r"\d+[.,]?\d*", english)
    local = [figure.replace(",", ".") for figure in re.findall(r"\d+[.,]?\d*", said)]
    assert local == figures  # every figure kept, in order, with the language's decimal mark
    assert re.search(r"\d,\d\d", said) and not re.search(r"\d\.\d\d", said)


def test_the_class_server_says_where_it_listens_in_the_commands_language(monkeypatch, tmp_path):
    from muzlab.app import server
    from muzlab.names.output_words import listening_lines
    from muzlab.names.reader import Reader

    served = {}
    monkeypatch.setattr(server, "serve", lambda *args, **kwargs: served.update(kwargs))
    assert main(["--language", "fr", "class", str(tmp_path / "class"), "--no-browser"]) == 0
    reader = served["reader"]
    assert reader.language == "fr"
    students, teacher = "http://10.0.0.5:8870/?k=1", "http://10.0.0.5:8870/teacher?k=2"
    french = listening_lines(students, teacher, reader)
    assert french == f"élèves\u00a0: {students}\nprofesseur\u00a0: {teacher}"
    german = listening_lines(students, teacher, Reader(language="de"))
    assert german == f"Schülerinnen und Schüler: {students}\nLehrkraft: {teacher}"
    assert listening_lines(students, teacher, Reader()) == f"students: {students}\nteacher: {teacher}"


def test_a_dataset_run_reports_in_the_commands_language(template, tmp_path, capsys):
    argv = ["simulate", "--games", "6", "--agents", "greedy,random", "--quiet", "--engine", "pure",
            "--dataset"]
    assert main([*argv, "--out", str(tmp_path / "en")]) == 0
    english = capsys.readouterr().out.replace(str(tmp_path / "en"), "FOLDER")
    assert main(["--language", "de", *argv, "--out", str(tmp_path / "de")]) == 0
    said = capsys.readouterr().out.replace(str(tmp_path / "de"), "FOLDER")
    assert not _english_left(said, "de", template), said
    assert "Spieler 2" in said and "verpasst" in said and "Player" not in said
    assert said.count("\n") == english.count("\n")  # the same tables, row by row
