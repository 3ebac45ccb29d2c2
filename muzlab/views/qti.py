"""A question bank as a QTI 1.2 package for Canvas (Settings > Import course content > QTI .zip file;
New Quizzes imports the same package).

The zip is laid out as Canvas exports a quiz and as text2qti and qti-package-maker write one:
`imsmanifest.xml` (IMS Content Packaging 1.1: the assessment, its `assessment_meta.xml` and every
file as a `webcontent` resource the assessment depends on), `<id>/<id>.xml` (the `questestinterop`
assessment: one `item` per question), `<id>/assessment_meta.xml` (Canvas's quiz settings) and
`media/<name>` (the pictures and sounds, addressed from the HTML as `$IMS-CC-FILEBASE$/media/<name>`).
An item is a `multiple_choice_question` (one right choice) or a `multiple_answers_question` (several:
right only when exactly the right ones are chosen, as Canvas scores it), worth 1 point, with each
choice's feedback and a general one. Every text is escaped by the XML writer; identifiers come from
the items, and the zip's entries carry a fixed date, so the same bank gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import xml.etree.ElementTree as ET
import zipfile

from muzlab.views.bank import Bank, BankItem, media, paragraph, question_html, xml_safe

QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
CP_NS = "http://www.imsglobal.org/xsd/imscp_v1p1"
CANVAS_NS = "http://canvas.instructure.com/xsd/cccv1p0"
MEDIA_FOLDER = "media"
#: The date every zip entry carries (the format's earliest), so the package does not depend on the day.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def package_zip(files: dict[str, bytes | str]) -> bytes:
    """A package's files zipped in the order given, each with `ZIP_DATE` and plain file modes, so the same
    files make the same bytes (the Canvas bank, the SCORM task)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return out.getvalue()


def qti_zip(bank: Bank) -> bytes:
    """The bank as a Canvas QTI 1.2 zip."""
    ident = "muzlab-" + hashlib.sha256("|".join(item.ident for item in bank.items).encode()).hexdigest()[:16]
    files = {f"{ident}/{ident}.xml": _xml(_assessment(bank, ident)),
             f"{ident}/assessment_meta.xml": _xml(_meta(bank, ident)),
             **{f"{MEDIA_FOLDER}/{m.name}": m.data for m in media(bank)}}
    files = {"imsmanifest.xml": _xml(_manifest(ident, list(files))), **files}
    return package_zip(files)


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8",
                                                                    xml_declaration=False) + b"\n"


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    child = ET.SubElement(parent, tag, attributes)
    if text is not None:
        child.text = xml_safe(text)
    return child


def _html(parent: ET.Element, text: str) -> None:
    """A `material` holding HTML (escaped when written)."""
    _sub(_sub(parent, "material"), "mattext", text, texttype="text/html")


def _assessment(bank: Bank, ident: str) -> ET.Element:
    root = ET.Element("questestinterop", xmlns=QTI_NS)
    assessment = _sub(root, "assessment", ident=ident, title=xml_safe(bank.title))
    section = _sub(assessment, "section", ident="root_section")
    for item in bank.items:
        section.append(_item(item))
    return root


def _item(item: BankItem) -> ET.Element:
    element = ET.Element("item", ident=item.ident, title=xml_safe(item.name))
    ids = [f"{item.ident}-{number}" for number in range(1, len(item.choices) + 1)]
    fields = _sub(_sub(element, "itemmetadata"), "qtimetadata")
    kind = "multiple_answers_question" if item.several else "multiple_choice_question"
    for label, entry in (("question_type", kind), ("points_possible", "1"),
                         ("original_answer_ids", ",".join(ids)),
                         ("assessment_question_identifierref", f"{item.ident}-ref")):
        field = _sub(fields, "qtimetadatafield")
        _sub(field, "fieldlabel", label)
        _sub(field, "fieldentry", entry)
    presentation = _sub(element, "presentation")
    _html(presentation, question_html(item, lambda m: f"$IMS-CC-FILEBASE$/{MEDIA_FOLDER}/{m.name}"))
    lid = _sub(presentation, "response_lid", ident="response1",
               rcardinality="Multiple" if item.several else "Single")
    choices = _sub(lid, "render_choice")
    for choice, choice_id in zip(item.choices, ids, strict=True):
        label = _sub(choices, "response_label", ident=choice_id)
        _sub(_sub(label, "material"), "mattext", choice.text, texttype="text/plain")
    _scoring(element, item, ids)
    feedback = _sub(element, "itemfeedback", ident="general_fb")
    _html(_sub(feedback, "flow_mat"), paragraph(item.feedback))
    for choice, choice_id in zip(item.choices, ids, strict=True):
        chosen = _sub(element, "itemfeedback", ident=f"{choice_id}_fb")
        _html(_sub(chosen, "flow_mat"), paragraph(choice.feedback))
    return element


