"""Rule audits: Gherkin features that state each house's rules, run against the engine.

The ``steps`` package holds the step library in dealer language (a module
per area, ``steps.ru`` in Russian); ``plugin`` makes it a pytest plugin;
``runner`` runs a set of features with pytest-bdd; ``report`` writes the
summary and ``html_report`` the HTML report.
"""
