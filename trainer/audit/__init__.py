"""Rule audits: Gherkin features that state each house's rules, run against the engine.

``steps`` (English) and ``steps_ru`` (Russian) hold the step library in
dealer language; ``plugin`` makes them a pytest plugin; ``runner`` runs a
set of features with pytest-bdd; ``report`` writes the summary and
``html_report`` the HTML report.
"""