def _scoring(element: ET.Element, item: BankItem, ids: list[str]) -> None:
    """Canvas's response processing: the general feedback always, each choice's when chosen, then 100
    when the answer is exactly the right choices."""
    processing = _sub(element, "resprocessing")
    _sub(_sub(processing, "outcomes"), "decvar", maxvalue="100", minvalue="0", varname="SCORE",
         vartype="Decimal")
    general = _sub(processing, "respcondition", **{"continue": "Yes"})
    _sub(_sub(general, "conditionvar"), "other")
    _sub(general, "displayfeedback", feedbacktype="Response", linkrefid="general_fb")
    for choice_id in ids:
        chosen = _sub(processing, "respcondition", **{"continue": "Yes"})
        _sub(_sub(chosen, "conditionvar"), "varequal", choice_id, respident="response1")
        _sub(chosen, "displayfeedback", feedbacktype="Response", linkrefid=f"{choice_id}_fb")
    right = _sub(processing, "respcondition", **{"continue": "No"})
    condition = _sub(right, "conditionvar")
    if item.several:
        every = _sub(condition, "and")
        for choice, choice_id in zip(item.choices, ids, strict=True):
            _sub(every if choice.right else _sub(every, "not"), "varequal", choice_id, respident="response1")
    else:
        _sub(condition, "varequal", ids[[choice.right for choice in item.choices].index(True)],
             respident="response1")
    _sub(right, "setvar", "100", action="Set", varname="SCORE")


def _meta(bank: Bank, ident: str) -> ET.Element:
    """Canvas's quiz settings: a practice quiz of the bank's title, its questions in their order."""
    quiz = ET.Element("quiz", xmlns=CANVAS_NS, identifier=ident)
    _sub(quiz, "title", bank.title)
    _sub(quiz, "description", "")
    for tag, value in (("shuffle_answers", "false"), ("scoring_policy", "keep_highest"),
                       ("quiz_type", "practice_quiz"), ("points_possible", str(len(bank.items))),
                       ("show_correct_answers", "true"), ("allowed_attempts", "-1")):
        _sub(quiz, tag, value)
    return quiz


def _manifest(ident: str, paths: list[str]) -> ET.Element:
    """The package's manifest: the assessment, its settings, and each file it shows."""
    manifest = ET.Element("manifest", xmlns=CP_NS, identifier=f"{ident}-manifest")
    metadata = _sub(manifest, "metadata")
    _sub(metadata, "schema", "IMS Content")
    _sub(metadata, "schemaversion", "1.1.3")
    _sub(manifest, "organizations")
    resources = _sub(manifest, "resources")
    assessment = _sub(resources, "resource", identifier=ident, type="imsqti_xmlv1p2", href=paths[0])
    _sub(assessment, "file", href=paths[0])
    meta = _sub(resources, "resource", identifier=f"{ident}-meta", href=paths[1],
                type="associatedcontent/imscc_xmlv1p1/learning-application-resource")
    _sub(meta, "file", href=paths[1])
    _sub(assessment, "dependency", identifierref=f"{ident}-meta")
    for number, path in enumerate(paths[2:], 1):
        _sub(assessment, "dependency", identifierref=f"{ident}-file-{number}")
        _sub(_sub(resources, "resource", identifier=f"{ident}-file-{number}", type="webcontent", href=path),
             "file", href=path)
    return manifest
