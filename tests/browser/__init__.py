"""Real-browser tests: the widgets in JupyterLab and Voilà on headless Chromium, and Binder.

A package (not a bare folder) so that its conftest is imported as ``browser.conftest`` and
never shadows ``tests/conftest.py``, which the engine tests import as ``conftest``.
"""
