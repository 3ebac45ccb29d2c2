"""The class server in two languages at one table, in a real browser: Claire reads her page in
French (and, with it, solfège), Ben his in English, the teacher the dashboard in German; each page
is in its own language and neither student sees the other's words."""

from __future__ import annotations

import re

import pytest
from class_devices import WAIT, server_caught_up, sit_down, student_page, teacher_page

from muzlab.names.reader import Reader
from muzlab.names.spelling import pitch_label
from muzlab.play.game import Game

pytestmark = [pytest.mark.browser, pytest.mark.slow]
#: The parts of a student's page written in its language (buttons, the join form, who and where, the
#: die in hand, the last move, the refusals).
OWN_WORDS = (".muz-settings-button", ".muz-language", ".muz-note-names label", ".muz-key label",
             ".muz-roll", ".muz-pass", ".muz-who", ".muz-hand", ".muz-last", ".muz-message")
ENGLISH_WORDS = ("Roll", "Pass", "Settings", "Note names", "Key of the lesson", "Last move", "places",
                 "die in hand", "table 1", "It is", "Watch", "Your turn")
FRENCH_WORDS = ("Lancer", "Passer", "Réglages", "Noms des notes", "Tonalité", "Dernier coup", "pose",
                "dé en main", "table 1", "C'est au tour", "Regarde", "À toi")


def words_of(page) -> str:
    """The page's own words on screen (a button the student cannot use now is hidden, not read)."""
    return " ".join(" ".join(page.locator(f"{css}:visible").all_inner_texts()) for css in OWN_WORDS)


def found(words: tuple[str, ...], text: str) -> list[str]:
    """The words (whole words) that `text` holds."""
    return [word for word in words if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def test_a_french_and_an_english_student_at_one_table(class_server, browser):
    from playwright.sync_api import expect

    server = class_server
    outside: list[str] = []
    seed = 1
    face = Game(2, seed=seed).roll()
    pages = {}
    for nickname, language in (("Claire", "Français"), ("Ben", None)):
        page = student_page(browser, server.students, outside)
        if language:
            page.select_option(".muz-language select", label=language)
            expect(page.locator(".muz-join")).to_have_text("Rejoindre", timeout=WAIT)
        pages[nickname] = sit_down(page, nickname)
    claire, ben = pages["Claire"], pages["Ben"]
    assert "lang=fr" in claire.url and "names=" not in claire.url  # solfège comes with French
    assert "Fa Sol La Si" in claire.locator(".muz-note-names select").input_value()  # solfège

    teacher = teacher_page(browser, server.teacher, outside, tracked=True)
    teacher.select_option(".muz-language select", label="Deutsch")
    expect(teacher.locator(".muz-deal")).to_have_text("Verteilen", timeout=WAIT)
    expect(teacher.locator(".muz-roster-box h3")).to_have_text("Klassenliste: 2 beigetreten")
    teacher.click(".muz-mode button:has-text('Duplikat-Turnier')")  # (the game's own dice)
    teacher.fill(".muz-teacher-page input[type=number]", str(seed))
    teacher.locator(".muz-teacher-page input[type=number]").press("Enter")
    server_caught_up(teacher)
    teacher.click(".muz-deal")
    expect(teacher.locator(".muz-message")).to_contain_text("Runde 1: 1 Tisch", timeout=WAIT)

    expect(claire.locator(".muz-who")).to_contain_text("Claire — table 1", timeout=WAIT)
    expect(ben.locator(".muz-who")).to_contain_text("Ben — table 1", timeout=WAIT)
    expect(claire.locator(".muz-roll")).to_have_text("Lancer")
    expect(claire.locator(".muz-status")).to_contain_text("À toi de jouer !")
    expect(ben.locator(".muz-status")).to_contain_text("Watch: it is not your turn.")
    expect(claire.locator(".muz-last")).to_have_text("Dernier coup : Aucun coup pour l'instant.")
    expect(ben.locator(".muz-last")).to_have_text("Last move: No move yet.")
    ben.click("[data-cell='0,0']", force=True)  # out of turn: refused, in Ben's English
    expect(ben.locator(".muz-message")).to_contain_text("It is Claire's turn", timeout=WAIT)

    claire.click(".muz-roll")
    expect(claire.locator(".muz-hand")).to_contain_text("dé en main", timeout=WAIT)
    claire.wait_for_selector(".muz-legal", state="attached", timeout=WAIT)
    claire.click("[data-cell='0,0']", force=True)
    solfege = pitch_label(face, Reader("solfege", typeset=True, language="fr"), prose=True)  # "fa♯"
    english = pitch_label(face, Reader(typeset=True))
    expect(claire.locator(".muz-last")).to_contain_text(f"Claire pose {solfege} sur e5",
                                                        timeout=WAIT)
    expect(ben.locator(".muz-last")).to_contain_text(f"Claire places {english} on e5", timeout=WAIT)
    expect(teacher.locator(".muz-leaderboard th").first).to_have_text("Spitzname", timeout=WAIT)

    french, english_page = words_of(claire), words_of(ben)
    shared = set(ENGLISH_WORDS) & set(FRENCH_WORDS)  # ("table 1" reads the same)
    assert [word for word in found(ENGLISH_WORDS, french) if word not in shared] == []
    assert [word for word in found(FRENCH_WORDS, english_page) if word not in shared] == []
    assert found(("Lancer", "Dernier coup", "pose", "Noms des notes"), french) == [
        "Lancer", "Dernier coup", "pose", "Noms des notes"]
    # (Claire plays again: Ben's page shows no button now, only the usable ones are shown)
    assert found(("Roll", "Last move", "places", "Note names"), english_page) == [
        "Last move", "places", "Note names"]
    claire.reload()  # the address keeps the language
    expect(claire.locator(".muz-roll")).to_have_text("Lancer", timeout=60_000)
    assert outside == []


def test_the_teachers_harmony_menu_is_kept_in_the_address_and_the_class_folder(class_server, browser):
    """A German teacher's page reads Funktionstheorie; the teacher who teaches Stufentheorie chooses
    Roman numerals once: a reload keeps it (the address), and so does the printed address opened again
    next lesson (the class folder)."""
    from playwright.sync_api import expect

    teacher = teacher_page(browser, class_server.teacher)
    menu = teacher.locator(".muz-teacher-top .muz-harmony select")
    expect(menu.locator("option:checked")).to_have_text("Roman numerals: I IV V", timeout=WAIT)
    teacher.select_option(".muz-language select", label="Deutsch")
    expect(teacher.locator(".muz-deal")).to_have_text("Verteilen", timeout=WAIT)
    expect(menu.locator("option:checked")).to_have_text("Funktionen: T S D", timeout=WAIT)
    assert "harmony=" not in teacher.url
    menu.select_option(label="Stufen: I IV V")
    teacher.wait_for_url(re.compile(r"harmony=roman"), timeout=WAIT)
    teacher.reload()
    teacher.wait_for_selector(".muz-deal", timeout=60_000)
    expect(menu.locator("option:checked")).to_have_text("Stufen: I IV V", timeout=WAIT)
    teacher.goto(class_server.teacher)  # the printed address, next lesson: German, Stufen
    teacher.wait_for_selector(".muz-deal", timeout=60_000)
    expect(teacher.locator(".muz-deal")).to_have_text("Verteilen", timeout=WAIT)
    expect(menu.locator("option:checked")).to_have_text("Stufen: I IV V", timeout=WAIT)

