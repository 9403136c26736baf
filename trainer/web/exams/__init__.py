"""Exams, the trainee's side: sitting an assigned exam (``sitting``)."""
