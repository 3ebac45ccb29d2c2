"""A SCORM 1.2 package of a quiz task, for a school's LMS (Moodle: Add an activity > SCORM package;
Canvas through its SCORM tool): `imsmanifest.xml` and one SCO, `index.html`
(muzlab.views.scorm_page), asking the items of a question bank (muzlab.views.bank, the one item model
of the banks and the term's assignments) and reporting the score.

The manifest is IMS Content Packaging 1.1.2 with ADL's SCORM 1.2 extension, as ADL's SCORM 1.2
content packaging book names them: the namespaces `http://www.imsproject.org/xsd/imscp_rootv1p1p2` and
`http://www.adlnet.org/xsd/adlcp_rootv1p2`, metadata "ADL SCORM" 1.2, one organization with one item
whose resource is `adlcp:scormtype="sco"`, and the pass mark as `adlcp:masteryscore`. Every text is
escaped by the XML writer; the zip's entries carry a fixed date, so the same task gives the same bytes.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET

from muzlab.names.reader import Reader
from muzlab.reading import for_people
from muzlab.views.bank import BankError, make_bank, xml_safe
from muzlab.views.qti import package_zip
from muzlab.views.scorm_page import quiz_page

CP_NS = "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
ADLCP_NS = "http://www.adlnet.org/xsd/adlcp_rootv1p2"
#: The one SCO's page.
SCO_PAGE = "index.html"
#: The upload limit many Moodle sites have (20 MB); a larger package is said to be so.
LMS_UPLOAD_LIMIT = 20_000_000
#: The share of the score (of 100) a student passes from, unless the teacher gives another (0: none).
PASS_MARK = 80
#: A quiz task's settings when the command leaves them out (a lesson takes none of them).
QUIZ_SETTINGS = {"task": "triad", "count": 10, "seed": 0, "title": "", "pass_mark": PASS_MARK}


def scorm_zip(kinds: tuple[str, ...] | str, count: int, seed: int = 0, reader: Reader | None = None,
              title: str = "", pass_mark: int = PASS_MARK) -> bytes:
    """A SCORM 1.2 package asking `count` items of `kinds` from `seed` (as `make_bank` draws them),
    in `reader`'s words; BankError before any work when a setting is wrong."""
    if type(pass_mark) is not int or not 0 <= pass_mark <= 100:
        raise BankError("the pass mark is a whole number from 0 to 100, not {mark}",
                        mark=repr(pass_mark)[:40])
    reader = for_people(reader)
    bank = make_bank(kinds, count, seed, reader, title, picture="svg")
    ident = "muzlab-" + hashlib.sha256("|".join(item.ident for item in bank.items).encode()).hexdigest()[:16]
    files = {"imsmanifest.xml": manifest(bank.title, ident, pass_mark),
             SCO_PAGE: quiz_page(bank, reader, pass_mark).encode()}
    return package_zip(files)


def manifest(title: str, ident: str, pass_mark: int, files: list[str] | None = None) -> bytes:
    """The package's imsmanifest.xml: one organization, one item, one SCO (SCO_PAGE), whose resource
    lists `files` (None: the SCO's page alone)."""
    ET.register_namespace("", CP_NS)
    ET.register_namespace("adlcp", ADLCP_NS)
    root = ET.Element(f"{{{CP_NS}}}manifest", identifier=ident, version="1.0")
    metadata = ET.SubElement(root, f"{{{CP_NS}}}metadata")
    ET.SubElement(metadata, f"{{{CP_NS}}}schema").text = "ADL SCORM"
    ET.SubElement(metadata, f"{{{CP_NS}}}schemaversion").text = "1.2"
    organizations = ET.SubElement(root, f"{{{CP_NS}}}organizations", default=f"{ident}-org")
    organization = ET.SubElement(organizations, f"{{{CP_NS}}}organization", identifier=f"{ident}-org")
    ET.SubElement(organization, f"{{{CP_NS}}}title").text = xml_safe(title)
    item = ET.SubElement(organization, f"{{{CP_NS}}}item", identifier=f"{ident}-item",
                         identifierref=f"{ident}-sco", isvisible="true")
    ET.SubElement(item, f"{{{CP_NS}}}title").text = xml_safe(title)
    if pass_mark:
        ET.SubElement(item, f"{{{ADLCP_NS}}}masteryscore").text = str(pass_mark)
    resources = ET.SubElement(root, f"{{{CP_NS}}}resources")
    resource = ET.SubElement(resources, f"{{{CP_NS}}}resource", {
        "identifier": f"{ident}-sco", "type": "webcontent", f"{{{ADLCP_NS}}}scormtype": "sco",
        "href": SCO_PAGE})
    for name in files or [SCO_PAGE]:
        ET.SubElement(resource, f"{{{CP_NS}}}file", href=name)
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8",
                                                                    xml_declaration=False) + b"\n"
