"""The trainee's pages, one blueprint: home (``trainee_home``), a drill session
(``drill_flow``) and its summary (``session_summary``)."""

from __future__ import annotations

from flask import Blueprint

from trainer.web.trainee import (
                daily_challenge,
                drill_flow,
                home,
                mistakes_practice,
                session_summary,
)

bp = Blueprint("trainee", __name__)
bp.add_url_rule("/", view_func=home.home)
bp.add_url_rule("/drills", view_func=home.start, methods=["POST"])
bp.add_url_rule("/drills/unfinished", view_func=home.unfinished)
bp.add_url_rule("/drills/mistakes", "mistakes", view_func=mistakes_practice.start,
                methods=["POST"])
bp.add_url_rule("/drills/challenge", "challenge", view_func=daily_challenge.start,
                methods=["POST"])
bp.add_url_rule("/drills/<int:session_id>", view_func=drill_flow.drill)
bp.add_url_rule("/drills/<int:session_id>/answer", view_func=drill_flow.answer,
                methods=["POST"])
bp.add_url_rule("/drills/<int:session_id>/feedback/<int:position>",
                view_func=drill_flow.feedback)
bp.add_url_rule("/drills/<int:session_id>/end", view_func=drill_flow.end,
                methods=["GET", "POST"])
bp.add_url_rule("/drills/<int:session_id>/retry", view_func=drill_flow.retry,
                methods=["POST"])
bp.add_url_rule("/drills/<int:session_id>/summary", view_func=session_summary.summary)
