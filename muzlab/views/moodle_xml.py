"""A question bank as Moodle XML: one UTF-8 file for Question bank > Import > Moodle XML format.

Moodle's format (question/format/xml/format.php): a `<quiz>` of `<question>`s; a `type="category"`
question puts the ones after it into `$course$/muzlab/<idea>` (a "/" inside a name is written "//");
each item is a `multichoice` question whose HTML text shows its board as
`<img src="@@PLUGINFILE@@/name">`, the picture itself a `<file name="name" path="/"
encoding="base64">` of that text. One right choice: `<single>true</single>`, fraction 100 for it and 0
for the others. Several (every cell where a die may go): `<single>false</single>`, each of k right
choices 100/k and each of w wrong ones −100/w, both from Moodle's list of allowed grades, so choosing
everything scores 0. Every text is escaped by the XML writer (no CDATA, so a title holding "]]>"
cannot end one); the file holds no date.
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

from muzlab.views.bank import Bank, BankItem, Media, paragraph, question_html, xml_safe

#: Moodle's allowed grades for 1 to 8 right (or wrong) choices: 100/k, as Moodle writes them.
FRACTIONS = {1: "100", 2: "50", 3: "33.33333", 4: "25", 5: "20", 6: "16.66667", 7: "14.28571", 8: "12.5"}
#: Where the bank's categories go in the course's question bank.
CATEGORY_ROOT = "$course$/muzlab"


def moodle_xml(bank: Bank) -> bytes:
    """The bank as one Moodle XML file (UTF-8): a category per idea, then its items."""
    quiz = ET.Element("quiz")
    by_category: dict[str, list[BankItem]] = {}
    for item in bank.items:
        by_category.setdefault(item.category, []).append(item)
    for category, items in by_category.items():
        question = ET.SubElement(quiz, "question", type="category")
        _text(ET.SubElement(question, "category"), f"{CATEGORY_ROOT}/{category.replace('/', '//')}")
        _text(ET.SubElement(question, "info", format="html"), paragraph(bank.title))
        for item in items:
            quiz.append(_question(item))
    ET.indent(quiz)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="utf-8",
                                                                    xml_declaration=False) + b"\n"


def _text(parent: ET.Element, text: str) -> ET.Element:
    """A `<text>` child holding `text` (escaped when written)."""
    ET.SubElement(parent, "text").text = xml_safe(text)
    return parent


def _question(item: BankItem) -> ET.Element:
    question = ET.Element("question", type="multichoice")
    _text(ET.SubElement(question, "name"), item.name)
    text = _text(ET.SubElement(question, "questiontext", format="html"),
                 question_html(item, lambda media: f"@@PLUGINFILE@@/{media.name}"))
    for media in (item.picture, item.sound):
        if media is not None:
            _file(text, media)
    _text(ET.SubElement(question, "generalfeedback", format="html"), paragraph(item.feedback))
    for tag, value in (("defaultgrade", "1"), ("penalty", "0.3333333"), ("hidden", "0"),
                       ("idnumber", item.ident), ("single", "false" if item.several else "true"),
                       ("shuffleanswers", "false"), ("answernumbering", "abc"),
                       ("showstandardinstruction", "1" if item.several else "0")):
        ET.SubElement(question, tag).text = value
    rights = sum(choice.right for choice in item.choices)
    wrongs = len(item.choices) - rights
    for choice in item.choices:
        if choice.right:
            fraction = FRACTIONS[rights] if item.several else "100"
        else:
            fraction = f"-{FRACTIONS[wrongs]}" if item.several else "0"
        answer = _text(ET.Element("answer", fraction=fraction, format="html"), paragraph(choice.text))
        _text(ET.SubElement(answer, "feedback", format="html"), paragraph(choice.feedback))
        question.append(answer)
    tags = ET.SubElement(question, "tags")
    for tag in item.tags:
        _text(ET.SubElement(tags, "tag"), tag)
    return question


def _file(parent: ET.Element, media: Media) -> None:
    """A file of the text's own area, base64, named as its `@@PLUGINFILE@@/` address names it."""
    ET.SubElement(parent, "file", name=media.name, path="/", encoding="base64").text = \
        base64.b64encode(media.data).decode("ascii")
