"""The page of a SCORM 1.2 quiz task: one self-contained HTML file (its boards inline SVG, its sounds
data: addresses, its script and style inline, a Content-Security-Policy that forbids any request) that
asks a bank's items, checks each answer, and reports the score to the LMS through the SCORM 1.2 API.

Every word is written here for the reader, escaped for HTML; what the script shows (each choice's
feedback, the result) travels as JSON in a `<script type="application/json">` with `<`, `>` and `&`
escaped, so that no title or feedback can end the script, and the script puts it in the page as text.
The right replies are there only as salted hashes and the sentences that tell them are sealed
(muzlab.views.sealed): the page's source does not show the answers.
The script (SCRIPT) finds the LMS's API as the SCORM 1.2 run-time environment's discovery algorithm does
(the window's parents, at most 7 up, then its opener), calls LMSInitialize (and marks a first visit
"incomplete"), and once every item is answered writes cmi.core.score.raw, .min, .max,
cmi.core.lesson_status and cmi.core.session_time, then LMSCommit and LMSFinish; a page closed earlier
writes its time (its status stays as it was). It says in one line when no LMS is found, when the LMS
does not take the score, and when a sound cannot be played (a player's frame that blocks media).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json

from muzlab.names.reader import Reader
from muzlab.views.bank import Bank, BankItem, xml_safe
from muzlab.views.sealed import SEAL_SCRIPT, reply_hash, seal

#: Nothing may be fetched: images and sounds are data: addresses, style and script are inline.
POLICY = ("default-src 'none'; img-src data:; media-src data:; style-src 'unsafe-inline'; "
          "script-src 'unsafe-inline'")

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 46rem; padding: 1rem;
       line-height: 1.4; }
.muz-status { border-left: 4px solid #b06000; padding: 0.3rem 0.6rem; background: #fff4e5; }
.muz-status:empty { display: none; }
ol { padding: 0; list-style: none; }
fieldset { border: 1px solid #ccc; border-radius: 6px; margin: 0 0 1rem; padding: 0.6rem 1rem; }
legend { font-weight: bold; }
svg { max-width: 100%; height: auto; display: block; }
label { display: block; padding: 0.25rem 0; cursor: pointer; }
button { font: inherit; padding: 0.3rem 1rem; margin-top: 0.4rem; }
.muz-right { color: #1b6e20; }
.muz-wrong { color: #a01818; }
.muz-feedback p { margin: 0.3rem 0; }
"""

#: What a SCORM page of muzlab needs of the LMS (the quiz's page and a lesson's, muzlab.app.lite.scorm):
#: `muzScorm.getAPI()` finds the API as the SCORM 1.2 run-time environment's discovery algorithm does,
#: `muzScorm.set` sets a value and says whether the LMS took it, `muzScorm.sessionTime()` is the time
#: since the page opened as SCORM 1.2 writes it (HHHH:MM:SS.SS).
API_SCRIPT = r"""
var muzScorm = (function () {
  "use strict";
  var started = Date.now();
  // SCORM 1.2 RTE API discovery: this window's parents (at most 7 up), then its opener's.
  function findAPI(win) {
    var tries = 0;
    try {
      while (win.API == null && win.parent != null && win.parent != win) {
        tries += 1;
        if (tries > 7) { return null; }
        win = win.parent;
      }
      return win.API || null;
    } catch (error) { return null; }  // a parent of another origin
  }
  function getAPI() {
    var found = findAPI(window);
    try {
      if (found == null && window.opener != null) { found = findAPI(window.opener); }
    } catch (error) { found = null; }
    return found;
  }
  function set(api, name, value) { return String(api.LMSSetValue(name, value)) === "true"; }
  function sessionTime() {
    var centis = Math.round((Date.now() - started) / 10);
    var hours = Math.floor(centis / 360000), minutes = Math.floor(centis / 6000) % 60;
    var seconds = Math.floor(centis / 100) % 60, rest = centis % 100;
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return ("000" + Math.min(hours, 9999)).slice(-4) + ":" + two(minutes) + ":" + two(seconds) + "." +
      two(rest);
  }
  return {getAPI: getAPI, set: set, sessionTime: sessionTime};
}());
"""

SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("muz-data").textContent);
  var status = document.getElementById("muz-status");
  var api = null, finished = false, results = [];
  var sessionTime = muzScorm.sessionTime;

  function say(words) { status.textContent = words; }
  function set(name, value) { return muzScorm.set(api, name, value); }
  function refused() {
    var code = "";
    try { code = String(api.LMSGetLastError()); } catch (error) { code = "?"; }
    say(data.words.refused.replace("{code}", code));
    api = null;
  }

  api = muzScorm.getAPI();
  if (api == null) {
    say(data.words.noLms);
  } else if (String(api.LMSInitialize("")) !== "true") {
    refused();
  } else {
    // a first visit becomes "incomplete"; a visit after a result leaves that result as it is
    var before = String(api.LMSGetValue("cmi.core.lesson_status"));
    if ((before === "not attempted" || before === "") &&
        (!set("cmi.core.lesson_status", "incomplete") || String(api.LMSCommit("")) !== "true")) {
      refused();
    }
  }

  function report(right) {
    var score = Math.round(100 * right / data.items.length);
    var passed = data.pass > 0 ? score >= data.pass : null;
    var words = data.words.result.replace("{right}", right).replace("{score}", score);
    if (passed !== null) { words += " " + (passed ? data.words.passed : data.words.notPassed); }
    document.getElementById("muz-result").textContent = words;
    if (api == null) { return; }
    var lessonStatus = passed === null ? "completed" : (passed ? "passed" : "failed");
    if (!(set("cmi.core.score.min", "0") && set("cmi.core.score.max", "100") &&
          set("cmi.core.score.raw", String(score)) && set("cmi.core.lesson_status", lessonStatus) &&
          set("cmi.core.session_time", sessionTime()) && String(api.LMSCommit("")) === "true")) {
      refused();
      return;
    }
    finished = true;
    api.LMSFinish("");
    api = null;
    say(data.words.recorded);
  }

  function check(index) {
    var item = data.items[index], box = document.getElementById("muz-item-" + index);
    var inputs = box.querySelectorAll("input"), chosen = [];
    var feedback = box.querySelector(".muz-feedback");
    for (var i = 0; i < inputs.length; i += 1) { if (inputs[i].checked) { chosen.push(i); } }
    feedback.textContent = "";
    function line(words, css) {
      var p = document.createElement("p");
      p.textContent = words;
      p.setAttribute("dir", "auto");
      if (css) { p.className = css; }
      feedback.appendChild(p);
    }
    if (chosen.length === 0) { line(data.words.chooseFirst, ""); return; }
    // the right reply is only a salted hash, and the sentences are sealed (muzlab.views.sealed)
    var right = muzSealed.replyHash(item.salt, chosen) === item.answer;
    var after = JSON.parse(muzSealed.open(item.after, item.salt, "after"));
    function said(c) { return muzSealed.open(item.feedback[c], item.salt, "choice " + c); }
    for (var j = 0; j < inputs.length; j += 1) { inputs[j].disabled = true; }
    box.querySelector("button").disabled = true;
    // one choice's own sentence already says right or wrong; several choices need the verdict
    var verdict = right ? "muz-right" : "muz-wrong", shown = "";
    if (item.several || !said(chosen[0])) {
      line(right ? data.words.right : after.wrong, verdict);
      verdict = "";
    }
    chosen.forEach(function (c) {
      line(said(c), verdict);
      shown += said(c) + "\n";
    });
    if (shown.indexOf(after.general) < 0) { line(after.general, ""); }  // (the explanation, once)
    results[index] = right;
    var answered = results.filter(function (r) { return r !== undefined; }).length;
    if (answered === data.items.length) {
      report(results.filter(function (r) { return r; }).length);
    }
  }

  data.items.forEach(function (item, index) {
    document.getElementById("muz-item-" + index).querySelector("button")
      .addEventListener("click", function () { check(index); });
  });
  Array.prototype.forEach.call(document.querySelectorAll("audio"), function (audio) {
    audio.addEventListener("error", function () { say(data.words.noSound); });
  });
  window.addEventListener("pagehide", function () {
    if (api == null || finished) { return; }
    finished = true;
    set("cmi.core.session_time", sessionTime());
    api.LMSCommit("");
    api.LMSFinish("");
  });
}());
"""


def _text(words: str) -> str:
    return html.escape(xml_safe(words))


def script_json(value: object) -> str:
    """JSON that can stand inside a `<script>`: no `<`, `>` or `&` (so no `</script>`), no line
    separators a browser's script might read as line ends."""
    text = json.dumps(value, ensure_ascii=False)
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                          ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return text


