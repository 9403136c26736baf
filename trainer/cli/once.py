"""Each option once: ``--rules europoker --rules spanish-21`` is refused instead of being
settled by its last word (click's own choice), which a command run from a script or a
shell's history could carry unseen."""

from __future__ import annotations

from collections import Counter

import click


class OnceOptionsCommand(click.Command):
    """A command that refuses an option given more than once (``multiple`` options
    excepted), naming it."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _, _, order = self.make_parser(ctx).parse_args(args=list(args))
        if not ctx.resilient_parsing and not any(param.is_eager for param in order):
            given = Counter(param for param in order if isinstance(param, click.Option)
                            and not (param.multiple or param.count))  # not completing, --help
            for option, times in given.items():
                if times > 1:
                    ctx.fail(f"{' / '.join(option.opts + option.secondary_opts)} is given "
                             f"{times} times: give it once")
        return super().parse_args(ctx, args)


class OnceOptionsGroup(click.Group):
    """A group whose commands take each option once."""

    command_class = OnceOptionsCommand
