"""The only place that knows what is legal: rule sets, the mask engine and Position."""

from muzlab.core.moved import forward as _forward

#: The names of the flat module muzlab.rules of before the folders, deprecated (muzlab.rules.ruleset).
__getattr__ = _forward(__name__)
