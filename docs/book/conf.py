"""Sphinx + myst-nb settings of the lessons book; docs/book/build.py stages the pages and runs Sphinx.

Everything the pages need is written into out/book/: no theme, font, script or player is fetched from
the internet (the ipywidgets embedding scripts that myst-nb would load from a CDN are switched off;
widgets are drawn as pictures instead, see muzlab.widgets.static).
"""

import os

project = "Muzundrum lessons"
author = "muzlab"
copyright = "muzlab contributors"
extensions = ["myst_nb"]
root_doc = "index"
exclude_patterns = ["**.ipynb_checkpoints"]

# Execute every lesson on a fresh kernel; unchanged lessons are reused from the cache in out/.
nb_execution_mode = "cache"
nb_execution_cache_path = os.environ.get("MUZLAB_BOOK_CACHE", "")
nb_execution_timeout = 900
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_output_stderr = "remove"
nb_ipywidgets_js = {}
nb_merge_streams = True

myst_heading_anchors = 3
html_theme = "alabaster"
html_title = "Muzundrum lessons"
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {"show_powered_by": False, "sidebar_width": "230px", "page_width": "1180px"}
html_static_path = ["_static"]
