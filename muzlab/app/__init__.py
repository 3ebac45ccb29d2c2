"""The class server's logic: a roster, tables of 1-4, turns, duplicate tournaments and standings, kept
in a SQLite file in the class folder. Plain Python: the pages (`muzlab.app.pages`) only draw it."""

from muzlab.app.classroom import ClassError, Classroom

__all__ = ["ClassError", "Classroom"]
