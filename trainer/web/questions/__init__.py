"""A question on the page, shared by drills, exams and replays: dealt from the drills,
laid out, answered from a form and checked again from the record."""