def _item_html(item: BankItem, index: int, count: int, reader: Reader) -> str:
    """An item as a fieldset: its number, text, board or sound, choices, Check button and the place
    its feedback is shown."""
    kind = "checkbox" if item.several else "radio"
    parts = [f'<li><fieldset id="muz-item-{index}" class="muz-item">',
             "<legend>{}</legend>".format(_text(reader.gettext("Question {number} of {count}").format(
                 number=index + 1, count=count))),
             f'<p dir="auto">{_text(item.text)}</p>']
    if item.picture is not None:
        # muzlab's own SVG: no script, no address, its words inside (aria-label)
        parts.append(item.picture.data.decode())
    if item.sound is not None:
        sound = base64.b64encode(item.sound.data).decode("ascii")
        parts.append(f'<audio controls src="data:{item.sound.media_type};base64,{sound}">'
                     f'{_text(item.sound.alt)}</audio>')
    for number, choice in enumerate(item.choices):
        parts.append(f'<label dir="auto"><input type="{kind}" name="muz-{index}" value="{number}"> '
                     f"{_text(choice.text)}</label>")
    check = reader.gettext("Check")  # (the button)
    parts.append(f'<button type="button">{_text(check)}</button>')
    parts.append('<div class="muz-feedback" aria-live="polite"></div></fieldset></li>')
    return "".join(parts)


def _item_data(item: BankItem, index: int, reader: Reader) -> dict[str, object]:
    """What the script needs of an item, none of it readable in the page's source: the right reply as a
    salted hash, and sealed (muzlab.views.sealed) what each choice says, the explanation and what a wrong
    answer reads."""
    salt = hashlib.sha256(f"muzlab-scorm|{item.ident}|{index}".encode()).hexdigest()[:16]
    right = [choice.text for choice in item.choices if choice.right]
    wrong = reader.ngettext("Not quite: the right answer is {answers}.",
                            "Not quite: the right answers are {answers}.", len(right)).format(
        answers=", ".join(right))
    after = json.dumps({"general": xml_safe(item.feedback), "wrong": xml_safe(wrong)}, ensure_ascii=False)
    return {"salt": salt, "several": item.several,
            "answer": reply_hash(salt, [n for n, choice in enumerate(item.choices) if choice.right]),
            "feedback": [seal(xml_safe(choice.feedback), salt, f"choice {n}")
                         for n, choice in enumerate(item.choices)],
            "after": seal(after, salt, "after")}


def quiz_page(bank: Bank, reader: Reader, pass_mark: int) -> str:
    """The quiz page of `bank` (its boards as SVG), in `reader`'s words; `pass_mark` (0 to 100, 0:
    none) decides passed or failed, else the task is just completed."""
    count = len(bank.items)
    words = {
        "noLms": reader.gettext("No learning platform found: the questions work, but your score is not "
                                "recorded."),
        "refused": reader.gettext("The learning platform did not take your score (its error {code}): "
                                  "tell your teacher."),
        "recorded": reader.gettext("Your score is recorded."),
        "noSound": reader.gettext("This page cannot play its sounds here: open the task in a new window, "
                                  "or tell your teacher."),
        "chooseFirst": reader.gettext("Choose an answer first."),
        "right": reader.gettext("Right!"),
        "result": reader.ngettext("{right} of {count} question right: score {score} of 100.",
                                  "{right} of {count} questions right: score {score} of 100.",
                                  count).replace("{count}", str(count)),
        "passed": reader.gettext("Passed (the pass mark is {mark})."),
        "notPassed": reader.gettext("Not passed yet (the pass mark is {mark})."),
    }
    words = {name: xml_safe(text.replace("{mark}", str(pass_mark))) for name, text in words.items()}
    data = {"items": [_item_data(item, index, reader) for index, item in enumerate(bank.items)],
            "words": words, "pass": pass_mark}
    intro = reader.ngettext("{count} question: answer it, then press Check.",
                            "{count} questions: answer each, then press Check.", count).format(count=count)
    items = "\n".join(_item_html(item, index, count, reader) for index, item in enumerate(bank.items))
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(reader.language)}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_text(bank.title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
            f'<h1 dir="auto">{_text(bank.title)}</h1>\n'
            '<p id="muz-status" class="muz-status" role="status"></p>\n'
            f"<p>{_text(intro)}</p>\n<ol>\n{items}\n</ol>\n"
            '<p id="muz-result" role="status" aria-live="polite"></p>\n</main>\n'
            f'<script type="application/json" id="muz-data">{script_json(data)}</script>\n'
            f"<script>{API_SCRIPT}{SEAL_SCRIPT}{SCRIPT}</script>\n</body>\n</html>\n")
