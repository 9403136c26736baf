"""``python -m trainer`` runs the command line."""

from trainer.cli import main

main()
